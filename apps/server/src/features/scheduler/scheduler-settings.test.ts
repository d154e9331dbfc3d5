// Issue 18: the scheduler settings are the student's data on the server — stored per user, the latest
// change wins whichever device sends it, and one student never sees another's.
import {
  DEFAULT_SCHEDULER_SETTINGS,
  type ProgressPullResponse,
  type SchedulerSettings,
  type SchedulerSettingsResponse,
} from '@zan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
const URL = '/api/sync/scheduler-settings';

describe('scheduler settings', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SchedulerSettingsResponse).settings;
  };
  const put = (cookie: string, s: SchedulerSettings) =>
    t.app.inject({ method: 'PUT', url: URL, headers: { cookie }, payload: s });

  it('stores them per user, the latest change winning', async () => {
    const u = await signedInUser(t.app, t.db);
    const other = await signedInUser(t.app, t.db);
    expect(await get(u.cookie)).toBeNull();
    const fsrs: SchedulerSettings = {
      ...DEFAULT_SCHEDULER_SETTINGS,
      scheduler: 'fsrs',
      desiredRetention: 0.85,
      learningSteps: '1m 10m 1h',
      updatedAt: 2000,
    };
    expect((await put(u.cookie, fsrs)).json()).toEqual({ settings: fsrs });
    // An older change (a device that was offline) loses and gets the stored settings back.
    const older = { ...DEFAULT_SCHEDULER_SETTINGS, updatedAt: 1000 };
    expect((await put(u.cookie, older)).json()).toEqual({ settings: fsrs });
    expect(await get(u.cookie)).toEqual(fsrs);
    expect(await get(other.cookie)).toBeNull();
    const newer = { ...fsrs, scheduler: 'sm2' as const, updatedAt: 3000 };
    await put(u.cookie, newer);
    expect(await get(u.cookie)).toEqual(newer);
  });

  it('reach every device with the progress pull, once per change', async () => {
    const u = await signedInUser(t.app, t.db);
    const pull = async (since: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sync/progress?since=${since}`,
        headers: { cookie: u.cookie },
      });
      return res.json() as ProgressPullResponse;
    };
    const start = await pull(0);
    expect(start.schedulerSettings).toBeUndefined();
    const fsrs = { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' as const, updatedAt: 10 };
    await put(u.cookie, fsrs);
    const first = await pull(start.version);
    expect(first.schedulerSettings).toEqual(fsrs);
    expect(first.version).toBeGreaterThan(start.version);
    expect((await pull(first.version)).schedulerSettings).toBeUndefined();
  });

  it('refuses settings out of range (retention, steps)', async () => {
    const u = await signedInUser(t.app, t.db);
    const bad = [
      { ...DEFAULT_SCHEDULER_SETTINGS, desiredRetention: 0.99, updatedAt: 1 },
      { ...DEFAULT_SCHEDULER_SETTINGS, learningSteps: '10 minutes', updatedAt: 1 },
    ];
    for (const s of bad) expect((await put(u.cookie, s)).statusCode).toBe(400);
    expect(await get(u.cookie)).toBeNull();
  });
});
