// The answer options of one question as a radio group, lettered A to E (only the options present).
// After 'Check Answer' they lock; the correct one and a chosen wrong one are marked by colour, an icon
// and a text ('Correct answer' / 'Your answer'), never by colour alone. Optional (the question bank,
// issue 19): a 'Strike out' toggle per option that greys it, and how many peers chose each option.
import type { KeyboardEvent } from 'react';
import { cx } from '../cx.ts';
import { QuestionText } from './question-text.tsx';
import { CrossIcon, StrikeIcon, TickIcon } from '../icons.tsx';

/** One answer option: its number (1–5, the stored option field) and text (plain, or HTML: issue 19). */
export type McqOption = { n: number; text: string };

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export const letterOf = (index: number): string => LETTERS[index] ?? String(index + 1);

type Props = {
  options: McqOption[];
  chosen: number | null;
  checked: boolean;
  correctOption: number;
  onChoose: (n: number) => void;
  /** Numbers of the options struck out (greyed, shown as ruled out). */
  struck?: readonly number[];
  /** Given: each option gets a 'Strike out' / 'Restore' toggle (until checked). */
  onStrike?: (n: number) => void;
  /** % of students who chose each option, by its number (shown once checked). */
  peerPercents?: ReadonlyMap<number, number>;
};

export function McqOptions({
  options,
  chosen,
  checked,
  correctOption,
  onChoose,
  struck = [],
  onStrike,
  peerPercents,
}: Props) {
  // Roving focus: arrows move the choice within the group (WAI-ARIA radio group).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (checked || !['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'].includes(e.key)) return;
    e.preventDefault();
    const at = options.findIndex((o) => o.n === chosen);
    const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : -1;
    const nextIndex = at < 0 ? 0 : (at + step + options.length) % options.length;
    const next = options[nextIndex];
    if (!next) return;
    onChoose(next.n);
    e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')[nextIndex]?.focus();
  };
  const focusable = chosen ?? options[0]?.n;

  return (
    <div
      role="radiogroup"
      aria-label="Answer options"
      aria-readonly={checked || undefined}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-2.5"
    >
      {options.map((o, i) => {
        const selected = chosen === o.n;
        const isCorrect = checked && o.n === correctOption;
        const isWrong = checked && selected && o.n !== correctOption;
        const note = isCorrect
          ? selected
            ? 'Your answer · Correct'
            : 'Correct answer'
          : isWrong
            ? 'Your answer · Incorrect'
            : null;
        const isStruck = struck.includes(o.n);
        const peer = checked ? peerPercents?.get(o.n) : undefined;
        const radio = (
          <button
            key={o.n}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-disabled={checked || undefined}
            tabIndex={o.n === focusable ? 0 : -1}
            onClick={() => onChoose(o.n)}
            data-state={isCorrect ? 'correct' : isWrong ? 'incorrect' : selected ? 'chosen' : undefined}
            className={cx(
              'group flex w-full items-start gap-3 rounded-xl border-2 px-3.5 py-3 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
              isCorrect
                ? 'border-success bg-success/10'
                : isWrong
                  ? 'border-danger bg-danger/10'
                  : selected
                    ? 'border-primary bg-primary/10'
                    : checked
                      ? 'border-line bg-surface opacity-70'
                      : isStruck
                        ? 'border-dashed border-line bg-surface'
                        : 'border-line bg-surface hover:border-primary/50 hover:bg-surface-2',
              checked && 'cursor-default',
            )}
          >
            <span
              aria-hidden="true"
              className={cx(
                'grid size-7 shrink-0 place-items-center rounded-lg text-sm font-bold',
                isCorrect
                  ? 'bg-success/12 text-success'
                  : isWrong
                    ? 'bg-danger text-danger-fg'
                    : selected
                      ? 'bg-primary text-primary-fg'
                      : 'bg-surface-2 text-muted',
              )}
            >
              {letterOf(i)}
            </span>
            <span className="min-w-0 flex-1 pt-0.5 text-fg">
              <span className="sr-only">{`${letterOf(i)}. `}</span>
              <span className={isStruck ? 'text-muted line-through' : undefined}>
                <QuestionText as="span" inControl value={o.text} />
              </span>
              {isStruck && <span className="sr-only"> (struck out)</span>}
              {note && (
                <span
                  className={cx(
                    'mt-1 flex items-center gap-1 text-sm font-semibold',
                    isCorrect ? 'text-success' : 'text-danger',
                  )}
                >
                  {isCorrect ? (
                    <TickIcon className="size-5 shrink-0" />
                  ) : (
                    <CrossIcon className="size-5 shrink-0" />
                  )}
                  {note}
                </span>
              )}
              {peer !== undefined && (
                <span className="mt-1 block text-xs font-medium text-muted">{`${peer}% of students chose this`}</span>
              )}
            </span>
          </button>
        );
        if (!onStrike) return radio;
        return (
          <div key={o.n} className="flex items-stretch gap-2">
            {radio}
            {!checked && (
              <button
                type="button"
                onClick={() => onStrike(o.n)}
                aria-pressed={isStruck}
                aria-label={`${isStruck ? 'Restore' : 'Strike out'} option ${letterOf(i)}`}
                className="grid w-11 shrink-0 place-items-center rounded-xl border border-line bg-surface text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-pressed:bg-surface-2 aria-pressed:text-fg"
              >
                <StrikeIcon className="size-5" />
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
