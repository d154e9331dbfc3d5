#!/usr/bin/env node
// `npm run bench -- <name> [args]`: runs scripts/bench/<name>.ts with tsx; `all` runs every benchmark
// in turn. Benchmarks print figures against ARCHITECTURE §9 budgets and exit non-zero only on
// functional errors, never on timing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const names = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort();
const [name, ...args] = process.argv.slice(2);

if (!name || (name !== 'all' && !names.includes(name))) {
  console.log(`usage: npm run bench -- <${[...names, 'all'].join('|')}> [--runs N]`);
  process.exit(name ? 1 : 0);
}

let failed = 0;
for (const n of name === 'all'
  ? [
      'srs-queue',
      'daily-review',
      'optimizer',
      'scheduler-convert',
      'fsrs-study',
      'qbank-build',
      'bulk-import',
      'bundle-size',
      'page-load',
      'sync-full',
      'sync-delta',
    ]
  : [name]) {
  if (name === 'all') console.log(`\n=== ${n} ===`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, `${n}.ts`), ...args], {
    stdio: 'inherit',
  });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
