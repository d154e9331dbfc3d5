// Fits a student's FSRS parameters from their review log (issue 18), in a child process (optimizer-worker.ts)
// so the event loop keeps serving everyone else and a native abort ends only the fit; new parameters are
// offered only when they predict the log better than the ones in use.
import { runOffThread } from '../../platform/off-thread.ts';
import type { Fit, OptimizerChunk, OptimizerInput, OptimizerResult } from './optimizer-worker.ts';

/** Fewer reviews than this say too little to fit 21 parameters: the defaults are kept. */
export const OPTIMIZE_MIN_REVIEWS = 400;
/**
 * Issue 38: what one fit reads. A card's training items hold its whole history up to each review, so a card
 * costs the square of its reviews (20,000 reviews of one card took 40–69 s at 2.3 GB): a card's first 64
 * reviews are fitted (real cards rarely have more), and at most 100,000 reviews, of the most recently
 * studied cards — about 7 s of CPU at most, and far more than a fit needs.
 */
export const OPTIMIZE_MAX_CARD_REVIEWS = 64;
export const OPTIMIZE_MAX_REVIEWS = 100_000;

export type OptimizeOutcome =
  /** FSRS found too few cards seen again on a later day to fit ('not enough data'). */
  | { readonly kind: 'sparse'; readonly reviews: number; readonly cards: number }
  /** The fit was no better than the parameters in use: they stay. */
  | { readonly kind: 'kept'; readonly reviews: number; readonly current: Fit; readonly fitted: Fit }
  | {
      readonly kind: 'improved';
      readonly reviews: number;
      readonly parameters: readonly number[];
      readonly current: Fit;
      readonly fitted: Fit;
    };

/** `signal` ends the fit (its child killed): a cancelled job, an instance shutting down. */
export async function optimizeParameters(
  input: OptimizerInput,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<OptimizeOutcome> {
  const { onProgress = () => undefined, signal } = opts;
  const result = await runOffThread<OptimizerChunk, OptimizerResult>(
    { from: import.meta.url, name: 'optimizer-worker' },
    input,
    { isolation: 'process', onChunk: (c) => onProgress(c.progress), ...(signal ? { signal } : {}) },
  );
  if (result.kind === 'sparse') return result;
  const { reviews, current, fitted, parameters } = result;
  return fitted.logLoss < current.logLoss
    ? { kind: 'improved', reviews, parameters, current, fitted }
    : { kind: 'kept', reviews, current, fitted };
}
