#!/usr/bin/env node
// `npm test`: typecheck + lint + knip, every vitest project, the production build (web + server), then
// Playwright end-to-end in Chromium. Ends with each phase's time, the total, and last the plain summary
// line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;
const failures = [];
const started = Date.now();
/** [label, milliseconds] of every phase, printed before the summary line. */
const times = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  times.push([label, Date.now() - t0]);
  return res.status === 0;
}

/** 754_000 → '12:34' (minutes:seconds). */
const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// 1. Static checks (typecheck, lint, prettier --check, knip's unused files, exports and dependencies)
// count as one test each.
for (const [label, args] of [
  ['typecheck', ['run', 'typecheck', '--workspaces', '--if-present']],
  ['lint', ['exec', '--', 'eslint', '.', '--max-warnings=0']],
  ['format', ['exec', '--', 'prettier', '--check', '.', '--log-level=warn']],
  ['unused code (knip)', ['exec', '--', 'knip', '--no-progress']],
]) {
  if (run(label, 'npm', args)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

// 2. Unit and integration tests.
const vitestJson = path.join(tmp, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestOk = run('vitest (core, server, web, scripts)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const v = readJson(vitestJson);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  if (v.numFailedTests > 0) failures.push(`vitest: ${v.numFailedTests} failed`);
  if (!vitestOk && v.numFailedTests === 0) {
    failed++;
    failures.push('vitest exited non-zero');
  }
} else {
  failed++;
  failures.push('vitest produced no report');
}

// 3. The production build (web app + server bundle) the end-to-end tests run against.
if (run('build (web + server)', 'npm', ['run', 'build'])) passed++;
else {
  failed++;
  failures.push('build');
}

// 4. End-to-end journeys in Chromium.
const e2eJson = path.join(tmp, 'e2e.json');
fs.rmSync(e2eJson, { force: true });
const e2eOk = run('playwright (e2e)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
});
const e = readJson(e2eJson);
if (e?.stats) {
  passed += e.stats.expected + (e.stats.flaky ?? 0);
  failed += e.stats.unexpected;
  if (e.stats.unexpected > 0) failures.push(`e2e: ${e.stats.unexpected} failed`);
  if (!e2eOk && e.stats.unexpected === 0) {
    failed++;
    failures.push('playwright exited non-zero');
  }
} else {
  failed++;
  failures.push('playwright produced no report');
}

console.log('');
const width = Math.max(...times.map(([label]) => label.length), 'total'.length);
for (const [label, ms] of times) console.log(`${label.padEnd(width)}  ${minutes(ms)}`);
console.log(`${'total'.padEnd(width)}  ${minutes(Date.now() - started)}`);
if (failures.length) console.log(`Failures: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
