// heads on the last content page: where the caller's announcement and progress pulls would end, so an
// idle client makes one request per delta sync. They must equal what those pulls really return.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementsPullResponse, ProgressOp, ProgressPullResponse } from '@zan/core';
import { stampAnnouncements } from '../../domain/clock-repository.ts';
import { announcement } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, signedInUser } from '../../../test/helpers.ts';
import { pullPage, write } from '../../../test/sync-fixtures.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;

describe('content pull heads', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const addAnnouncement = (collegeId: string, yearGroup: string) =>
    t.db.transaction(async (tx) => {
      const v = await stampAnnouncements(tx);
      const id = crypto.randomUUID();
      await tx.insert(announcement).values({
        id,
        title: 'A',
        date: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
        collegeId,
        yearGroup,
        rowVersion: v,
      });
      return id;
    });
  const deleteAnnouncement = (id: string) =>
    t.db.transaction(async (tx) => {
      await stampAnnouncements(tx); // the delete trigger writes the tombstone
      await tx.delete(announcement).where(eq(announcement.id, id));
    });
  /** The cursor a complete announcement pull from `cursor` ends at. */
  async function announcementsEnd(cookie: string, cursor = ''): Promise<string> {
    for (;;) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sync/announcements?cursor=${encodeURIComponent(cursor)}&limit=2`,
        headers: { cookie },
      });
      const page = res.json() as AnnouncementsPullResponse;
      cursor = page.cursor;
      if (!page.hasMore) return cursor;
    }
  }
  const progressPull = async (cookie: string, since: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/sync/progress?since=${since}`, headers: { cookie } })
    ).json() as ProgressPullResponse;
  const push = async (cookie: string, ops: ProgressOp[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/progress',
      headers: { cookie },
      payload: { deviceId: 'device-heads', ops },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const review = (itemId: string, opId = `op-${crypto.randomUUID()}`): ProgressOp => ({
    opId,
    kind: 'upsert',
    rating: 3,
    record: {
      itemId,
      type: 'flashcard',
      cardId: itemId,
      questionId: null,
      subjectId: 's',
      deckId: 'd',
      easeFactor: 2.5,
      interval: 60,
      dueDate: Date.now() + 60_000,
      isSuspended: false,
      reviewedAt: Date.now(),
    },
  });

  it('announcements head: "" for an empty stream, then exactly where the pull ends (rows and tombstones)', async () => {
    const c = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    const other = await createCollege(t.db, { years: ['Y1'] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: 'Y1' });
    const headNow = async () => (await pullPage(t.app, s.cookie)).heads?.announcements;

    expect(await headNow()).toBe('');
    const a1 = await addAnnouncement(c.id, 'Y1');
    await addAnnouncement(c.id, 'Y2'); // same college, another year: in the stream as a deletion
    await addAnnouncement(c.id, 'global');
    const head1 = await headNow();
    expect(head1).toBe(await announcementsEnd(s.cookie));
    expect(head1).not.toBe('');

    // Another college's announcement does not move this caller's head.
    await addAnnouncement(other.id, 'Y1');
    expect(await headNow()).toBe(head1);

    // A deletion (tombstone) moves it to the tombstone's position.
    await deleteAnnouncement(a1);
    const head2 = await headNow();
    expect(head2).not.toBe(head1);
    expect(head2).toMatch(/^\d+:0:\d+$/);
    expect(head2).toBe(await announcementsEnd(s.cookie, head1));
    expect(head2).toBe(await announcementsEnd(s.cookie));
  });

  it('progress head: 0, then the version a complete pull returns; a retried upload does not move it', async () => {
    const c = await createCollege(t.db, { years: ['Y1'] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: 'Y1' });
    const head = async () => (await pullPage(t.app, s.cookie)).heads?.progress;
    expect(await head()).toBe(0);
    const op = review('card-1');
    await push(s.cookie, [op, review('card-2')]);
    const pulled = await progressPull(s.cookie, 0);
    expect(pulled.version).toBeGreaterThan(0);
    expect(await head()).toBe(pulled.version);
    // The retry bumps the clock but stamps no row: the head stays where a pull ends.
    await push(s.cookie, [op]);
    expect(await head()).toBe(pulled.version);
    expect((await progressPull(s.cookie, pulled.version)).version).toBe(pulled.version);
    // Another user's progress is not this user's head.
    const other = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: 'Y1' });
    await push(other.cookie, [review('card-9')]);
    expect(await head()).toBe(pulled.version);
  });

  it('only the last page carries heads', async () => {
    const c = await createCollege(t.db, { years: ['Y1'] });
    await write(t.db, async (w) => {
      const m = await w.module({ collegeId: c.id, yearGroup: 'Y1' });
      const sub = await w.subject(m);
      await w.topics(sub, 5);
    });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: 'Y1' });
    const first = await pullPage(t.app, s.cookie, { limit: 3 });
    expect(first.hasMore).toBe(true);
    expect(first.heads).toBeUndefined();
    const pages = [first];
    for (let p = first; p.hasMore; pages.push(p))
      p = await pullPage(t.app, s.cookie, { limit: 3, cursor: p.cursor, visibleSet: p.visibleSet });
    const page = pages.pop()!;
    // 7 rows (a module, a subject, 5 topics) 3 a page: two pages before the last, neither with heads.
    expect(pages.map((p) => p.heads)).toEqual([undefined, undefined]);
    expect(page.heads).toEqual({
      announcements: '',
      progress: 0,
      announcementsVisibleSet: expect.stringMatching(/^v1\./),
    });
  });
});
