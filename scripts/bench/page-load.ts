// Benchmark (5), ARCHITECTURE §9: page loads in Chromium against the real built app and server.
// - cold landing: a fresh browser context (no HTTP cache, no service worker) opens `/`; time from the
//   navigation start to the landing's h1 in the DOM (and first contentful paint), the JavaScript it
//   loaded (gzip -9 of those dist files vs 100 KB) and whether 'Loading user profile' showed first;
// - offline reload: a signed-in student whose dashboard was synced and whose service worker controls
//   the page goes offline and reloads /dashboard; time to the first module card in the DOM (≤ 160 ms).
// Medians of `--runs N` (default 15) each, after one warm-up; the machine's load average is printed.
// Prints figures; exits non-zero only on functional errors (nothing rendered, sign-in failed).
import { LOCAL_KEYS } from '@zan/core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cleanupAll, startBenchEnv, WEB_DIST } from './lib/env.ts';
import { BENCH_STUDENT } from './lib/generate.ts';
import { kb, median, ms, percentile, table, verdict } from './lib/stats.ts';

const LANDING_BUDGET_MS = 450;
const LANDING_JS_BUDGET = 100 * 1024;
const OFFLINE_BUDGET_MS = 160;

function parseRuns(fallback: number): number {
  const i = process.argv.indexOf('--runs');
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/**
 * Injected before any page script: notes when `selector` first exists and whether `flash` text showed.
 * A string, not a function: tsx's helpers would not exist in the page.
 */
const watchScript = (selector: string, flash: string) => `(() => {
  const b = (window.__bench = { at: null, frame: null, flashed: false });
  const check = () => {
    if (!b.flashed && document.body && document.body.textContent.includes(${JSON.stringify(flash)})) b.flashed = true;
    if (b.at === null && document.querySelector(${JSON.stringify(selector)})) {
      b.at = performance.now();
      // The frame that paints it.
      requestAnimationFrame(() => (b.frame = performance.now()));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

type Sample = { at: number; frame: number; fcp: number | null; flashed: boolean; scripts: string[] };

async function sample(page: Page): Promise<Sample> {
  await page.waitForFunction(
    () => (window as unknown as { __bench?: { frame: number | null } }).__bench?.frame != null,
    null,
    {
      timeout: 15_000,
    },
  );
  // The paint follows the DOM: wait for it (a page that never paints text leaves FCP unknown).
  await page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
      timeout: 3_000,
    })
    .catch(() => undefined);
  return page.evaluate(() => {
    const b = (window as unknown as { __bench: { at: number; frame: number; flashed: boolean } }).__bench;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.js') && p.startsWith('/assets/'));
    return { at: b.at, frame: b.frame, fcp, flashed: b.flashed, scripts };
  });
}

const gzipOf = (pathname: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, pathname)), { level: 9 }).length;

function report(name: string, samples: Sample[], budgetMs: number) {
  const at = samples.map((s) => s.at);
  const frame = samples.map((s) => s.frame);
  const fcp = samples.map((s) => s.fcp).filter((x): x is number => x !== null);
  const row = (label: string, xs: number[]) =>
    xs.length
      ? [label, ms(median(xs)), ms(percentile(xs, 90)), ms(Math.min(...xs)), ms(Math.max(...xs))]
      : [label, '-', '-', '-', '-'];
  console.log(
    table([
      [name, 'median', 'p90', 'min', 'max'],
      row('in the DOM', at),
      row('rendered (its frame)', frame),
      row('first contentful paint', fcp),
    ]),
  );
  console.log(
    `${name}: rendered, median ${ms(median(frame))} — budget ≤ ${budgetMs} ms — ${verdict(median(frame) <= budgetMs)}`,
  );
}

async function coldLanding(browser: Browser, origin: string, runs: number) {
  const samples: Sample[] = [];
  for (let i = 0; i <= runs; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(watchScript('main h1', 'Loading user profile'));
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'commit' });
    const s = await sample(page);
    await context.close();
    if (i > 0) samples.push(s); // the first run warms the server's file cache and compression
  }
  report('cold landing', samples, LANDING_BUDGET_MS);
  const scripts = [...new Set(samples.flatMap((s) => s.scripts))].sort();
  const total = scripts.reduce((n, p) => n + gzipOf(p), 0);
  console.log(
    `  JavaScript loaded before the landing rendered: ${scripts.length} files, ${kb(total)} gzip -9`,
  );
  for (const p of scripts) console.log(`    ${p}  ${kb(gzipOf(p))}`);
  console.log(
    `landing JS: ${kb(total)} gzip -9 — budget ≤ ${kb(LANDING_JS_BUDGET)} — ${verdict(total <= LANDING_JS_BUDGET)}`,
  );
  const flashes = samples.filter((s) => s.flashed).length;
  console.log(`'Loading user profile' shown before the landing: ${flashes} of ${samples.length} runs`);
}

/** A context signed in as the bench student, its dashboard synced, its service worker in control. */
async function signedInContext(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${origin}/api/health`);
  const res = await page.evaluate(
    async ({ body, keys }) => {
      const r = await fetch('/api/session/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as { sessionId?: string; profile?: { uid: string } };
      if (json.sessionId && json.profile) {
        localStorage.setItem(keys.activeSessionId, json.sessionId);
        localStorage.setItem(keys.lastUserId, json.profile.uid);
      }
      return r.status;
    },
    { body: BENCH_STUDENT, keys: LOCAL_KEYS },
  );
  if (res !== 200) throw new Error(`sign-in failed: ${res}`);
  await page.goto(`${origin}/dashboard`);
  await page.waitForSelector('main a[href^="/module/"]', { timeout: 30_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  // Let the first sync finish (its lock row is released when it ends).
  await page.waitForTimeout(1_500);
  return { context, page };
}

async function offlineReload(browser: Browser, origin: string, runs: number) {
  const { context, page } = await signedInContext(browser, origin);
  await context.addInitScript(watchScript('main a[href^="/module/"]', 'Loading user profile'));
  await context.setOffline(true);
  let failed = 0;
  const failedUrls = new Set<string>();
  page.on('requestfailed', (r) => {
    failed++;
    failedUrls.add(new URL(r.url()).pathname);
  });
  const samples: Sample[] = [];
  for (let i = 0; i <= runs; i++) {
    await page.reload({ waitUntil: 'commit' });
    const s = await sample(page);
    if (i > 0) samples.push(s);
    await page.waitForTimeout(200); // let the page settle before the next reload
  }
  report('offline reload to dashboard', samples, OFFLINE_BUDGET_MS);
  console.log(
    `  doomed requests while offline: ${(failed / (runs + 1)).toFixed(1)} per reload${failedUrls.size ? ` (${[...failedUrls].join(', ')})` : ''}`,
  );
  const flashes = samples.filter((s) => s.flashed).length;
  console.log(`'Loading user profile' shown before the dashboard: ${flashes} of ${samples.length} runs`);
  await context.close();
}

async function main(): Promise<void> {
  const runs = parseRuns(15);
  console.log(
    `page-load: ${runs} runs each (+1 warm-up); load average before: ${load()} (${os.cpus().length} cores)`,
  );
  const env = await startBenchEnv();
  await coldLanding(env.browser, env.origin, runs);
  console.log(`load average: ${load()}`);
  await offlineReload(env.browser, env.origin, runs);
  console.log(`load average after: ${load()}`);
}

main()
  .then(() => cleanupAll())
  .catch(async (err: unknown) => {
    console.error('page-load failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    await cleanupAll();
    process.exitCode = 1;
  });
