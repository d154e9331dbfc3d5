// Bundles a scripts/bench/page/ entry (sync-entry.ts imports the web app's real sync code) for a
// benchmark page with esbuild — the same transform Vite uses — minified like a production build, and
// opens such a page in Chromium on a loopback origin of its own (openBenchPage).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';

/** Bundles scripts/bench/page/`name`.ts for a benchmark page, minified like a production build. */
async function bundlePageEntry(name: string): Promise<string> {
  const out = await build({
    entryPoints: [path.resolve(import.meta.dirname, `../page/${name}.ts`)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced no output');
  return file.text;
}

const bundleSyncEntry = (): Promise<string> => bundlePageEntry('sync-entry');

/** Injects the bundle into `page` (the context bypasses the app's CSP) and checks window.zanBench exists. */
export async function injectSyncBundle(page: Page): Promise<number> {
  const code = await bundleSyncEntry();
  await page.addScriptTag({ content: code });
  const ok = await page.evaluate(() => typeof (globalThis as { zanBench?: unknown }).zanBench === 'object');
  if (!ok) throw new Error('zanBench bundle did not load in the page');
  return code.length;
}

/** A Chromium page on a loopback origin of its own with a page entry's bundle loaded, and how to close both. */
export type BenchPage = { page: Page; close: () => Promise<void> };

/**
 * The built web app's stylesheets (apps/web/dist/assets/*.css), for a page that renders the app's own
 * components; empty when the web app is not built (`npm run build`).
 */
export function builtAppCss(): string {
  const dir = path.resolve(import.meta.dirname, '../../../apps/web/dist/assets');
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .filter((f) => f.endsWith('.css'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

/**
 * Serves scripts/bench/page/`name`.ts bundled (bundlePageEntry) on 127.0.0.1, opens it in a headless
 * Chromium (CHROMIUM_PATH, else /usr/bin/chromium) and loads the bundle; page errors are printed.
 * `css`: a stylesheet the page links first (builtAppCss for the app's components).
 */
export async function openBenchPage(name: string, opts: { css?: string } = {}): Promise<BenchPage> {
  const code = await bundlePageEntry(name);
  const css = opts.css ?? '';
  const server = createServer((req, res) => {
    if (req.url === '/')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html lang="en"><title>bench</title>${css ? '<link rel="stylesheet" href="/app.css">' : ''}<body></body></html>`,
        );
    if (req.url === '/app.css') return res.writeHead(200, { 'content-type': 'text/css' }).end(css);
    if (req.url === '/bench.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const close = async () => {
    await browser.close();
    server.close();
  };
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.addScriptTag({ url: '/bench.js' });
    return { page, close };
  } catch (err) {
    await close();
    throw err;
  }
}
