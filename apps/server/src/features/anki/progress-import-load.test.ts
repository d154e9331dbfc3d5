// Issue 38: one student's 'Import Anki progress' must not stall the server for every college. A package
// with 200,000 reviews of one matched card imports in one go while GET /api/health keeps answering, and the
// review log holds each review once (before, the plan copied the card's list per review and the upload
// replayed the card's whole history once per 500 ops: 22 minutes, then a failure). Values outside Anki's
// own ranges (a due of −2,000,000,000, a negative card interval, answer button 9…) fail the import (issue 32: a job)
// naming the card and the value, and nothing is written; values Anki itself takes are clamped.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProgressPullResponse } from '@zan/core';
import { card, progressRecord, rateLimit, reviewLog } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { importAnkiProgress } from '../../../test/anki-progress-fixtures.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';
import type { AnkiReview, AnkiScheduling } from './model.ts';
import { writeAnkiPackage } from './write-package.ts';

const DAY = 86_400_000;
const NOW = Date.now();
const created = Math.floor((NOW - 400 * DAY) / 1000);
const NOTE_A = 1_700_000_000_111;
const NOTE_B = 1_700_000_000_222;

const review: AnkiScheduling = {
  type: 2,
  queue: 2,
  due: 410,
  ivl: 21,
  factor: 2300,
  reps: 6,
  lapses: 1,
  memory: null,
};
const rated = (cardId: number, at: number, over: Partial<AnkiReview> = {}): AnkiReview => ({
  id: at,
  cardId,
  ease: 3,
  ivl: 10,
  lastIvl: 5,
  factor: 2500,
  time: 3000,
  type: 1,
  ...over,
});

describe('POST /api/sync/anki-progress, hostile histories and values', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let userId = '';
  const ids = { a: '', b: '' };

  beforeAll(async () => {
    t = await createTestApp({ jobConcurrency: 1 });
    const c = await createCollege(t.db, { years: ['Y1'] });
    const student = await createUser(t.db, { collegeId: c.id, yearGroup: 'Y1' });
    userId = student.id;
    cookie = (await signIn(t.app, student.email, student.password)).cookie;
    await write(t.db, async (w) => {
      const deckId = await w.deck(
        await w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
        0,
      );
      const add = async (ankiNoteId: number) => {
        const [row] = await w.tx
          .insert(card)
          .values({
            front: 'F',
            back: 'B',
            deckId,
            collegeId: c.id,
            yearGroup: 'Y1',
            rowVersion: w.version,
            ankiNoteId: String(ankiNoteId),
            ankiOrd: 0,
          })
          .returning({ id: card.id });
        return row!.id;
      };
      ids.a = await add(NOTE_A);
      ids.b = await add(NOTE_B);
    });
  });
  afterAll(async () => t.close());
  // Each case is an import of its own: the hourly bound (ANKI_PROGRESS_RATE) is another test's.
  beforeEach(async () => {
    await t.db.delete(rateLimit).where(eq(rateLimit.key, `zan:anki-progress:${userId}`));
  });

  /** Card 1 (note A) and card 2 (note B), both matching a Zan card; `b` overrides card 2's scheduling. */
  const pkg = (revlog: readonly AnkiReview[], b: Partial<AnkiScheduling> = {}, createdSecs = created) =>
    writeAnkiPackage({
      now: NOW,
      createdSecs,
      decks: [{ id: 9, name: 'D' }],
      notes: [
        { id: NOTE_A, guid: 'a', kind: 'basic', fields: ['F', 'B'] },
        { id: NOTE_B, guid: 'b', kind: 'basic', fields: ['F', 'B'] },
      ],
      cards: [
        { id: 1, noteId: NOTE_A, deckId: 9, ord: 0, scheduling: review },
        { id: 2, noteId: NOTE_B, deckId: 9, ord: 0, scheduling: { ...review, ...b } },
      ],
      revlog,
    });
  const upload = (bytes: Uint8Array) => importAnkiProgress(t.app, cookie, bytes);
  const ratedLog = (itemId: string) =>
    t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, userId), eq(reviewLog.itemId, itemId), isNotNull(reviewLog.rating)));
  const written = async () => {
    const [logs] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewLog)
      .where(eq(reviewLog.userId, userId));
    const [records] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(progressRecord)
      .where(eq(progressRecord.userId, userId));
    return { logs: logs!.n, records: records!.n };
  };

  // Refusals first: the student has no progress yet, so "nothing written" is an empty log.
  it.each([
    ['a card due of −2,000,000,000', [], { due: -2_000_000_000 }, /card 2\b.*a due of -2,000,000,000/],
    ['a negative card interval', [], { ivl: -5 }, /card 2\b.*an interval of -5\b/],
    ['a card ease factor past Anki’s 16 bits', [], { factor: 70_000 }, /card 2\b.*ease factor of 70,000/],
    ['a card type Anki has not', [], { type: 7 }, /card 2\b.*card type 7\b/],
    ['a negative review count', [], { reps: -1 }, /card 2\b.*review count of -1\b/],
    ['answer button 9', [rated(2, NOW - 3 * DAY, { ease: 9 })], {}, /card 2\b.*answer button 9\b/],
    ['a review type Anki has not', [rated(2, NOW - 3 * DAY, { type: 9 })], {}, /card 2\b.*review type 9\b/],
    [
      'a review interval that is not a whole number',
      [rated(2, NOW - 3 * DAY, { ivl: 1.5 })],
      {},
      /card 2\b.*an interval of 1\.5\b/,
    ],
  ] satisfies [string, AnkiReview[], Partial<AnkiScheduling>, RegExp][])(
    '%s: the import fails naming the card and the value, nothing written',
    async (_name, revlog, b, message) => {
      const res = await upload(await pkg([rated(1, NOW - 10 * DAY), ...revlog], b));
      expect(res.job).toMatchObject({ state: 'failed', canRetry: false });
      expect(res.job?.error).toMatch(message);
      expect(res.job?.error).toContain('cid:2');
      expect(await written()).toEqual({ logs: 0, records: 0 });
    },
  );

  it('200,000 reviews of one card import while /api/health keeps answering; each is logged once', async () => {
    const N = 200_000;
    const first = NOW - 300 * DAY;
    const revlog = Array.from({ length: N }, (_, i) =>
      rated(1, first + i * 60_000, { ease: (i % 4) + 1, ivl: (i % 30) + 1 }),
    );
    const bytes = await pkg(revlog);
    let done = false;
    const importing = upload(bytes).finally(() => {
      done = true;
    });
    // Health answers while the import is in flight: the event loop is never held for the whole of it.
    let answered = 0;
    while (!done) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (!done) answered++;
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await importing;
    expect(res.job?.state, res.job?.error ?? '').toBe('done');
    expect(res.job?.result).toMatchObject({ matched: 2, cards: 2, reviews: N });
    expect(answered).toBeGreaterThanOrEqual(5);
    expect((await ratedLog(ids.a))[0]!.n).toBe(N);
    // The record is the replay of the whole history: its last review and the imported state.
    const pulled = await t.app.inject({
      method: 'GET',
      url: '/api/sync/progress?since=0',
      headers: { cookie },
    });
    const a = (pulled.json() as ProgressPullResponse).records.find((r) => r.itemId === ids.a)!;
    expect(a).toMatchObject({ lastReview: first + (N - 1) * 60_000, interval: 21 * 86_400, reps: 6 });
    // Imported again: no review twice.
    const again = await upload(bytes);
    expect(again.job?.state, again.job?.error ?? '').toBe('done');
    expect((await ratedLog(ids.a))[0]!.n).toBe(N);
  }, 300_000);

  it('values Anki itself takes are clamped to what a record holds, not refused', async () => {
    const res = await upload(
      await pkg(
        [
          rated(1, NOW - 10 * DAY),
          // A learning step: Anki's negative review interval is seconds.
          rated(2, NOW - 4 * DAY, { ivl: -600, type: 0 }),
          // An ease factor past 10 (Anki's revlog factor is 32 bits).
          rated(2, NOW - 3 * DAY, { factor: 100_000 }),
        ],
        { factor: 9000, reps: 3_000_000_000 },
      ),
    );
    expect(res.job?.state, res.job?.error ?? '').toBe('done');
    const pulled = await t.app.inject({
      method: 'GET',
      url: '/api/sync/progress?since=0',
      headers: { cookie },
    });
    const b = (pulled.json() as ProgressPullResponse).records.find((r) => r.itemId === ids.b)!;
    expect(b).toMatchObject({ easeFactor: 9, reps: 2_147_483_647, interval: 21 * 86_400 });
    const [learning] = await t.db
      .select({ payload: reviewLog.payload })
      .from(reviewLog)
      .where(and(eq(reviewLog.itemId, ids.b), eq(reviewLog.reviewedAt, new Date(NOW - 4 * DAY))));
    expect(learning?.payload).toMatchObject({ record: { interval: 600, learningState: 'learning' } });
    const [eased] = await t.db
      .select({ payload: reviewLog.payload })
      .from(reviewLog)
      .where(and(eq(reviewLog.itemId, ids.b), eq(reviewLog.reviewedAt, new Date(NOW - 3 * DAY))));
    expect(eased?.payload).toMatchObject({ record: { easeFactor: 10 } });
  });
});
