// Offline by choice: the keep choice, the topics a job fetches (missing or stale only), its progress,
// its outcome when topics fail or the network goes, the top-up after a sync, and the availability marks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalTopic } from '../local/db.ts';
import { getOfflineKeep, isFullyOffline, loadOfflineOverview } from '../local/offline-keep.ts';
import { getSchedulerSettingsRow } from '../local/scheduler-settings.ts';
import { readKeepModules, writeKeepModules } from './keep-modules.ts';
import { createOfflineKeeper } from './offline-keeper.ts';
import { freshDb, mod, subj, topic } from './testing/fake-server.ts';
import type { TopicSyncResult } from './topic-sync.ts';

afterEach(() => vi.restoreAllMocks());

/** m1 (s1: t1, t2; s2: t3) and m2 (s3: t4); t1 is already current here. */
async function world(opts: { keepModules?: boolean; free?: number } = {}) {
  const db = freshDb();
  await db.modules.bulkPut([mod('m1'), mod('m2')]);
  await db.subjects.bulkPut([subj('s1', 'm1'), subj('s2', 'm1'), subj('s3', 'm2')]);
  await db.topics.bulkPut([
    { ...topic('t1', 's1', 'm1'), lastSynced: 1 },
    topic('t2', 's1', 'm1'),
    topic('t3', 's2', 'm1'),
    topic('t4', 's3', 'm2'),
    { ...topic('t5', 's3', 'm2'), isArchived: true },
  ]);
  const fetched: string[] = [];
  let answer: (id: string) => TopicSyncResult = () => 'saved';
  const syncTopic = vi.fn(async (id: string) => {
    fetched.push(id);
    const result = answer(id);
    if (result === 'saved') {
      const t = (await db.topics.get(id)) as LocalTopic;
      await db.topics.put({
        ...t,
        lastSynced: 2,
        contentVersion: t.serverContentVersion ?? t.contentVersion,
      });
    }
    return result;
  });
  const keeper = createOfflineKeeper({
    db,
    userId: 'u1',
    syncTopic,
    storageUsage: async () => fetched.length * 1000,
    keepModules: () => opts.keepModules ?? false,
    storageFree: async () => opts.free ?? null,
  });
  return { db, keeper, fetched, setAnswer: (f: typeof answer) => (answer = f) };
}

describe('keep', () => {
  it('records the choice and fetches the module’s missing topics with progress', async () => {
    const { db, keeper, fetched } = await world();
    const seen: Array<[number, number]> = [];
    keeper.subscribe(() => {
      const job = keeper.getState().job;
      if (job) seen.push([job.done, job.total]);
    });
    const job = await keeper.keep({ kind: 'module', moduleId: 'm1' });
    expect(fetched.sort()).toEqual(['t2', 't3']);
    expect(job).toMatchObject({
      status: 'done',
      total: 2,
      done: 2,
      failed: 0,
      reason: 'choice',
      addedBytes: 2000,
    });
    expect(seen[0]).toEqual([0, 2]);
    expect(seen.at(-1)).toEqual([2, 2]);
    expect(await getOfflineKeep(db, 'u1')).toMatchObject({ everything: false, modules: ['m1'] });
    const overview = await loadOfflineOverview(db, 'u1');
    expect(isFullyOffline(overview.modules.get('m1'))).toBe(true);
    expect(isFullyOffline(overview.subjects.get('s2'))).toBe(true);
    expect(isFullyOffline(overview.modules.get('m2'))).toBe(false);
  });

  it('everything covers every module but not archived topics', async () => {
    const { keeper, fetched } = await world();
    const job = await keeper.keep({ kind: 'everything' });
    expect(fetched.sort()).toEqual(['t2', 't3', 't4']);
    expect(job.status).toBe('done');
  });

  it('reports failed topics as partial, and a lost connection as offline (no more fetches)', async () => {
    const { keeper, fetched, setAnswer } = await world();
    setAnswer((id) => (id === 't2' ? 'failed' : 'saved'));
    expect(await keeper.keep({ kind: 'module', moduleId: 'm1' })).toMatchObject({
      status: 'partial',
      failed: 1,
      done: 2,
    });
    fetched.length = 0;
    setAnswer(() => 'offline');
    const job = await keeper.keep({ kind: 'everything' });
    expect(job.status).toBe('offline');
    expect(job.done).toBe(job.total);
  });

  it('does not start offline', async () => {
    const { keeper, fetched } = await world();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await keeper.keep({ kind: 'module', moduleId: 'm1' })).toMatchObject({
      status: 'offline',
      done: 0,
    });
    expect(fetched).toEqual([]);
  });
});

describe('refresh after a sync', () => {
  it('does nothing without a choice', async () => {
    const { keeper, fetched } = await world();
    expect(await keeper.refresh()).toBeNull();
    expect(fetched).toEqual([]);
  });

  it('fetches kept topics that are new or stale, and only those', async () => {
    const { db, keeper, fetched } = await world();
    await keeper.keep({ kind: 'module', moduleId: 'm1' });
    fetched.length = 0;
    // A later content pull: t1 changed on the server, t6 is new in m1, t4 (not kept) changed too.
    await db.topics.update('t1', { serverContentVersion: 5 });
    await db.topics.put(topic('t6', 's2', 'm1'));
    await db.topics.update('t4', { serverContentVersion: 5 });
    const job = await keeper.refresh();
    expect(fetched.sort()).toEqual(['t1', 't6']);
    expect(job).toMatchObject({
      reason: 'refresh',
      status: 'done',
      total: 2,
      target: { kind: 'module', moduleId: 'm1' },
    });
    expect(await keeper.refresh()).toBeNull();
  });
});

describe('unkeep', () => {
  it('stops the top-up after a sync; what is here stays', async () => {
    const { db, keeper, fetched } = await world();
    await keeper.keep({ kind: 'module', moduleId: 'm1' });
    await keeper.unkeep({ kind: 'module', moduleId: 'm1' });
    expect(await getOfflineKeep(db, 'u1')).toMatchObject({ everything: false, modules: [] });
    fetched.length = 0;
    await db.topics.update('t2', { serverContentVersion: 5 });
    expect(await keeper.refresh()).toBeNull();
    expect(fetched).toEqual([]);
    expect((await db.topics.get('t3'))?.lastSynced).toBe(2);
  });

  it('stopping everything forgets every kept module too', async () => {
    const { db, keeper } = await world();
    await keeper.keep({ kind: 'module', moduleId: 'm2' });
    await keeper.keep({ kind: 'everything' });
    await keeper.unkeep({ kind: 'everything' });
    expect(await getOfflineKeep(db, 'u1')).toMatchObject({ everything: false, modules: [] });
  });
});

describe("'Keep my modules on this device' (issue 18)", () => {
  it('after a sync, keeps every module by itself: the missing topics are downloaded', async () => {
    const { db, keeper, fetched } = await world({ keepModules: true });
    const job = await keeper.refresh();
    expect(fetched.sort()).toEqual(['t2', 't3', 't4']);
    expect(job).toMatchObject({ status: 'done', total: 3, target: { kind: 'everything' } });
    expect(await getOfflineKeep(db, 'u1')).toMatchObject({ everything: true });
  });

  it('not when the student turned it off, nor when the estimate is over the free space', async () => {
    const off = await world({ keepModules: false });
    expect(await off.keeper.refresh()).toBeNull();
    expect(off.fetched).toEqual([]);
    const full = await world({ keepModules: true, free: 100 * 1024 });
    expect(await full.keeper.refresh()).toBeNull();
    expect(full.fetched).toEqual([]);
    expect(await getOfflineKeep(full.db, 'u1')).toMatchObject({ everything: false });
  });

  it('not over 500 MB of estimated content', async () => {
    const { db, keeper, fetched } = await world({ keepModules: true });
    // 2,600 more topics of ~200 KB: over 500 MB.
    await db.topics.bulkPut(Array.from({ length: 2600 }, (_, i) => topic(`x${i}`, 's1', 'm1')));
    expect(await keeper.refresh()).toBeNull();
    expect(fetched).toEqual([]);
  });

  it("'Download everything' turns the synced setting on, stopping everything turns it off", async () => {
    const { db, keeper } = await world();
    expect(await readKeepModules(db, 'u1')).toBe(true);
    await keeper.unkeep({ kind: 'everything' });
    expect(await readKeepModules(db, 'u1')).toBe(false);
    expect((await getSchedulerSettingsRow(db, 'u1'))?.dirty).toBe(true);
    await keeper.keep({ kind: 'everything' });
    await vi.waitFor(async () => expect(await readKeepModules(db, 'u1')).toBe(true));
  });

  it("an older device's 'off' in localStorage moves into the setting once", async () => {
    const { db } = await world();
    localStorage.setItem('zan.keepModules.u1', 'off');
    expect(await readKeepModules(db, 'u1')).toBe(false);
    expect(localStorage.getItem('zan.keepModules.u1')).toBeNull();
    expect((await getSchedulerSettingsRow(db, 'u1'))?.settings.keepModulesOffline).toBe(false);
    await writeKeepModules(db, 'u1', true);
    expect(await readKeepModules(db, 'u1')).toBe(true);
    // 'on' was the default already: nothing to move, the key just goes.
    localStorage.setItem('zan.keepModules.u1', 'on');
    expect(await readKeepModules(db, 'u1')).toBe(true);
    expect(localStorage.getItem('zan.keepModules.u1')).toBeNull();
  });
});
