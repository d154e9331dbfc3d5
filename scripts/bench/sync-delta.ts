// Benchmark (2), ARCHITECTURE §9: a delta sync with nothing new, after a first full sync of the
// generated subject — request count, bytes (≤ 2 KB) and time on loopback (≤ 30 ms), median of 20.
// `--runs N` changes the 20. Prints figures; exits non-zero only on functional errors.
import { cleanupAll, startBenchEnv } from './lib/env.ts';
import { ms } from './lib/stats.ts';
import { parseRuns, prepareSyncPage, runDeltaBench, runFullSyncBench } from './lib/sync-bench.ts';

async function main(): Promise<void> {
  const runs = parseRuns(20);
  const env = await startBenchEnv();
  console.log(
    `setup: ${Object.entries(env.timings)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ')}`,
  );
  await prepareSyncPage(env);
  console.log('first full sync (setup for the delta):');
  await runFullSyncBench(env, 1, 0);
  console.log('');
  console.log(`sync-delta: ${runs} no-change delta syncs`);
  await runDeltaBench(env, runs);
}

main()
  .then(() => cleanupAll())
  .catch(async (err: unknown) => {
    console.error('sync-delta failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    await cleanupAll();
    process.exitCode = 1;
  });
