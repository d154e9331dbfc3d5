// The block player (issue 19): 'Question n of m', the countdown (timed, from the wall clock), the
// navigator, the question with 'Strike out' per option, 'Flag', Previous / Next, tutor 'Check Answer'
// (verdict, explanation, how everyone answered) and 'End Block', which asks first. Keys: see KEY_HELP.
import { blockCounts, type BlockQuestion, type QbankBlock } from '@zan/core';
import { useState } from 'react';
import { Badge, Button, ConfirmDialog } from '../../../ui/index.ts';
import { QuestionView } from '../../../ui/study/question-view.tsx';
import type { McqOption } from '../../../ui/study/mcq-options.tsx';
import type { BlockContent } from '../hooks/use-block-content.ts';
import type { BlockPlayer as Player } from '../hooks/use-block-player.ts';
import { useBlockKeys } from '../hooks/use-block-keys.ts';
import { formatDuration } from '../summaries.ts';
import { FlagIcon } from '../../../ui/icons.tsx';
import { BlockNavigator } from './block-navigator.tsx';
import { figuresOf, PeerFigures } from './peer-figures.tsx';

const KEY_HELP =
  'Keys: A–E or 1–5 choose · Shift + letter strikes out · F flags · Enter checks or moves on · ← → or P / N move';
export const MISSING_QUESTION = 'This question is no longer on this device.';

/** The question's options in the order the block shows them. */
export const shownOptions = (q: BlockQuestion, options: ReadonlyMap<number, McqOption>): McqOption[] =>
  q.order.flatMap((n) => {
    const o = options.get(n);
    return o ? [o] : [];
  });

function endBlockText(b: QbankBlock): string {
  const c = blockCounts(b);
  const q = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;
  return `You have ${q(c.unanswered)} unanswered and ${q(c.flagged)} flagged. Unanswered questions count as omitted.`;
}

type Props = { block: QbankBlock; content: BlockContent; player: Player };

export function BlockPlayer({ block, content, player }: Props) {
  const [confirming, setConfirming] = useState(false);
  const q = block.questions[block.current]!;
  const data = content.questions.get(q.questionId);
  const last = block.current === block.questions.length - 1;
  const tutor = block.mode === 'tutor';
  const revealed = tutor && q.checked;
  const options = data ? shownOptions(q, data.options) : [];
  const peer = figuresOf(content.stats.get(q.questionId));
  const next = () => (last ? setConfirming(true) : player.goTo(block.current + 1));
  const enter = () => {
    if (tutor && !q.checked && q.answer !== null) player.check();
    else next();
  };
  const place = (n: number) => q.order[n - 1];
  useBlockKeys({
    enabled: !confirming,
    choose: (n) => {
      const o = place(n);
      if (o !== undefined) player.choose(o);
    },
    strike: (n) => {
      const o = place(n);
      if (o !== undefined) player.strike(o);
    },
    flag: player.flag,
    enter,
    previous: () => player.goTo(block.current - 1),
    next: () => player.goTo(block.current + 1),
  });
  const remaining = player.remainingMs;

  return (
    <section aria-label="Test block" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1
            className="text-lg font-bold text-fg"
            aria-live="polite"
          >{`Question ${block.current + 1} of ${block.questions.length}`}</h1>
          <Badge tone={tutor ? 'primary' : 'accent'}>{tutor ? 'Tutor' : 'Timed'}</Badge>
        </div>
        <div className="flex items-center gap-3">
          {remaining !== null && (
            <p
              role="timer"
              aria-label="Time left"
              className="font-mono text-lg font-bold tabular-nums text-fg"
            >
              {formatDuration(remaining)}
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            End Block
          </Button>
        </div>
      </div>
      <BlockNavigator questions={block.questions} current={block.current} onGo={player.goTo} />
      {data ? (
        <QuestionView
          key={q.questionId}
          question={data.question}
          options={options}
          correctOption={data.correctOption}
          explanation={data.explanation}
          chosen={q.answer}
          checked={revealed}
          onChoose={player.choose}
          struck={q.struck}
          onStrike={player.strike}
          peerPercents={revealed ? peer.percents : undefined}
        />
      ) : (
        <p className="rounded-2xl border border-dashed border-line p-8 text-center text-muted">
          {MISSING_QUESTION}
        </p>
      )}
      {revealed && <PeerFigures figures={peer.figures} />}
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 border-t border-line bg-bg px-1 pb-1 pt-2">
        <div className="grid grid-cols-[auto_auto_1fr_auto] items-center gap-2">
          <Button
            variant="secondary"
            onClick={() => player.goTo(block.current - 1)}
            disabled={block.current === 0}
          >
            Previous
          </Button>
          <Button variant="secondary" onClick={player.flag} aria-pressed={q.flagged}>
            <FlagIcon className={q.flagged ? 'size-4 text-warning' : 'size-4'} />
            {q.flagged ? 'Flagged' : 'Flag'}
          </Button>
          {tutor && !q.checked ? (
            <Button onClick={player.check} disabled={q.answer === null} aria-keyshortcuts="Enter">
              Check Answer
            </Button>
          ) : (
            <span />
          )}
          <Button variant={tutor && !q.checked ? 'secondary' : 'primary'} onClick={next}>
            {last ? 'End Block' : 'Next'}
          </Button>
        </div>
        <p className="hidden text-center text-xs text-muted sm:block">{KEY_HELP}</p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="End this block?"
        body={endBlockText(block)}
        confirmLabel="End Block"
        confirmVariant="primary"
        onConfirm={player.end}
      />
    </section>
  );
}
