// 'Review answers' after 'Quiz Complete' (issue 19, the fixes a new user asked for): each question of
// the session in the order asked, with the student's answer, the correct one (both by letter and text,
// marked by words as well as colour) and the explanation. Fields may be plain text or HTML (QuestionText).
import { cx } from '../../../ui/index.ts';
import { letterOf } from '../../../ui/study/mcq-options.tsx';
import { QuestionText } from '../../../ui/study/question-text.tsx';
import type { StudyQuestion } from '../study-types.ts';
import type { ReviewedQuestion } from './use-mcq-session.ts';

function Answer({ label, q, n, tone }: { label: string; q: StudyQuestion; n: number | null; tone: string }) {
  const i = q.options.findIndex((o) => o.n === n);
  const option = q.options[i];
  return (
    <div className={cx('flex items-start gap-2 rounded-lg border px-3 py-2', tone)}>
      <span className="shrink-0 text-sm font-semibold">{label}</span>
      {option ? (
        <span className="flex min-w-0 flex-1 gap-1.5 text-fg">
          <span className="font-bold">{`${letterOf(i)}.`}</span>
          <QuestionText as="span" inControl value={option.text} className="min-w-0 flex-1" />
        </span>
      ) : (
        <span className="text-muted">Not answered</span>
      )}
    </div>
  );
}

export function McqReview({ items }: { items: ReviewedQuestion[] }) {
  return (
    <section aria-labelledby="mcq-review-title" className="flex flex-col gap-3">
      <h2 id="mcq-review-title" tabIndex={-1} className="text-lg font-bold text-fg outline-none">
        Review answers
      </h2>
      <ol className="flex flex-col gap-3">
        {items.map(({ question: q, chosen }, k) => {
          const right = chosen === q.correctOption;
          return (
            <li
              key={q.id}
              aria-label={`Question ${k + 1}: ${right ? 'correct' : 'incorrect'}`}
              className="flex flex-col gap-2.5 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
            >
              <p className={cx('text-sm font-bold', right ? 'text-success' : 'text-danger')}>
                {`Question ${k + 1} · ${right ? 'Correct' : 'Incorrect'}`}
              </p>
              <QuestionText value={q.question} className="font-medium leading-relaxed text-fg" />
              <Answer
                label="Your answer:"
                q={q}
                n={chosen}
                tone={right ? 'border-success bg-success/10' : 'border-danger bg-danger/10'}
              />
              {!right && (
                <Answer
                  label="Correct answer:"
                  q={q}
                  n={q.correctOption}
                  tone="border-success bg-success/10"
                />
              )}
              {q.explanation && (
                <div className="rounded-xl border border-line bg-surface-2 p-3">
                  <h3 className="mb-1 text-xs font-bold tracking-widest text-muted">EXPLANATION</h3>
                  <QuestionText value={q.explanation} className="leading-relaxed text-fg" />
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
