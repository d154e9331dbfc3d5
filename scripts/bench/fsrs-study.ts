// Benchmark (issue 18 'Speed'), in Chromium with core as the app bundles it (page/fsrs-study-entry.ts):
// - one answer scheduled with FSRS-6: ≤ 1 ms p95 (2,000 answers, each timed alone; Chromium's timer is
//   coarse, 0.1 ms, so the figure is an upper bound);
// - the SRS queue of 20,000 FSRS cards in retrievability order (buildQueue with the player's dueOrder) and
//   the deck counts: ≤ 50 ms p95 over `--runs N` runs (default 30) after 3 warm-up runs.
// Prints median, p95 and max and the machine's load; exits non-zero only on functional errors.
import type { ZanFsrsBench } from './page/fsrs-study-entry.ts';
import { openBenchPage } from './lib/bundle.ts';
import { loadAverage, median, ms, percentile, table, verdict } from './lib/stats.ts';
import { parseRuns } from './lib/sync-bench.ts';

const CARDS = 20_000;
const ANSWERS = 2_000;
const ANSWER_BUDGET_MS = 1;
const QUEUE_BUDGET_MS = 50;
const WARMUP = 3;

async function main(): Promise<void> {
  const runs = parseRuns(30);
  const { page, close } = await openBenchPage('fsrs-study-entry');
  console.log(`fsrs-study: ${CARDS} FSRS cards in Chromium; load average before: ${loadAverage()}`);
  try {
    const world = await page.evaluate(
      (n) => (globalThis as unknown as { zanFsrsBench: ZanFsrsBench }).zanFsrsBench.seed(n),
      CARDS,
    );
    console.log(
      `  ${world.cards} cards: ${world.fresh} new, ${world.due} due, ${world.suspended} suspended, the rest later`,
    );
    // The first answers warm the engine up (its JIT and the per-scheduler engine cache): reported apart.
    const all = await page.evaluate(
      (n) => (globalThis as unknown as { zanFsrsBench: ZanFsrsBench }).zanFsrsBench.answers(n),
      ANSWERS + 100,
    );
    const warm = all.slice(0, 100);
    const answers = all.slice(100);
    const queues: number[] = [];
    let length = 0;
    for (let i = 0; i < runs + WARMUP; i++) {
      const q = await page.evaluate(() =>
        (globalThis as unknown as { zanFsrsBench: ZanFsrsBench }).zanFsrsBench.queue(),
      );
      if (!q.firstTwoInOrder) throw new Error('the queue is not in retrievability order');
      length = q.length;
      if (i >= WARMUP) queues.push(q.ms);
    }
    if (length !== world.due + world.fresh)
      throw new Error(`the queue holds ${length} cards, expected ${world.due + world.fresh}`);
    const row = (label: string, xs: number[], budget: number) => [
      label,
      ms(median(xs)),
      ms(percentile(xs, 95)),
      ms(Math.max(...xs)),
      `${budget} ms`,
    ];
    console.log(
      table([
        ['step', 'median', 'p95', 'max', 'budget'],
        row(`one FSRS answer scheduled (${ANSWERS})`, answers, ANSWER_BUDGET_MS),
        row(`SRS queue, retrievability order + counts (${runs})`, queues, QUEUE_BUDGET_MS),
      ]),
    );
    console.log(`  the first 100 answers (warm-up): max ${ms(Math.max(...warm))}; queue length ${length}`);
    const a = percentile(answers, 95);
    const q = percentile(queues, 95);
    console.log(`fsrs-study: one answer p95 ${ms(a)} — ${verdict(a <= ANSWER_BUDGET_MS)}`);
    console.log(`fsrs-study: FSRS queue p95 ${ms(q)} — ${verdict(q <= QUEUE_BUDGET_MS)}`);
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
