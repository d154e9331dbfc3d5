// One MCQ question as the student's player shows it: the text, the lettered options, and after
// checking the verdict and the explanation. Shared by the MCQ player and the quiz editor's preview.
import { letterOf, McqOptions, type McqOption } from './mcq-options.tsx';

type Props = {
  question: string;
  options: McqOption[];
  correctOption: number;
  explanation: string | null;
  chosen: number | null;
  checked: boolean;
  onChoose: (n: number) => void;
};

export function QuestionView({ question, options, correctOption, explanation, chosen, checked, onChoose }: Props) {
  const right = chosen === correctOption;
  const correctIndex = options.findIndex((o) => o.n === correctOption);
  return (
    <article aria-label="Question" className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7">
      <p className="whitespace-pre-line text-lg font-medium leading-relaxed text-fg">{question}</p>
      <McqOptions options={options} chosen={chosen} checked={checked} correctOption={correctOption} onChoose={onChoose} />
      {checked && (
        <div className="flex flex-col gap-2">
          <p role="status" className={right ? 'font-bold text-success' : 'font-bold text-danger'}>
            {right ? 'Correct!' : `Incorrect. The correct answer is ${letterOf(correctIndex)}.`}
          </p>
          {explanation && (
            <section aria-label="Explanation" className="rounded-xl border border-line bg-surface-2 p-4">
              <h3 className="mb-1 text-xs font-bold tracking-widest text-muted">EXPLANATION</h3>
              <p className="whitespace-pre-line leading-relaxed text-fg">{explanation}</p>
            </section>
          )}
        </div>
      )}
    </article>
  );
}
