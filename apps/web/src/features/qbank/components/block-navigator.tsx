// The block's navigator (issue 19): every question as a numbered button marked answered, unanswered or
// flagged (by fill, an icon and its name, never by colour alone), the current one ringed; a click jumps.
import type { BlockQuestion } from '@zan/core';
import { FlagIcon } from '../../../ui/icons.tsx';
import { cx } from '../../../ui/index.ts';

type Props = { questions: readonly BlockQuestion[]; current: number; onGo: (index: number) => void };

export function BlockNavigator({ questions, current, onGo }: Props) {
  return (
    <nav aria-label="Questions of the block">
      <ol className="flex gap-1.5 overflow-x-auto pb-1 md:flex-wrap md:overflow-visible">
        {questions.map((q, i) => {
          const answered = q.answer !== null;
          const label = `Question ${i + 1}, ${answered ? 'answered' : 'unanswered'}${q.flagged ? ', flagged' : ''}`;
          return (
            <li key={q.questionId} className="shrink-0">
              <button
                type="button"
                onClick={() => onGo(i)}
                aria-label={label}
                aria-current={i === current ? 'step' : undefined}
                data-answered={answered || undefined}
                data-flagged={q.flagged || undefined}
                className={cx(
                  'relative grid size-10 place-items-center rounded-lg border text-sm font-semibold tabular-nums transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                  answered
                    ? 'border-primary bg-primary text-primary-fg'
                    : 'border-line bg-surface text-fg hover:bg-surface-2',
                  i === current && 'ring-2 ring-fg ring-offset-2 ring-offset-bg',
                )}
              >
                {i + 1}
                {q.flagged && (
                  <span className="absolute -right-1 -top-1 grid size-4 place-items-center rounded-full bg-warning text-bg">
                    <FlagIcon className="size-2.5" />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
