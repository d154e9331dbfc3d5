// The long route fuzz (issue 10, item 12): apps/server/test/fuzz.test.ts with 25,000 generated
// requests instead of the 2,000 of `npm test`. `--runs N` and `--seed S` (replay a failure) change
// them. Prints the count, the seed, the statuses seen and the machine load; exits non-zero on a 5xx or
// a partial write.
import { spawnSync } from 'node:child_process';
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
const res = spawnSync('npx', ['vitest', 'run', 'test/fuzz.test.ts', '--reporter=verbose'], {
  cwd: server,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: seed },
});
const seconds = (Date.now() - started) / 1000;
console.log(
  `fuzz: ${res.status === 0 ? 'no 5xx, no partial write' : 'FAILED'} in ${runs} requests, seed ${seed}, ` +
    `${seconds.toFixed(0)} s (${((runs / seconds) | 0).toString()} req/s incl. checks); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
process.exit(res.status === 0 ? 0 : 1);
