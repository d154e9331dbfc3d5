// Issue 9 "Prove it": the randomized model. Random schedules of admin writes and device actions (two
// devices of one student, clocks off by up to a day, offline, dropped requests and responses, slow
// topic downloads, reviews, deck resets, sessions, imports) against the real server; when everything
// has settled each device equals the server's full pull and no op is lost. ~40 schedules here;
// `npm run bench -- sync-model` runs thousands (also against three instances on one database).
import 'fake-indexeddb/auto'; // before Dexie loads: it captures the IndexedDB global
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp } from '../harness.ts';
import { scheduleArb, type Schedule } from './model-actions.ts';
import { runSchedule } from './model-run.ts';

const RUNS = Number(process.env['SYNC_MODEL_RUNS'] ?? 40);
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: { max: 1e9, windowSeconds: 60 } }); // many sign-ins from one address
});
afterAll(async () => t.close());

describe('sync model', () => {
  it(`every device ends equal to the server (${RUNS} random schedules)`, { timeout: 600_000 }, async () => {
    const seed = Number(process.env['SYNC_MODEL_SEED'] ?? Date.now() % 2 ** 31);
    console.log(`sync model: ${RUNS} schedules, seed ${seed}`);
    await fc.assert(
      fc.asyncProperty(scheduleArb, async (s) => runSchedule(t, s as Schedule)),
      { numRuns: RUNS, seed, endOnFailure: false, interruptAfterTimeLimit: 500_000 },
    );
  });
});
