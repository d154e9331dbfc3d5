// The database enforces the one content-write path (migration 0001): a content row written without
// the transaction's version is refused, rows are stamped by the triggers, and a delete writes one
// tombstone per deleted row — cascaded descendants included — with the row's scope.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcement, card, flashcardDeck, module, subject, topic } from '../db/schema/index.ts';
import { createTestApp } from '../../test/harness.ts';
import { createCollege, createUser } from '../../test/helpers.ts';
import { write } from '../../test/sync-fixtures.ts';
import { withAnnouncementWrite, withContentWrite } from './content-write.ts';

describe('content write path', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses content and announcement rows written outside the unit of work', async () => {
    const c = await createCollege(t.db, { years: ['Y1'] });
    const row = { name: 'Loose', stage: 1, collegeId: c.id, yearGroup: 'Y1' };
    await expect(t.db.insert(module).values(row)).rejects.toThrow();
    const m = await write(t.db, (w) => w.module({ collegeId: c.id, yearGroup: 'Y1' }));
    await expect(t.db.update(module).set({ name: 'x' }).where(eq(module.id, m))).rejects.toThrow();
    await expect(t.db.delete(module).where(eq(module.id, m))).rejects.toThrow();
    // The announcements clock does not open the content stream, nor the other way round.
    await expect(
      withAnnouncementWrite({ db: t.db, events: null }, ({ tx }) => tx.insert(module).values(row)),
    ).rejects.toThrow();
    const ann = { title: 'A', date: new Date(), expiresAt: new Date(), collegeId: c.id, yearGroup: 'Y1' };
    await expect(t.db.insert(announcement).values(ann)).rejects.toThrow();
    await expect(
      withContentWrite({ db: t.db, events: null }, ({ tx }) => tx.insert(announcement).values(ann)),
    ).rejects.toThrow();
    const [kept] = await t.db.select().from(module).where(eq(module.id, m));
    expect(kept?.name).not.toBe('x');
  });

  it('stamps every written row with the transaction version, whatever the writer passes', async () => {
    const c = await createCollege(t.db, { years: ['Y1'] });
    const { id, version } = await withContentWrite({ db: t.db, events: null }, async ({ tx, version }) => {
      const [r] = await tx
        .insert(module)
        .values({ name: 'M', stage: 1, collegeId: c.id, yearGroup: 'Y1', rowVersion: 1 })
        .returning();
      return { id: r?.id ?? '', version };
    });
    const [m] = await t.db.select().from(module).where(eq(module.id, id));
    expect(m?.rowVersion).toBe(version);
    expect(version).toBeGreaterThan(1);
  });

  it("after commit tells the college's users and superadmins, not other colleges; nothing on rollback", async () => {
    const c = await createCollege(t.db, { years: ['Y1'] });
    const other = await createCollege(t.db, { years: ['Y1'] });
    const mine = await createUser(t.db, { collegeId: c.id, yearGroup: 'Y1' });
    const theirs = await createUser(t.db, { collegeId: other.id, yearGroup: 'Y1' });
    const calls: { user: string; event: string; data: unknown }[] = [];
    const events = {
      publish: async (user: string, event: string, data?: Record<string, unknown>) =>
        void calls.push({ user, event, data }),
    };
    const version = await withContentWrite({ db: t.db, events }, async ({ tx, version }) => {
      await tx.insert(module).values({ name: 'M', stage: 1, collegeId: c.id, yearGroup: 'Y1' });
      return version;
    });
    const told = calls.map((x) => x.user);
    expect(told).toContain(mine.id);
    expect(told).not.toContain(theirs.id);
    expect(
      calls.every((x) => x.event === 'content' && (x.data as { version: number }).version === version),
    ).toBe(true);
    calls.length = 0;
    await expect(
      withContentWrite({ db: t.db, events }, async ({ tx }) => {
        await tx.insert(module).values({ name: 'M', stage: 1, collegeId: c.id, yearGroup: 'Y1' });
        throw new Error('bad input');
      }),
    ).rejects.toThrow('bad input');
    expect(calls).toEqual([]);
  });

  it('tombstones every row a delete removes, descendants included, with their scope', async () => {
    const c = await createCollege(t.db, { years: ['Y1'] });
    const ids = await write(t.db, async (w) => {
      const m = await w.module({ collegeId: c.id, yearGroup: 'Y1' });
      const s = await w.subject(m);
      const tp = await w.topic(s);
      const d = await w.deck(tp, 3);
      return { m, s, tp, d };
    });
    const version = await withContentWrite({ db: t.db, events: null }, async ({ tx, version }) => {
      await tx.delete(module).where(eq(module.id, ids.m));
      return version;
    });
    const stones = await t.db.execute<{ entity: string; n: number; college: string; year: string }>(sql`
      select entity, count(*)::int as n, min(college_id) as college, min(year_group) as year
      from tombstone where row_version = ${version} group by entity order by entity`);
    expect(stones.rows).toEqual([
      { entity: 'card', n: 3, college: c.id, year: 'Y1' },
      { entity: 'flashcardDeck', n: 1, college: c.id, year: 'Y1' },
      { entity: 'module', n: 1, college: c.id, year: 'Y1' },
      { entity: 'subject', n: 1, college: c.id, year: 'Y1' },
      { entity: 'topic', n: 1, college: c.id, year: 'Y1' },
    ]);
    expect(await t.db.select().from(subject).where(eq(subject.id, ids.s))).toEqual([]);
    expect(await t.db.select().from(topic).where(eq(topic.id, ids.tp))).toEqual([]);
    expect(await t.db.select().from(card).where(eq(card.deckId, ids.d))).toEqual([]);
    expect(await t.db.select().from(flashcardDeck).where(eq(flashcardDeck.id, ids.d))).toEqual([]);
  });
});
