// Benchmark (issue 18): the dashboard's due counts over 50,000 cards (≤ 50 ms) and the 'Review all due'
// queue over 50,000 cards in 300 decks (≤ 150 ms), as the web computes them from the progress rows
// (minus IndexedDB): core dueCounts with its subject / deck maps, and the progress map + reviewQueue.
// Prints median / p95 of 50 runs after 5 warm-up runs and the machine load; fails only on wrong counts.
import os from 'node:os';
import { dueCounts, reviewQueue, type DueRow, type QueueProgress } from '@zan/core';
import { createRng } from './lib/rng.ts';
import { median, ms, percentile, table, verdict } from './lib/stats.ts';
import { parseRuns } from './lib/sync-bench.ts';

const CARDS = 50_000;
const DECKS = 300;
const MODULES = 6;
const SUBJECTS = 30;
const TOPICS = 150;
const BUDGET = { counts: 50, queue: 150 } as const;
const WARMUP = 5;
const DAY = 86_400_000;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

type Card = { id: string; deckId: string; subjectId: string };
type Row = DueRow & { itemId: string; deckId: string };

function generate(seed = 18) {
  const r = createRng(seed);
  const now = new Date(Date.UTC(2026, 0, 15, 9));
  const subjectModule = new Map<string, string>();
  for (let s = 0; s < SUBJECTS; s++) subjectModule.set(`subject-${s}`, `module-${s % MODULES}`);
  const deckTopic = new Map<string, string>();
  const deckSubject = new Map<string, string>();
  for (let d = 0; d < DECKS; d++) {
    const topic = d % TOPICS;
    deckTopic.set(`deck-${d}`, `topic-${topic}`);
    deckSubject.set(`deck-${d}`, `subject-${topic % SUBJECTS}`);
  }
  const cards: Card[] = [];
  const rows: Row[] = [];
  let due = 0;
  let fresh = 0;
  for (let i = 0; i < CARDS; i++) {
    const deckId = `deck-${i % DECKS}`;
    const subjectId = deckSubject.get(deckId) ?? '';
    const card = { id: r.uuid(), deckId, subjectId };
    cards.push(card);
    const x = r.next();
    if (x < 0.3) {
      fresh++;
      continue;
    }
    const isDue = x < 0.5;
    const suspended = x >= 0.9;
    if (isDue) due++;
    rows.push({
      itemId: card.id,
      subjectId,
      deckId,
      type: 'flashcard',
      isSuspended: suspended,
      dueDate: new Date(now.getTime() + (isDue ? -r.int(1, 30 * DAY) : r.int(1, 60 * DAY))),
    });
  }
  return { now, cards, rows, subjectModule, deckTopic, want: { due, fresh } };
}

function main(): void {
  const runs = parseRuns(50);
  const w = generate();
  console.log(
    `daily-review: ${CARDS} cards in ${DECKS} decks (${TOPICS} topics, ${SUBJECTS} subjects, ${MODULES} modules), ${w.rows.length} progress rows — ${w.want.due} due, ${w.want.fresh} new; ${runs} runs after ${WARMUP} warm-up`,
  );
  console.log(`load average before: ${load()}`);
  const limits = { newPerDay: 20, reviewsPerDay: 200 };
  const samples = { counts: [] as number[], queue: [] as number[] };
  for (let i = -WARMUP; i < runs; i++) {
    let t = performance.now();
    const counts = dueCounts(w.rows, w.subjectModule, w.deckTopic, w.now);
    const tc = performance.now() - t;
    if (counts.total !== w.want.due) throw new Error(`due counts: ${counts.total}, expected ${w.want.due}`);
    t = performance.now();
    const progress = new Map<string, QueueProgress>();
    for (const r of w.rows) progress.set(r.itemId, r);
    const q = reviewQueue({
      cards: w.cards,
      progress,
      now: w.now,
      limits,
      done: { newCards: 0, reviews: 0 },
    });
    const tq = performance.now() - t;
    if (q.due !== Math.min(200, w.want.due) || q.fresh !== 20 || q.dueLeft !== w.want.due - q.due)
      throw new Error(`queue: ${q.due} due, ${q.fresh} new, ${q.dueLeft} due left out`);
    if (i < 0) continue;
    samples.counts.push(tc);
    samples.queue.push(tq);
  }
  console.log('');
  console.log(
    table([
      ['step', 'median', 'p95', 'max', 'budget'],
      [
        'dashboard due counts (dueCounts)',
        ms(median(samples.counts)),
        ms(percentile(samples.counts, 95)),
        ms(Math.max(...samples.counts)),
        `${BUDGET.counts} ms`,
      ],
      [
        "'Review all due' queue (map + reviewQueue)",
        ms(median(samples.queue)),
        ms(percentile(samples.queue, 95)),
        ms(Math.max(...samples.queue)),
        `${BUDGET.queue} ms`,
      ],
    ]),
  );
  console.log('');
  const pc = percentile(samples.counts, 95);
  const pq = percentile(samples.queue, 95);
  console.log(`daily-review: due counts p95 ${ms(pc)} — ${verdict(pc <= BUDGET.counts)}`);
  console.log(`daily-review: review queue p95 ${ms(pq)} — ${verdict(pq <= BUDGET.queue)}`);
  console.log(`load average after: ${load()} (${os.cpus().length} cores)`);
}

try {
  main();
} catch (err) {
  console.error('daily-review failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
