// Benchmark (issue 18): switching SM-2 → FSRS converts every reviewed card on the device — 20,000 cards
// in ≤ 2 s, offline, with progress — in Chromium with the app's real switch over the real local store
// (Dexie / IndexedDB): each card's memory state (1,000 of them replayed from reviews still in the
// outbox), the rows and their upsert ops written in chunks. Also with 'Reschedule all cards'.
// Prints median / max of the runs, the longest stretch without a progress report, and the machine load;
// fails only on wrong counts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { chromium } from 'playwright-core';
import type { ConvertRun, ZanConvertBench } from './page/scheduler-convert-entry.ts';
import { bundlePageEntry } from './lib/bundle.ts';
import { median, ms, table, verdict } from './lib/stats.ts';
import { parseRuns } from './lib/sync-bench.ts';

const CARDS = 20_000;
const WITH_HISTORY = 1_000;
const BUDGET_MS = 2000;
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const runs = parseRuns(5);
  const code = await bundlePageEntry('scheduler-convert-entry');
  const server = createServer((req, res) => {
    if (req.url === '/')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
    if (req.url === '/bench.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  console.log(
    `scheduler-convert: ${CARDS} reviewed cards (${WITH_HISTORY} with their reviews in the outbox), SM-2 → FSRS in Chromium; ${runs} runs (+1 warm-up) each`,
  );
  console.log(`load average before: ${load()}`);
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${origin}/`);
    await page.addScriptTag({ url: '/bench.js' });
    const results: Record<'keep' | 'reschedule', ConvertRun[]> = { keep: [], reschedule: [] };
    const compute: number[] = [];
    for (const mode of ['keep', 'reschedule'] as const) {
      for (let i = -1; i < runs; i++) {
        const run = await page.evaluate(
          async ({ cards, withHistory, name, reschedule }) => {
            const b = (globalThis as unknown as { zanConvertBench: ZanConvertBench }).zanConvertBench;
            await b.seed(cards, withHistory, name);
            const computeMs = reschedule ? 0 : await b.compute();
            const r = await b.run(reschedule);
            await b.close();
            return { ...r, computeMs };
          },
          {
            cards: CARDS,
            withHistory: WITH_HISTORY,
            name: `bench-${mode}-${i}`,
            reschedule: mode === 'reschedule',
          },
        );
        if (run.total !== CARDS || run.changed !== CARDS || run.outboxOps !== CARDS)
          throw new Error(
            `${mode}: ${run.total} read, ${run.changed} changed, ${run.outboxOps} ops (want ${CARDS})`,
          );
        if (i >= 0) results[mode].push(run);
        if (i >= 0 && mode === 'keep') compute.push(run.computeMs);
      }
    }
    console.log('');
    const row = (label: string, xs: ConvertRun[]) => [
      label,
      ms(median(xs.map((x) => x.ms))),
      ms(Math.max(...xs.map((x) => x.ms))),
      ms(Math.max(...xs.map((x) => x.longestChunkMs))),
      String(xs[0]?.progressReports ?? 0),
      `${BUDGET_MS} ms`,
    ];
    console.log(
      table([
        ['switch', 'median', 'max', 'longest gap between progress reports', 'progress reports', 'budget'],
        row('SM-2 → FSRS, due dates kept', results.keep),
        row('SM-2 → FSRS, Reschedule all cards', results.reschedule),
      ]),
    );
    console.log(
      `the conversion alone (core switchCard, no store): median ${ms(median(compute))}; the rest is reading and writing IndexedDB (${CARDS} rows + ${CARDS} outbox ops)`,
    );
    console.log('');
    const worst = Math.max(
      median(results.keep.map((x) => x.ms)),
      median(results.reschedule.map((x) => x.ms)),
    );
    console.log(
      `scheduler-convert: ${CARDS} cards, median ${ms(worst)} (slower mode) — ${verdict(worst <= BUDGET_MS)}`,
    );
    console.log(`load average after: ${load()} (${os.cpus().length} cores)`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err: unknown) => {
  console.error('scheduler-convert failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
