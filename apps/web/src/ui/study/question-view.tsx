// One MCQ question as the student's player shows it: the text, the lettered options, and after
// checking the verdict and the explanation. Shared by the MCQ player, the quiz editor's preview and the
// question bank's block player and review (issue 19: strike-outs, peer % per option, unanswered). Each
// field is plain text or sanitised HTML with pictures (issue 19, QuestionText).
import type { Ref } from 'react';
import { letterOf, McqOptions, type McqOption } from './mcq-options.tsx';
import { QuestionText } from './question-text.tsx';

type Props = {
  question: string;
  options: McqOption[];
  correctOption: number;
  explanation: string | null;
  chosen: number | null;
  checked: boolean;
  onChoose: (n: number) => void;
  /** The verdict and explanation, for the player to scroll into view above its sticky bar. */
  feedbackRef?: Ref<HTMLDivElement>;
  /** The question bank's additions, passed on to McqOptions. */
  struck?: readonly number[];
  onStrike?: (n: number) => void;
  peerPercents?: ReadonlyMap<number, number>;
};

export function QuestionView({
  question,
  options,
  correctOption,
  explanation,
  chosen,
  checked,
  onChoose,
  feedbackRef,
  struck,
  onStrike,
  peerPercents,
}: Props) {
  const right = chosen === correctOption;
  const correctIndex = options.findIndex((o) => o.n === correctOption);
  return (
    <article
      aria-label="Question"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7"
    >
      <QuestionText value={question} className="text-lg font-medium leading-relaxed text-fg" />
      <McqOptions
        options={options}
        chosen={chosen}
        checked={checked}
        correctOption={correctOption}
        onChoose={onChoose}
        struck={struck}
        onStrike={onStrike}
        peerPercents={peerPercents}
      />
      {checked && (
        <div ref={feedbackRef} className="flex scroll-mb-28 flex-col gap-2 sm:scroll-mb-32">
          <p role="status" className={right ? 'font-bold text-success' : 'font-bold text-danger'}>
            {right
              ? 'Correct!'
              : chosen === null
                ? `Not answered. The correct answer is ${letterOf(correctIndex)}.`
                : `Incorrect. The correct answer is ${letterOf(correctIndex)}.`}
          </p>
          {explanation && (
            <section aria-label="Explanation" className="rounded-xl border border-line bg-surface-2 p-4">
              <h2 className="mb-1 text-xs font-bold tracking-widest text-muted">EXPLANATION</h2>
              <QuestionText value={explanation} className="leading-relaxed text-fg" />
            </section>
          )}
        </div>
      )}
    </article>
  );
}
