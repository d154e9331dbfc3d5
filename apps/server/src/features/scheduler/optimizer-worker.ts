// The FSRS optimizer's task (issue 18): fits FSRS-6 parameters to one student's review log with
// @open-spaced-repetition/binding (fsrs-rs), and evaluates them against the parameters in use, off the
// event loop — in a child process (platform/off-thread.ts bounds its time and memory), since the native
// binding can abort the process it runs in.
import {
  computeParameters,
  FSRSBinding,
  FSRSBindingItem,
  FSRSBindingReview,
} from '@open-spaced-repetition/binding';
import { taskPort } from '../../platform/off-thread.ts';
import { decodeReviews, reviewDays } from './review-days.ts';

export type OptimizerInput = {
  /** The reviews to fit as one JSON text (review-days.ts encodeReviews / decodeReviews). */
  readonly reviews: string;
  readonly timeZone: string;
  readonly rolloverHour: number;
  /** The parameters in use; null for FSRS-6's defaults. */
  readonly current: readonly number[] | null;
};
/** How well parameters predict the log: log loss and RMSE (bins), lower is better. */
export type Fit = { readonly logLoss: number; readonly rmse: number };
export type OptimizerResult =
  /** Too few cards seen again on a later day for FSRS (its 'not enough data'); `cards`: how many were. */
  | { readonly kind: 'sparse'; readonly reviews: number; readonly cards: number }
  | {
      readonly kind: 'fit';
      readonly reviews: number;
      readonly parameters: readonly number[];
      readonly current: Fit;
      readonly fitted: Fit;
    };
/** Training progress, 0–1. */
export type OptimizerChunk = { readonly progress: number };

const port = taskPort<OptimizerInput, OptimizerChunk, OptimizerResult>();
const post = port.post;
const fit = (f: FSRSBinding, items: FSRSBindingItem[]): Fit => {
  const e = f.evaluate(items);
  return { logLoss: e.logLoss, rmse: e.rmseBins };
};

/** The binding's error for too little data (FSRSError::NotEnoughData; evaluate and the fit both check). */
const notEnoughData = (err: unknown) => err instanceof Error && err.message.includes('NotEnoughData');

async function optimize(input: OptimizerInput): Promise<OptimizerResult> {
  const cards = reviewDays(decodeReviews(input.reviews), input.timeZone, input.rolloverHour);
  const reviews = cards.reduce((n, c) => n + c.length, 0);
  // One training item per review after a card's first: the card's history up to that review, once it
  // spans a day (the binding aborts the process on an item whose reviews all fall on one day).
  const items: FSRSBindingItem[] = [];
  let later = 0;
  for (const card of cards) {
    const history = card.map((r) => new FSRSBindingReview(r.rating, r.deltaT));
    const firstLater = card.findIndex((r) => r.deltaT > 0);
    if (firstLater < 0) continue;
    later++;
    for (let i = Math.max(1, firstLater); i < history.length; i++)
      items.push(new FSRSBindingItem(history.slice(0, i + 1)));
  }
  const sparse = { kind: 'sparse', reviews, cards: later } as const;
  if (items.length === 0) return sparse;
  return train(items, input.current, reviews).catch((err: unknown) => {
    if (notEnoughData(err)) return sparse;
    throw err;
  });
}

async function train(
  items: FSRSBindingItem[],
  inUse: readonly number[] | null,
  reviews: number,
): Promise<OptimizerResult> {
  const current = fit(new FSRSBinding(inUse ? [...inUse] : undefined), items);
  let last = 0;
  const parameters = await computeParameters(items, {
    enableShortTerm: true,
    // How often (ms) the binding reports progress while it trains (a short fit ends before the first).
    timeout: 100,
    progress: (done, total) => {
      const p = total > 0 ? done / total : 0;
      if (p - last >= 0.02) {
        last = p;
        post({ chunk: { progress: p } });
      }
    },
  });
  if (last < 1) post({ chunk: { progress: 1 } });
  return { kind: 'fit', reviews, parameters, current, fitted: fit(new FSRSBinding(parameters), items) };
}

port.onInput((input) => {
  optimize(input).then(
    (done) => post({ done }),
    (err: unknown) => post({ error: err instanceof Error ? err.message : String(err) }),
  );
});
