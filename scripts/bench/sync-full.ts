// Benchmark (1), ARCHITECTURE §9: the first full sync of a 10,000-card / 2,000-MCQ / 50-page subject
// in Chromium through the web app's real sync engine, versus Dexie alone writing the same rows.
// Budget: median ≤ 1.3×, ≤ 1.5× in 9 rounds of 10. Prints figures; exits non-zero only on functional
// errors. `--runs N` (default 10).
import { cleanupAll, startBenchEnv } from './lib/env.ts';
import { EXPECTED } from './lib/generate.ts';
import { ms } from './lib/stats.ts';
import { serverBreakdown } from './lib/server-breakdown.ts';
import { parseRuns, prepareSyncPage, runFullSyncBench } from './lib/sync-bench.ts';

async function main(): Promise<void> {
  const runs = parseRuns(10);
  console.log(
    `sync-full: ${EXPECTED.cards} cards in ${EXPECTED.decks} decks, ${EXPECTED.questions} MCQs in ${EXPECTED.quizzes} quizzes, ${EXPECTED.pages} lecture pages, ${EXPECTED.topics} topics`,
  );
  const env = await startBenchEnv();
  console.log(
    `setup: ${Object.entries(env.timings)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ')}`,
  );
  await prepareSyncPage(env);
  await runFullSyncBench(env, runs);
  if (!process.argv.includes('--no-breakdown')) await serverBreakdown(env);
}

main()
  .then(() => cleanupAll())
  .catch(async (err: unknown) => {
    console.error('sync-full failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    await cleanupAll();
    process.exitCode = 1;
  });
