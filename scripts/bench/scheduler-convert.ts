// Benchmark (issue 18): switching SM-2 → FSRS gives every reviewed card on the device its memory — 20,000
// cards in ≤ 2 s, offline, with progress — in Chromium with the app's real switch over the real local
// store (Dexie / IndexedDB). Due dates kept, the switch writes only the 1,000 cards whose reviews are
// still in the outbox (replayed under FSRS); the other cards' memory is derived from their SM-2 state
// when read (core fsrsMemory), so the figure is the switch plus a first read of all 20,000 memories.
// 'Reschedule all cards' writes every card and its upsert op in chunks: printed, outside the budget.
// Prints median / max of the runs, the longest stretch without a progress report, and the machine load;
// fails only on wrong counts.
import { cpus } from 'node:os';
import type { ConvertRun, ZanConvertBench } from './page/scheduler-convert-entry.ts';
import { openBenchPage } from './lib/bundle.ts';
import { loadAverage, median, ms, table, verdict } from './lib/stats.ts';
import { parseRuns } from './lib/sync-bench.ts';

const CARDS = 20_000;
const WITH_HISTORY = 1_000;
const BUDGET_MS = 2000;

async function main(): Promise<void> {
  const runs = parseRuns(5);
  const { page, close } = await openBenchPage('scheduler-convert-entry');
  console.log(
    `scheduler-convert: ${CARDS} reviewed cards (${WITH_HISTORY} with their reviews in the outbox), SM-2 → FSRS in Chromium; ${runs} runs (+1 warm-up) each`,
  );
  console.log(`load average before: ${loadAverage()}`);
  try {
    const results: Record<'keep' | 'reschedule', ConvertRun[]> = { keep: [], reschedule: [] };
    const reads: number[] = [];
    for (const mode of ['keep', 'reschedule'] as const) {
      for (let i = -1; i < runs; i++) {
        const run = await page.evaluate(
          async ({ cards, withHistory, name, reschedule }) => {
            const b = (globalThis as unknown as { zanConvertBench: ZanConvertBench }).zanConvertBench;
            await b.seed(cards, withHistory, name);
            const r = await b.run(reschedule);
            const read = await b.readMemory();
            await b.close();
            return { ...r, read };
          },
          {
            cards: CARDS,
            withHistory: WITH_HISTORY,
            name: `bench-${mode}-${i}`,
            reschedule: mode === 'reschedule',
          },
        );
        const want = mode === 'keep' ? WITH_HISTORY : CARDS;
        if (run.total !== want || run.changed !== want || run.outboxOps !== want)
          throw new Error(
            `${mode}: ${run.total} read, ${run.changed} changed, ${run.outboxOps} ops (want ${want})`,
          );
        if (run.read.withMemory !== CARDS)
          throw new Error(`${mode}: ${run.read.withMemory} of ${CARDS} cards read with a memory`);
        if (i >= 0) results[mode].push({ ...run, ms: run.ms + (mode === 'keep' ? run.read.ms : 0) });
        if (i >= 0 && mode === 'keep') reads.push(run.read.ms);
      }
    }
    console.log('');
    const row = (label: string, xs: ConvertRun[], budget: string) => [
      label,
      ms(median(xs.map((x) => x.ms))),
      ms(Math.max(...xs.map((x) => x.ms))),
      ms(Math.max(...xs.map((x) => x.longestChunkMs))),
      String(xs[0]?.progressReports ?? 0),
      budget,
    ];
    console.log(
      table([
        ['switch', 'median', 'max', 'longest gap between progress reports', 'progress reports', 'budget'],
        row(
          `SM-2 → FSRS, due dates kept (${WITH_HISTORY} written + all ${CARDS} memories read)`,
          results.keep,
          `${BUDGET_MS} ms`,
        ),
        row(`SM-2 → FSRS, Reschedule all cards (${CARDS} written)`, results.reschedule, '—'),
      ]),
    );
    console.log(
      `of which the first read of all ${CARDS} memories (the FSRS queue order reads them so): median ${ms(median(reads))}`,
    );
    console.log('');
    const conversion = median(results.keep.map((x) => x.ms));
    console.log(
      `scheduler-convert: ${CARDS} cards to FSRS, median ${ms(conversion)} — ${verdict(conversion <= BUDGET_MS)}`,
    );
    console.log(`load average after: ${loadAverage()} (${cpus().length} cores)`);
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error('scheduler-convert failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
