// The exit status of a direct `vitest run` of server tests is true: a failing test or a file that
// fails to load exits non-zero, a passing run exits 0 (the embedded PostgreSQL's exit hook once
// forced 0). Each case runs vitest on one fixture of this folder with the server's global setup.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const vitestBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const config = path.join(import.meta.dirname, 'vitest.config.ts');

type Run = { status: number | null; output: string };

function runFixture(name: string): Promise<Run> {
  // The child is a fresh vitest run, not a worker of this one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  const child = spawn(process.execPath, [vitestBin, 'run', '--config', config, name], {
    env: { ...env, NO_COLOR: '1' },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

// The three runs go side by side: each starts its own PostgreSQL, which takes most of the time.
let runs: Record<'failing' | 'broken' | 'passing', Run>;
beforeAll(async () => {
  const [failing, broken, passing] = await Promise.all([
    runFixture('failing.fixture.ts'),
    runFixture('broken-import.fixture.ts'),
    runFixture('passing.fixture.ts'),
  ]);
  runs = { failing, broken, passing };
}, 150_000);

describe('vitest run of server tests', () => {
  it('exits non-zero when a test fails', () => {
    expect(runs.failing.output).toMatch(/Tests\s+1 failed/);
    expect(runs.failing.status).toBe(1);
  });

  it('exits non-zero when a file fails to load', () => {
    expect(runs.broken.output).toContain('this file fails to load on purpose');
    expect(runs.broken.status).toBe(1);
  });

  it('exits 0 when every test passes', () => {
    expect(runs.passing.output).toMatch(/Tests\s+1 passed/);
    expect(runs.passing.status).toBe(0);
  });
});
