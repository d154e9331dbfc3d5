// Benchmark (issue 19): building a question-bank block from 20,000 local questions in Chromium, with the
// app's real read (loadBank over Dexie / IndexedDB), the builder's derivations and 'Start Test' (core
// buildBlock + the block stored with its outbox op). Budget ≤ 50 ms for Start Test; the read and the
// derivations are printed beside it (the first read takes every question from IndexedDB; later reads keep
// their shapes while the topics' content is unchanged). Prints median / max of the runs and the machine load; fails only
// on wrong counts.
import { cpus } from 'node:os';
import type { BuildRun, ZanQbankBench } from './page/qbank-build-entry.ts';
import { openBenchPage } from './lib/bundle.ts';
import { loadAverage, median, ms, table, verdict } from './lib/stats.ts';
import { parseRuns } from './lib/sync-bench.ts';

const QUESTIONS = 20_000;
const BUDGET_MS = 50;

async function main(): Promise<void> {
  const runs = parseRuns(10);
  const { page, close } = await openBenchPage('qbank-build-entry');
  console.log(
    `qbank-build: a block of 100 from ${QUESTIONS} local questions (200 topics, 5,000 answered, 20 earlier blocks), Unused + Incorrect, in Chromium; ${runs} runs (+1 warm-up)`,
  );
  console.log(`load average before: ${loadAverage()}`);
  try {
    await page.evaluate(
      (n) => (globalThis as unknown as { zanQbankBench: ZanQbankBench }).zanQbankBench.seed(n, 'bench-qbank'),
      QUESTIONS,
    );
    const results: BuildRun[] = [];
    let coldReadMs = 0;
    for (let i = -1; i < runs; i++) {
      const run = await page.evaluate(() =>
        (globalThis as unknown as { zanQbankBench: ZanQbankBench }).zanQbankBench.run('bench-qbank'),
      );
      if (run.questions !== QUESTIONS || run.blockSize !== 100 || run.pool < 100)
        throw new Error(`read ${run.questions} questions, pool ${run.pool}, block ${run.blockSize}`);
      if (i >= 0) results.push(run);
      else coldReadMs = run.readMs;
    }
    const row = (label: string, xs: number[], budget = '') => [
      label,
      ms(median(xs)),
      ms(Math.max(...xs)),
      budget,
    ];
    console.log('');
    console.log(
      table([
        ['step', 'median', 'max', 'budget'],
        row(
          "'Start Test': buildBlock + the block stored with its op",
          results.map((r) => r.startMs),
          `${BUDGET_MS} ms`,
        ),
        row(
          '  of which buildBlock alone',
          results.map((r) => r.buildMs),
        ),
        row(
          'the builder: history, tree, live pool size',
          results.map((r) => r.deriveMs),
        ),
        [
          'opening the screen the first time: the read with every question (loadBank)',
          ms(coldReadMs),
          '',
          '',
        ],
        row(
          'opening it again (question shapes kept while the content is unchanged)',
          results.map((r) => r.readMs),
        ),
      ]),
    );
    console.log(`pool (Unused + Incorrect, every topic): ${results[0]?.pool ?? 0} questions`);
    const figure = median(results.map((r) => r.startMs));
    console.log('');
    console.log(
      `qbank-build: ${QUESTIONS} questions, Start Test median ${ms(figure)} — ${verdict(figure <= BUDGET_MS)}`,
    );
    console.log(`load average after: ${loadAverage()} (${cpus().length} cores)`);
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error('qbank-build failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
