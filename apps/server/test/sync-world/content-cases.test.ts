// Issue 9, cases 1–4: the real web sync engine against the real server, each case a schedule that
// used to leave the device wrong for good.
import 'fake-indexeddb/auto'; // before Dexie loads: it captures the IndexedDB global
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeYear, createWorld, deferred, Y1, Y2, type World } from './world.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => w.close());

async function freeTopic(w: World, opts: { isFree?: boolean } = {}) {
  const m = await w.admin.module({
    collegeId: w.collegeId,
    yearGroup: w.yearGroup,
    isFree: opts.isFree ?? true,
  });
  const s = await w.admin.subject(m);
  const t = await w.admin.topic(s);
  const deck = await w.admin.deck(t, 3);
  return { m, s, t, deck };
}

describe('issue 9 content cases', () => {
  it('case 1: a slow topic download read before an archive does not bring the topic back', async () => {
    const d = await w.device();
    const { s, t } = await freeTopic(w);
    expect(await d.engine.syncNow()).toBe('success');
    const slow = deferred();
    d.net.holdTopics = slow.promise;
    const download = d.engine.syncTopic(t);
    await new Promise((r) => setTimeout(r, 50)); // the server has answered; the response is on its way
    d.net.holdTopics = null;
    await w.admin.archive('subject', s);
    expect(await d.engine.syncNow()).toBe('success');
    expect(await d.db.topics.get(t)).toBeUndefined();
    slow.release();
    await download;
    expect(await d.db.topics.get(t)).toBeUndefined();
    expect(await d.db.flashcardDecks.where('topicId').equals(t).count()).toBe(0);
    expect(await d.engine.syncNow()).toBe('success');
    expect(await d.db.topics.get(t)).toBeUndefined();
  });

  it('case 1: a slow download read before a rename does not revert the name', async () => {
    const d = await w.device();
    const { t } = await freeTopic(w);
    expect(await d.engine.syncNow()).toBe('success');
    const slow = deferred();
    d.net.holdTopics = slow.promise;
    const download = d.engine.syncTopic(t);
    await new Promise((r) => setTimeout(r, 50));
    d.net.holdTopics = null;
    await w.admin.renameTopic(t, 'Renamed topic');
    expect(await d.engine.syncNow()).toBe('success');
    slow.release();
    await download;
    expect((await d.db.topics.get(t))?.['name']).toBe('Renamed topic');
  });

  it('case 2: a 404 that lands after a restore does not delete the topic', async () => {
    const d = await w.device();
    const { s, t } = await freeTopic(w);
    expect(await d.engine.syncNow()).toBe('success');
    await w.admin.archive('subject', s);
    const slow = deferred();
    d.net.holdTopics = slow.promise;
    const download = d.engine.syncTopic(t);
    await new Promise((r) => setTimeout(r, 50));
    d.net.holdTopics = null;
    await w.admin.restore('subject', s);
    expect(await d.engine.syncNow()).toBe('success');
    expect((await d.db.topics.get(t))?.['id']).toBe(t);
    slow.release();
    await download;
    await d.engine.waitUntilIdle();
    expect((await d.db.topics.get(t))?.['id']).toBe(t);
  });

  it('case 2: revoke and grant again between two syncs leaves the topic in place', async () => {
    const d = await w.device();
    const { m, t } = await freeTopic(w, { isFree: false });
    await w.admin.grant(w.student.id, m);
    expect(await d.engine.syncNow()).toBe('success');
    expect(await d.engine.syncTopic(t)).toBe('saved');
    await w.admin.revoke(w.student.id, m);
    // The 404 starts a delta sync in the background; it must reach the server only after the grant
    // ("between two syncs"), whatever the machine's speed: its pull is held until then.
    const late = deferred();
    d.net.holdContent = late.promise;
    const res = await d.engine.syncTopic(t); // 404 while revoked
    expect(res).toBe('gone');
    await w.admin.grant(w.student.id, m);
    d.net.holdContent = null;
    late.release();
    await d.engine.waitUntilIdle();
    expect(await d.engine.syncNow()).toBe('success');
    expect((await d.db.topics.get(t))?.['id']).toBe(t);
    expect(await d.db.cards.count()).toBeGreaterThan(0);
  });

  it('case 3: after a year change the device drops the old year and gets the new year’s older announcements', async () => {
    const y1 = await w.admin.announce(w.collegeId, Y1);
    const y2 = await w.admin.announce(w.collegeId, Y2);
    const d = await w.device();
    expect(await d.engine.syncNow()).toBe('success');
    const before = (await d.db.announcements.toArray()).map((a) => a.id);
    expect(before).toContain(y1);
    expect(before).not.toContain(y2);
    await changeYear(w, Y2, [d]);
    try {
      expect(await d.engine.syncNow()).toBe('success');
      const after = (await d.db.announcements.toArray()).map((a) => a.id);
      expect(after).toContain(y2);
      expect(after).not.toContain(y1);
    } finally {
      await changeYear(w, Y1, [d]);
    }
  });

  it('case 4: a reset keeps the decks and cards of topics still visible', async () => {
    const d = await w.device();
    const { t } = await freeTopic(w);
    expect(await d.engine.syncNow()).toBe('success');
    expect(await d.engine.syncTopic(t)).toBe('saved');
    const paid = await w.admin.module({ collegeId: w.collegeId, yearGroup: w.yearGroup, isFree: false });
    await w.admin.grant(w.student.id, paid); // the visible set changes: reset
    expect(await d.engine.syncNow()).toBe('success');
    expect((await d.db.topics.get(t))?.['lastSynced']).toEqual(expect.any(Number));
    expect(await d.db.cards.count()).toBeGreaterThanOrEqual(3);
  });
});
