// Issue 18: the scheduler settings on the device — defaults until set, a local change is dirty until the
// server answered for it (saved with the browser's time zone), and the newer of the two sides wins.
import { DEFAULT_SCHEDULER_SETTINGS, type SchedulerSettings } from '@zan/core';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDb, getUserDb } from './db.ts';
import {
  browserTimeZone,
  getSchedulerSettingsRow,
  mergeServerSchedulerSettings,
  readSchedulerSettings,
  saveSchedulerSettings,
} from './scheduler-settings.ts';

const uid = () => 'sched-' + crypto.randomUUID();
afterEach(() => closeUserDb());

describe('scheduler settings on the device', () => {
  it('reads the defaults, then a saved change marked dirty until the server stored it', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    expect(await readSchedulerSettings(db, userId)).toEqual(DEFAULT_SCHEDULER_SETTINGS);
    const fsrs: SchedulerSettings = { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' };
    const saved = await saveSchedulerSettings(db, userId, fsrs, new Date(5000));
    // Saved with the browser's time zone (the server's own optimizer runs count days in it).
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(browserTimeZone()).toEqual({ timeZone });
    expect(saved).toEqual({ ...fsrs, timeZone, updatedAt: 5000 });
    expect((await getSchedulerSettingsRow(db, userId))?.dirty).toBe(true);
    await mergeServerSchedulerSettings(db, userId, saved, saved);
    expect(await getSchedulerSettingsRow(db, userId)).toMatchObject({ dirty: false, settings: saved });
  });

  it('takes newer settings from the server and keeps newer local ones dirty', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    const local = await saveSchedulerSettings(db, userId, DEFAULT_SCHEDULER_SETTINGS, new Date(5000));
    const older = { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' as const, updatedAt: 4000 };
    await mergeServerSchedulerSettings(db, userId, older);
    expect(await getSchedulerSettingsRow(db, userId)).toMatchObject({ dirty: true, settings: local });
    const newer = { ...older, updatedAt: 6000 };
    await mergeServerSchedulerSettings(db, userId, newer, local);
    expect(await getSchedulerSettingsRow(db, userId)).toMatchObject({ dirty: false, settings: newer });
    // Another user's row is not this user's.
    expect(await readSchedulerSettings(db, 'someone-else')).toEqual(DEFAULT_SCHEDULER_SETTINGS);
  });
});
