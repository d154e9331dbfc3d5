// Fits a student's FSRS parameters from their review log (issue 18), in a child process (optimizer-worker.ts)
// so the event loop keeps serving everyone else and a native abort ends only the fit; new parameters are
// offered only when they predict the log better than the ones in use.
import { runOffThread } from '../../platform/off-thread.ts';
import type { LoggedReview } from './review-days.ts';
import type { Fit, OptimizerChunk, OptimizerInput, OptimizerResult } from './optimizer-worker.ts';

export type { Fit } from './optimizer-worker.ts';

/** Fewer reviews than this say too little to fit 21 parameters: the defaults are kept. */
export const OPTIMIZE_MIN_REVIEWS = 400;

export type OptimizeOutcome =
  | { readonly kind: 'few'; readonly reviews: number }
  /** The fit was no better than the parameters in use: they stay. */
  | { readonly kind: 'kept'; readonly reviews: number; readonly current: Fit; readonly fitted: Fit }
  | {
      readonly kind: 'improved';
      readonly reviews: number;
      readonly parameters: readonly number[];
      readonly current: Fit;
      readonly fitted: Fit;
    };

export async function optimizeParameters(
  input: {
    reviews: readonly LoggedReview[];
    timeZone: string;
    rolloverHour: number;
    current: readonly number[] | null;
  },
  onProgress: (fraction: number) => void = () => undefined,
): Promise<OptimizeOutcome> {
  const result = await runOffThread<OptimizerChunk, OptimizerResult>(
    { from: import.meta.url, name: 'optimizer-worker' },
    { ...input, minReviews: OPTIMIZE_MIN_REVIEWS } satisfies OptimizerInput,
    { isolation: 'process', onChunk: (c) => onProgress(c.progress) },
  );
  if (result.kind === 'few') return result;
  const { reviews, current, fitted, parameters } = result;
  return fitted.logLoss < current.logLoss
    ? { kind: 'improved', reviews, parameters, current, fitted }
    : { kind: 'kept', reviews, current, fitted };
}
