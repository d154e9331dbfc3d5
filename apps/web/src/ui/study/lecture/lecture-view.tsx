// A lecture page, read-only (SPEC §2 Lecture viewer): the admin's HTML sanitised on render (done with
// the heading index in lecture-outline.ts), font-size buttons A− / A+ (12–24, persisted) and the
// recall toggle that hides passages marked class="recall" until each is revealed.
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { cx } from '../../index.ts';
import { RICH_TEXT } from '../sanitize-html.ts';
import { applyRecall, hiddenRecallAt } from './recall.ts';
import { useLectureFont } from './use-lecture-font.ts';
import './lecture.css';

const toolButton =
  'grid h-9 min-w-9 place-items-center rounded-lg px-2 text-sm font-bold text-fg transition hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-40';

export function LectureView({ title, html }: { title: string; html: string }) {
  const font = useLectureFont();
  const [recall, setRecall] = useState(false);
  // Revealed passages, for this page and this recall round (turning recall on again hides them all).
  const [revealed, setRevealed] = useState<{ html: string; set: Set<number> }>({ html, set: new Set() });
  const shown = revealed.html === html ? revealed.set : new Set<number>();
  const body = useRef<HTMLDivElement>(null);
  const hasRecall = /class="[^"]*\brecall\b/.test(html);

  useLayoutEffect(() => {
    if (body.current) applyRecall(body.current, recall, shown);
  });

  const reveal = (i: number) => setRevealed({ html, set: new Set(shown).add(i) });
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const i = recall ? hiddenRecallAt(e.target) : null;
    if (i === null) return;
    e.preventDefault(); // a link inside a hidden passage reveals rather than opens
    reveal(i);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const i = recall ? hiddenRecallAt(e.target) : null;
    if (i === null) return;
    e.preventDefault();
    reveal(i);
  };
  const toggleRecall = () => {
    setRecall((r) => !r);
    setRevealed({ html, set: new Set() });
  };

  return (
    <article
      aria-label={title}
      className="mx-auto w-full max-w-3xl overflow-clip rounded-2xl border border-line bg-surface shadow-sm"
    >
      <div
        role="toolbar"
        aria-label="Reading options"
        className="sticky -top-5 z-10 flex flex-wrap items-center justify-between gap-2 border-b border-line bg-surface px-3 py-2 sm:-top-6 sm:px-4"
      >
        <div className="flex items-center gap-1">
          <button type="button" className={toolButton} onClick={font.smaller} disabled={!font.canShrink}>
            {/* The name starts with the visible text (WCAG 2.5.3), then says what it does. */}
            A−<span className="sr-only"> Decrease font size</span>
          </button>
          <span
            className="w-12 text-center text-xs font-semibold tabular-nums text-muted"
            aria-live="polite"
            data-font-size
          >
            <span className="sr-only">Font size </span>
            {`${font.size}px`}
          </span>
          <button
            type="button"
            className={cx(toolButton, 'text-base')}
            onClick={font.larger}
            disabled={!font.canGrow}
          >
            A+<span className="sr-only"> Increase font size</span>
          </button>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={recall}
          onClick={toggleRecall}
          title={hasRecall ? undefined : 'This page has no recall passages'}
          className="inline-flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-fg hover:bg-surface-2"
        >
          <span
            aria-hidden="true"
            className={cx('relative h-5 w-9 rounded-full transition', recall ? 'bg-primary' : 'bg-line')}
          >
            <span
              className={cx(
                'absolute top-0.5 size-4 rounded-full bg-surface shadow transition-all',
                recall ? 'left-4.5' : 'left-0.5',
              )}
            />
          </span>
          Recall mode
        </button>
      </div>
      <div className="p-5 sm:p-10">
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
        {/* Delegated clicks and keys reach the recall passages, which are buttons while hidden. */}
        <div
          ref={body}
          className={cx(RICH_TEXT, 'lecture-body text-fg')}
          style={{ fontSize: `${font.size}px` }}
          data-font-size={font.size}
          data-recall-mode={recall ? 'on' : 'off'}
          onClick={onClick}
          onKeyDown={onKeyDown}
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {recall && hasRecall && (
          <p className="mt-6 text-center text-xs text-muted">
            Recall passages are hidden. Click one (or focus it and press Enter) to reveal it.
          </p>
        )}
      </div>
    </article>
  );
}
