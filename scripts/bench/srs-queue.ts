// Benchmark (3), ARCHITECTURE §9: building an SRS queue from 20,000 cards ≤ 50 ms. Runs core's
// buildQueue (SRS mode, shuffled) + deckCounts in Node on a seeded mix of new / due / later /
// suspended progress; prints median and p95 of 50 runs (after 5 warm-up runs, reported apart).
// `--runs N` changes the 50. Exits non-zero only on functional errors (wrong counts).
import { buildQueue, deckCounts, type QueueProgress } from '@zan/core';
import { createRng } from './lib/rng.ts';
import { median, ms, percentile, table, verdict } from './lib/stats.ts';
import { parseRuns } from './lib/sync-bench.ts';

const CARDS = 20_000;
const MIX = { new: 0.3, due: 0.2, later: 0.4, suspended: 0.1 } as const;
const BUDGET_MS = 50;
const WARMUP = 5;
const DAY = 86_400_000;

type Card = { id: string; deckId: string; front: string; back: string };
type ProgressRow = {
  itemId: string;
  easeFactor: number;
  interval: number;
  dueDate: Date | null;
  isSuspended: boolean;
};

function generate(seed = 42) {
  const r = createRng(seed);
  const now = new Date(Date.UTC(2026, 0, 15, 9));
  const cards: Card[] = Array.from({ length: CARDS }, (_, i) => ({
    id: r.uuid(),
    deckId: `deck-${i % 40}`,
    front: `<p>Q${i}</p>`,
    back: `<p>A${i}</p>`,
  }));
  const rows: ProgressRow[] = [];
  const want = { new: 0, due: 0, suspended: 0 };
  for (const c of cards) {
    const x = r.next();
    if (x < MIX.new) {
      want.new++;
      continue;
    }
    const interval = r.int(60, 90 * 86_400);
    if (x < MIX.new + MIX.due) {
      want.due++;
      rows.push({
        itemId: c.id,
        easeFactor: 2.5,
        interval,
        dueDate: new Date(now.getTime() - r.int(1, 30 * DAY)),
        isSuspended: false,
      });
    } else if (x < MIX.new + MIX.due + MIX.later) {
      rows.push({
        itemId: c.id,
        easeFactor: 2.5,
        interval,
        dueDate: new Date(now.getTime() + r.int(1, 60 * DAY)),
        isSuspended: false,
      });
    } else {
      want.suspended++;
      rows.push({
        itemId: c.id,
        easeFactor: 2.5,
        interval,
        dueDate: new Date(now.getTime() + r.int(-30 * DAY, 60 * DAY)),
        isSuspended: true,
      });
    }
  }
  return { cards, rows, now, want };
}

/** As the flashcard player's loadCardProgress builds it from the userProgress rows (minus IndexedDB). */
function progressMap(rows: readonly ProgressRow[]): Map<string, QueueProgress> {
  const map = new Map<string, QueueProgress>();
  for (const r of rows) {
    if (!r.isSuspended && r.dueDate == null) continue;
    map.set(r.itemId, { dueDate: r.dueDate, isSuspended: r.isSuspended });
  }
  return map;
}

function main(): void {
  const runs = parseRuns(50);
  const { cards, rows, now, want } = generate();
  console.log(
    `srs-queue: ${CARDS} cards — ${want.new} new, ${want.due} due, ${CARDS - want.new - want.due - want.suspended} later, ${want.suspended} suspended; ${runs} runs after ${WARMUP} warm-up`,
  );
  const progress = progressMap(rows);
  const samples = {
    queue: [] as number[],
    counts: [] as number[],
    both: [] as number[],
    free: [] as number[],
    map: [] as number[],
  };
  const first: number[] = [];
  let sink = 0;
  for (let i = -WARMUP; i < runs; i++) {
    let t = performance.now();
    const queue = buildQueue(cards, progress, 'srs', now);
    const tq = performance.now() - t;
    t = performance.now();
    const counts = deckCounts(cards, progress, now);
    const tc = performance.now() - t;
    if (
      queue.length !== want.new + want.due ||
      counts.newCount !== want.new ||
      counts.dueCount !== want.due ||
      counts.suspendedCount !== want.suspended
    ) {
      throw new Error(
        `wrong queue: ${queue.length} cards, counts ${JSON.stringify(counts)}, expected ${JSON.stringify(want)}`,
      );
    }
    t = performance.now();
    sink += buildQueue(cards, progress, 'free', now).length;
    const tf = performance.now() - t;
    t = performance.now();
    sink += progressMap(rows).size;
    const tm = performance.now() - t;
    if (i < 0) {
      first.push(tq + tc);
      continue;
    }
    samples.queue.push(tq);
    samples.counts.push(tc);
    samples.both.push(tq + tc);
    samples.free.push(tf);
    samples.map.push(tm);
  }
  if (sink === 0) throw new Error('nothing built');
  console.log('');
  console.log(
    table([
      ['step', 'median', 'p95', 'max'],
      [
        'buildQueue srs (filter + shuffle)',
        ms(median(samples.queue)),
        ms(percentile(samples.queue, 95)),
        ms(Math.max(...samples.queue)),
      ],
      [
        'deckCounts',
        ms(median(samples.counts)),
        ms(percentile(samples.counts, 95)),
        ms(Math.max(...samples.counts)),
      ],
      [
        'buildQueue srs + deckCounts',
        ms(median(samples.both)),
        ms(percentile(samples.both, 95)),
        ms(Math.max(...samples.both)),
      ],
      [
        'buildQueue free (every non-suspended)',
        ms(median(samples.free)),
        ms(percentile(samples.free, 95)),
        ms(Math.max(...samples.free)),
      ],
      [
        'progress Map from rows (player, minus IDB)',
        ms(median(samples.map)),
        ms(percentile(samples.map, 95)),
        ms(Math.max(...samples.map)),
      ],
    ]),
  );
  console.log(`  cold (first warm-up run) buildQueue + deckCounts: ${ms(first[0] ?? NaN)}`);
  console.log('');
  const med = median(samples.both);
  const p95 = percentile(samples.both, 95);
  console.log(
    `srs-queue: buildQueue + deckCounts on ${CARDS} cards: median ${ms(med)}, p95 ${ms(p95)} — budget ≤ ${BUDGET_MS} ms — ${verdict(p95 <= BUDGET_MS)}`,
  );
}

try {
  main();
} catch (err) {
  console.error('srs-queue failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
