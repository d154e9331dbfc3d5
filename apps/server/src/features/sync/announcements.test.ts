// Announcement pull: scope by college and year group, archive / expiry / delete as deletions,
// a changed scope answers reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AnnouncementsPullResponse } from '@zan/core';
import { stampAnnouncements } from '../../domain/clock-repository.ts';
import { announcement, user } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, signedInUser } from '../../../test/helpers.ts';

describe('announcement sync', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const add = (collegeId: string, yearGroup: string, over: Partial<typeof announcement.$inferInsert> = {}) =>
    t.db.transaction(async (tx) => {
      const v = await stampAnnouncements(tx);
      const id = crypto.randomUUID();
      await tx.insert(announcement).values({
        id,
        title: `A ${id.slice(0, 4)}`,
        date: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
        collegeId,
        yearGroup,
        rowVersion: v,
        ...over,
      });
      return id;
    });
  const pull = async (cookie: string, cursor = '', visibleSet = '') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/sync/announcements?cursor=${encodeURIComponent(cursor)}&visibleSet=${visibleSet}`,
        headers: { cookie },
      })
    ).json() as AnnouncementsPullResponse;

  it('sends the scope, then archived, expired and deleted ones as deletions', async () => {
    const c = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    const other = await createCollege(t.db, { years: ['Y1'] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: 'Y1' });
    const mine = await add(c.id, 'Y1');
    const everyone = await add(c.id, 'global');
    const y2 = await add(c.id, 'Y2');
    const elsewhere = await add(other.id, 'Y1');
    const p1 = await pull(s.cookie);
    expect(p1.announcements.map((a) => a.id).sort()).toEqual([mine, everyone].sort());
    // Another year group or college is outside the student's universe: nothing of it is sent.
    expect(p1.deleted).toEqual([]);
    expect([...p1.deleted, ...p1.announcements.map((a) => a.id)]).not.toContain(elsewhere);

    await t.db.transaction(async (tx) => {
      const v = await stampAnnouncements(tx);
      await tx.update(announcement).set({ isArchived: true, rowVersion: v }).where(eq(announcement.id, mine));
    });
    // A delete writes its own tombstone (the delete trigger of migration 0001).
    await t.db.transaction(async (tx) => {
      await stampAnnouncements(tx);
      await tx.delete(announcement).where(eq(announcement.id, everyone));
    });
    const expired = await add(c.id, 'Y1', { expiresAt: new Date(Date.now() - 1000) });
    const p2 = await pull(s.cookie, p1.cursor, p1.visibleSet);
    expect(p2.announcements).toEqual([]);
    expect(p2.deleted.sort()).toEqual([mine, everyone, expired].sort());

    // The student moves to Y2: reset, then Y2's announcements.
    await t.db.update(user).set({ yearGroup: 'Y2' }).where(eq(user.id, s.id));
    const p3 = await pull(s.cookie, p2.cursor, p2.visibleSet);
    expect(p3).toMatchObject({ reset: true, cursor: '', announcements: [] });
    const p4 = await pull(s.cookie, '', p3.visibleSet);
    expect(p4.announcements.map((a) => a.id)).toEqual([y2]);
  });
});
