// How everyone answered one question (issue 19): 'Not enough answers yet' below 20 students, else the
// % correct, a difficulty label and the date the figures were computed (the % per option shows on the
// options themselves).
import { peerFigures, type PeerFigures as Figures, type QuestionStatsDto } from '@zan/core';

const NOT_ENOUGH = 'Not enough answers yet';

/** The figures a student may see, and the % per option by option number (empty below the minimum). */
export function figuresOf(stats: QuestionStatsDto | undefined): {
  figures: Figures;
  percents: Map<number, number> | undefined;
} {
  const figures = peerFigures(stats);
  const percents =
    figures.kind === 'figures'
      ? new Map(figures.optionPercents.map((p, i) => [i + 1, p] as const))
      : undefined;
  return { figures, percents };
}

export function PeerFigures({ figures }: { figures: Figures }) {
  return (
    <section
      aria-label="How everyone answered"
      className="rounded-xl border border-line bg-surface-2 p-4 text-sm"
    >
      <h2 className="mb-1 text-xs font-bold tracking-widest text-muted">HOW EVERYONE ANSWERED</h2>
      {figures.kind === 'few' ? (
        <p className="text-fg">{NOT_ENOUGH}</p>
      ) : (
        <>
          <p className="text-fg">
            <strong>{`${figures.percentCorrect}% correct`}</strong>
            {` · ${figures.difficulty} · ${figures.students} students`}
          </p>
          <p className="mt-1 text-xs text-muted">
            {`Figures of ${new Date(figures.computedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}`}
          </p>
        </>
      )}
    </section>
  );
}
