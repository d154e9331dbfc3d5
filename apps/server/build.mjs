#!/usr/bin/env node
// `npm run build -w @zan/server`: bundles the server (and the TypeScript source of @zan/core) into
// plain JavaScript under dist/, so production runs `node apps/server/dist/server.js` without tsx.
// npm dependencies stay external (resolved from node_modules at run time, native modules included).
// No code splitting: every entry sits directly in dist/, one level below apps/server like src/, so
// paths computed from import.meta.dirname (config's repo root) are the same as under tsx.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const outdir = path.join(here, 'dist');

/** Every bare import except the workspace packages (@zan/*, TypeScript source) stays external. */
const externalDeps = {
  name: 'external-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@zan/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    'create-superadmin': path.join(here, 'src/scripts/create-superadmin.ts'),
    backup: path.join(here, 'src/scripts/backup.ts'),
    restore: path.join(here, 'src/scripts/restore.ts'),
    // Worker threads, started from beside server.js (platform/sanitize.ts, platform/off-thread.ts).
    'sanitize-worker': path.join(here, 'src/platform/sanitize-worker.ts'),
    'bulk-body-worker': path.join(here, 'src/features/content/bulk-body-worker.ts'),
    'optimizer-worker': path.join(here, 'src/features/scheduler/optimizer-worker.ts'),
    'read-package-worker': path.join(here, 'src/features/anki/read-package-worker.ts'),
    'export-package-worker': path.join(here, 'src/features/anki/export-package-worker.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [externalDeps],
  logLevel: 'warning',
  legalComments: 'none',
});
console.log(
  `server built into ${path.relative(process.cwd(), outdir) || outdir} in ${Date.now() - started} ms`,
);
