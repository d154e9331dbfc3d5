// Benchmark (4), ARCHITECTURE §9: sizes of the built web app (apps/web/dist, built when missing).
// Signed-out landing JavaScript (the entry module and its static imports: what a signed-out visitor
// loads to see `/`) gzipped vs 100 KB, checked free of Dexie, sync and query code; student entry
// JavaScript (that plus the app chunk — router, providers, session — and its static imports, i.e.
// everything loaded before a route) vs 200 KB; each student route's extra JS; every chunk; the service
// worker's precache total, with source maps or oversized assets flagged. Reads files only.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureWebDist, WEB_DIST } from './lib/env.ts';
import { kb, table, verdict } from './lib/stats.ts';

const ENTRY_BUDGET = 200 * 1024;
const LANDING_BUDGET = 100 * 1024;
/** Strings only the local store (Dexie), the sync engine or TanStack Query put in a chunk. */
const SIGNED_IN_MARKERS: Record<string, RegExp> = {
  Dexie: /indexedDB|IDBKeyRange/,
  'sync engine': /\/api\/sync\/content/,
  'TanStack Query': /QueryClient|queryFn/,
};
const OVERSIZED = 500 * 1024;
const STUDENT_ROUTES = ['app-shell', 'dashboard-route', 'module', 'study'];
/** The full app (router, providers, session), loaded by the entry for everyone but a signed-out visitor at `/`. */
const APP_CHUNK = 'app';

const read = (rel: string) => fs.readFileSync(path.join(WEB_DIST, rel));
/** A chunk's code without the file names of its preload map (a chunk named QueryClientProvider-….js is not query code). */
const codeOf = (rel: string) =>
  read(rel)
    .toString('utf8')
    .replace(/"assets\/[^"]+\.(?:js|css)"/g, '""');
const gz = (buf: Buffer, level = 9) => zlib.gzipSync(buf, { level }).length;

/** Static imports of a built chunk (`import … from"./x.js"`, `import"./x.js"`), not dynamic import(). */
function staticImports(rel: string): string[] {
  const src = read(rel).toString('utf8');
  const out = new Set<string>();
  for (const m of src.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g)) {
    const spec = m[1] as string;
    const before = src.slice(Math.max(0, (m.index ?? 0) - 1), m.index ?? 0);
    if (before === '(') continue;
    out.add(path.posix.join(path.posix.dirname(rel), spec));
  }
  return [...out];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const f = todo.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(f));
  }
  return seen;
}

function main(): void {
  ensureWebDist((m) => console.log(m));
  const html = read('index.html').toString('utf8');
  const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module entry script in apps/web/dist/index.html');
  const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] as string);
  const css = [...html.matchAll(/rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] as string);
  const landingSet = closure([entry]);
  const appChunk = fs
    .readdirSync(path.join(WEB_DIST, 'assets'))
    .find((f) => f.startsWith(`${APP_CHUNK}-`) && f.endsWith('.js') && /^app-[\w-]{8}\.js$/.test(f));
  const entrySet = closure(appChunk ? [entry, `assets/${appChunk}`] : [entry]);
  const missingPreloads = [...landingSet].filter((f) => f !== entry && !preloads.includes(f));
  const size = (files: Iterable<string>) => [...files].reduce((s, f) => s + read(f).length, 0);
  const gsize = (files: Iterable<string>) => [...files].reduce((s, f) => s + gz(read(f)), 0);

  const assets = fs.readdirSync(path.join(WEB_DIST, 'assets')).map((f) => `assets/${f}`);
  const chunks = assets.filter((f) => f.endsWith('.js')).sort((a, b) => read(b).length - read(a).length);
  console.log(`bundle-size: ${WEB_DIST}`);
  console.log('');
  console.log(
    table([
      ['chunk', 'raw', 'gzip -9', 'in'],
      ...chunks.map((f) => [
        f,
        kb(read(f).length),
        kb(gz(read(f))),
        landingSet.has(f) ? 'landing' : entrySet.has(f) ? 'student entry' : '',
      ]),
    ]),
  );
  console.log('');

  const entryGz = gsize(entrySet);
  const landingGz = gsize(landingSet);
  const rows: (string | number)[][] = [['load', 'files', 'raw', 'gzip -9']];
  rows.push([
    'signed-out landing JS (entry + static imports)',
    landingSet.size,
    kb(size(landingSet)),
    kb(landingGz),
  ]);
  rows.push([
    `student entry JS (+ ${appChunk ?? 'app chunk'} + static imports)`,
    entrySet.size,
    kb(size(entrySet)),
    kb(entryGz),
  ]);
  rows.push(['entry CSS', css.length, kb(size(css)), kb(gsize(css))]);
  for (const name of STUDENT_ROUTES) {
    const route = chunks.find((f) => path.basename(f).startsWith(`${name}-`));
    if (!route) continue;
    const extra = [...closure([route])].filter((f) => !entrySet.has(f));
    rows.push([
      `+ route ${name} (its chunk + static imports not in entry)`,
      extra.length,
      kb(size(extra)),
      kb(gsize(extra)),
    ]);
  }
  console.log(table(rows));
  if (missingPreloads.length)
    console.log(
      `  note: static imports of the entry without a modulepreload link: ${missingPreloads.join(', ')}`,
    );

  // The precache manifest injected into the service worker (workbox injectManifest).
  const sw = read('sw-custom.js').toString('utf8');
  const urls = [...new Set([...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1] as string))];
  const exists = urls.filter((u) => fs.existsSync(path.join(WEB_DIST, u)));
  const precache = size(exists);
  const maps = urls.filter((u) => u.endsWith('.map'));
  const big = exists.filter((u) => read(u).length > OVERSIZED);
  console.log('');
  console.log(
    `precache: ${urls.length} entries, ${kb(precache)} raw (${kb(gsize(exists))} gzip); source maps: ${maps.length ? maps.join(', ') : 'none'}; assets > ${kb(OVERSIZED)}: ${big.length ? big.join(', ') : 'none'}`,
  );
  const missing = urls.filter((u) => !exists.includes(u));
  if (missing.length) console.log(`  precache entries missing from dist: ${missing.join(', ')}`);
  console.log('');
  const entryGz6 = [...entrySet].reduce((s, f) => s + gz(read(f), 6), 0);
  // What apps/server actually sends a browser (@fastify/compress: br at quality 4 when accepted).
  const entryBr4 = [...entrySet].reduce(
    (s, f) =>
      s + zlib.brotliCompressSync(read(f), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    0,
  );
  console.log(
    `note: apps/server compresses these files on the fly (@fastify/compress): the student entry goes out as ${kb(entryBr4)} br (quality 4) to a browser.`,
  );
  const found = Object.entries(SIGNED_IN_MARKERS)
    .filter(([, re]) => [...landingSet].some((f) => re.test(codeOf(f))))
    .map(([name]) => name);
  console.log(
    `bundle-size: signed-out landing JS ${kb(landingGz)} gzip -9 — budget ≤ ${kb(LANDING_BUDGET)} — ${verdict(landingGz <= LANDING_BUDGET)}; ${found.length ? `CONTAINS ${found.join(', ')}` : 'no Dexie, sync or query code'}`,
  );
  if (found.length) process.exitCode = 1;
  console.log(
    `bundle-size: student entry JS ${kb(entryGz)} gzip -9 (${kb(entryGz6)} at gzip's default -6) — budget ≤ ${kb(ENTRY_BUDGET)} — ${verdict(entryGz <= ENTRY_BUDGET)}`,
  );
}

try {
  main();
} catch (err) {
  console.error('bundle-size failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
