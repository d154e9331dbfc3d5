// Bundles a scripts/bench/page/ entry (sync-entry.ts imports the web app's real sync code) for a
// benchmark page with esbuild — the same transform Vite uses — minified like a production build.
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';

/** Bundles scripts/bench/page/`name`.ts for a benchmark page, minified like a production build. */
export async function bundlePageEntry(name: string): Promise<string> {
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

export const bundleSyncEntry = (): Promise<string> => bundlePageEntry('sync-entry');

/** Injects the bundle into `page` (the context bypasses the app's CSP) and checks window.zanBench exists. */
export async function injectSyncBundle(page: Page): Promise<number> {
  const code = await bundleSyncEntry();
  await page.addScriptTag({ content: code });
  const ok = await page.evaluate(() => typeof (globalThis as { zanBench?: unknown }).zanBench === 'object');
  if (!ok) throw new Error('zanBench bundle did not load in the page');
  return code.length;
}
