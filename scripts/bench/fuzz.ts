// The long route fuzz (issue 10, item 12; issue 17): apps/server/test/fuzz.test.ts with 25,000
// requests instead of the 2,000 of `npm test`, over HTTP to the app listening on 127.0.0.1 — every
// mutation of every body field and every broken multipart body first, then generated ones; the Anki
// progress import and the Anki upload get Anki packages (real, cut short, lying, bombs, random).
// `--runs N` and `--seed S` (replay a failure) change them. Prints the count, the seed, the
// responses by status class, the number of 5xx, the Anki routes' statuses and slowest answer, and the
// machine load; exits non-zero on a 5xx, a request unanswered within 60 s, or a partial write.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 25_000);
const seed = arg('--seed') ?? String(Date.now() % 2 ** 31);
if (!Number.isInteger(runs) || runs <= 0 || !/^\d+$/.test(seed)) {
  console.error('usage: npm run bench -- fuzz [--runs N] [--seed S]');
  process.exit(2);
}

const server = path.resolve(import.meta.dirname, '../../apps/server');
console.log(
  `fuzz: ${runs} requests, seed ${seed}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
const started = Date.now();
const summaryFile = path.join(os.tmpdir(), `zan-fuzz-${process.pid}.json`);
const res = spawnSync('npx', ['vitest', 'run', 'test/fuzz.test.ts', '--reporter=verbose'], {
  cwd: server,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: seed, FUZZ_SUMMARY: summaryFile },
});
const seconds = (Date.now() - started) / 1000;
type Summary = {
  count: number;
  sweep: number;
  byClass: Record<string, number>;
  serverErrors: number;
  anki?: string;
};
const summary = fs.existsSync(summaryFile)
  ? (JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as Summary)
  : null;
fs.rmSync(summaryFile, { force: true });
if (summary)
  console.log(
    `fuzz: ${summary.count} requests (sweep ${summary.sweep}); by class ${Object.entries(summary.byClass)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}; 5xx ${summary.serverErrors}${summary.anki ? `\nfuzz: ${summary.anki}` : ''}`,
  );
console.log(
  `fuzz: ${res.status === 0 ? 'no 5xx, no hang, no partial write' : 'FAILED'} in ${runs} requests, seed ${seed}, ` +
    `${seconds.toFixed(0)} s (${((runs / seconds) | 0).toString()} req/s incl. checks); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
process.exit(res.status === 0 ? 0 : 1);
