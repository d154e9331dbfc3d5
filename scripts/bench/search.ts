// Benchmark (issue 22): the student search in Chromium, the app's index (MiniSearch, real code in
// apps/web/src/features/search) vs FlexSearch in its nearest set-up, on the same documents — 50,000 cards, 10,000 questions and 500 lecture pages (one document
// per lecture section): a query answers in ≤ 50 ms; indexing a 1,000-card topic adds ≤ 100 ms of
// main-thread time. Also the full build, and what persisting the index would cost (JSON size, load
// time) against rebuilding it. Prints figures and the machine's load; fails only on functional errors.
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { ZanSearchBench } from './page/search-entry.ts';
import { kb, median, ms, percentile, table, verdict } from './lib/stats.ts';

const QUERY_BUDGET_MS = 50;
const TOPIC_BUDGET_MS = 100;
const LIBS = ['minisearch', 'flexsearch'] as const;
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 10) : 10;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

type Bench = ZanSearchBench;
type Awaited<T> = T extends Promise<infer U> ? U : T;

async function main() {
  console.log(`search: load average ${load()} on ${os.cpus().length} cores; ${RUNS} runs of each query`);
  const out = await build({
    entryPoints: [path.resolve(import.meta.dirname, 'page/search-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.text;
  if (!code) throw new Error('esbuild produced no output');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--js-flags=--max-old-space-size=4096'],
  });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.addScriptTag({ content: code });
    const call = <K extends keyof Bench>(name: K, ...args: Parameters<Bench[K]>) =>
      page.evaluate(
        ([n, a]) =>
          (
            globalThis as unknown as { zanSearchBench: Record<string, (...x: unknown[]) => unknown> }
          ).zanSearchBench[n as string]?.(...(a as unknown[])),
        [name, args] as const,
      ) as Promise<Awaited<ReturnType<Bench[K]>>>;

    const gen = await call('generate');
    console.log(
      `corpus: ${gen.docs} documents (50,000 cards, 10,000 questions, 500 pages as sections); generated in ${ms(gen.generateMs)}, documents built (HTML → plain text) in ${ms(gen.docsMs)}`,
    );
    const summary: (string | number)[][] = [
      [
        'library',
        'full build',
        'query median',
        'query p95',
        'slowest query',
        '1,000-card topic',
        'longest batch',
      ],
    ];
    for (const lib of LIBS) {
      const buildMs = await call('build', lib);
      const rows: (string | number)[][] = [[`${lib}: query`, 'hits', 'median', 'p95', 'max']];
      const all: number[] = [];
      for (const q of gen.queries) {
        const r = await call('query', lib, q, RUNS);
        if (lib === 'minisearch' && q.startsWith('nephrot') && r.hits === 0)
          throw new Error(`the app's index found no planted "${q}"`);
        all.push(...r.times);
        rows.push([q, r.hits, ms(median(r.times)), ms(percentile(r.times, 95)), ms(Math.max(...r.times))]);
      }
      console.log(`\n${table(rows)}`);
      const topics: Awaited<ReturnType<Bench['addTopic']>>[] = [];
      for (let round = 0; round < 5; round++) topics.push(await call('addTopic', lib, round));
      const topicTotal = topics.map((t) => t.buildMs + t.addMs);
      console.log(
        `${lib}: full build ${ms(buildMs)}; a 1,000-card topic: documents ${ms(median(topics.map((t) => t.buildMs)))} + index ${ms(median(topics.map((t) => t.addMs)))} (longest batch ${ms(median(topics.map((t) => t.longestMs)))}), removing it ${ms(median(topics.map((t) => t.removeMs)))} (medians of 5)`,
      );
      console.log(
        `${lib}: query p95 ${ms(percentile(all, 95))} — budget ≤ ${QUERY_BUDGET_MS} ms — ${verdict(percentile(all, 95) <= QUERY_BUDGET_MS)}; topic ${ms(median(topicTotal))} — budget ≤ ${TOPIC_BUDGET_MS} ms — ${verdict(median(topicTotal) <= TOPIC_BUDGET_MS)}`,
      );
      summary.push([
        lib,
        ms(buildMs),
        ms(median(all)),
        ms(percentile(all, 95)),
        ms(Math.max(...all)),
        ms(median(topicTotal)),
        ms(median(topics.map((t) => t.longestMs))),
      ]);
    }
    const p = await call('persist');
    console.log(
      `\npersisting instead of rebuilding: the MiniSearch index is ${kb(p.bytes)} of JSON, written in ${ms(p.stringifyMs)}, loaded back in ${ms(p.loadMs)}`,
    );
    console.log(`\n${table(summary)}`);
    console.log(`load average at the end ${load()}`);
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
