// Account → 'Import Anki progress' through the HTTP API (issue 20): a student's own package (here a
// .colpkg) whose note ids match cards Zan imported from Anki gives those cards the student's Anki
// scheduling (FSRS memory, interval, ease, due, suspended) and review history; the summary counts what
// matched; the result syncs like any other progress, and a device's review made after the import
// still applies on top of it while an older one loses to it. Cards of another college never match.
// The student's progress on the deck then exports as an .apkg with the same scheduling and reviews.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiProgressImportResponse, ProgressPullResponse } from '@zan/core';
import { DEFAULT_PROGRESS_LIMITS } from '../../config.ts';
import { card, reviewLog } from '../../db/schema/index.ts';
import { hit } from '../../platform/rate-limit.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { importAnkiProgress } from '../../../test/anki-progress-fixtures.ts';
import { reviewOp, pushProgress, write } from '../../../test/sync-fixtures.ts';
import type { AnkiScheduling } from './model.ts';
import { ANKI_PROGRESS_RATE } from './progress-import-service.ts';
import { EXPORT_PAGES } from './export-repository.ts';
import { readAnkiPackage } from './read-package.ts';
import { writeAnkiPackage } from './write-package.ts';

const DAY = 86_400_000;
const NOW = Date.now();
const created = Math.floor((NOW - 100 * DAY) / 1000);

describe('POST /api/sync/anki-progress', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  const ids = { basic: '', cloze: '', plain: '', foreign: '' };
  let deckId = '';

  beforeAll(async () => {
    t = await createTestApp({ jobConcurrency: 1 });
    const c = await createCollege(t.db, { years: ['Y1'] });
    const other = await createCollege(t.db, { years: ['Y1'] });
    const student = await createUser(t.db, { collegeId: c.id, yearGroup: 'Y1' });
    cookie = (await signIn(t.app, student.email, student.password)).cookie;
    const deckOf = async (collegeId: string) =>
      write(t.db, async (w) =>
        w.deck(await w.topic(await w.subject(await w.module({ collegeId, yearGroup: 'Y1' }))), 0),
      );
    const mine = await deckOf(c.id);
    deckId = mine;
    const theirs = await deckOf(other.id);
    await write(t.db, async (w) => {
      const add = async (deckId: string, collegeId: string, v: Partial<typeof card.$inferInsert>) => {
        const [row] = await w.tx
          .insert(card)
          .values({ front: 'F', back: 'B', deckId, collegeId, yearGroup: 'Y1', rowVersion: w.version, ...v })
          .returning({ id: card.id });
        return row!.id;
      };
      ids.basic = await add(mine, c.id, { ankiNoteId: '1500000000111', ankiOrd: 0 });
      const noteId = crypto.randomUUID();
      ids.cloze = await add(mine, c.id, {
        kind: 'cloze',
        noteId,
        ord: 2,
        ankiNoteId: '1500000000222',
        ankiOrd: 1,
      });
      ids.plain = await add(mine, c.id, {});
      ids.foreign = await add(theirs, other.id, { ankiNoteId: '1500000000333', ankiOrd: 0 });
    });
  });
  afterAll(async () => t.close());

  const review: AnkiScheduling = {
    type: 2,
    queue: 2,
    due: 110, // 10 days from now, counted from the collection's creation 100 days ago
    ivl: 21,
    factor: 2300,
    reps: 6,
    lapses: 1,
    memory: { stability: 19.5, difficulty: 6.25 },
  };
  const lastReviewAt = NOW - 11 * DAY;

  async function studentPackage(): Promise<Uint8Array> {
    const deckId = 1_500_000_000_001;
    return writeAnkiPackage({
      now: created * 1000,
      decks: [{ id: deckId, name: 'Cardio' }],
      notes: [
        { id: 1_500_000_000_111, guid: 'a', kind: 'basic', fields: ['F', 'B'] },
        { id: 1_500_000_000_222, guid: 'b', kind: 'cloze', fields: ['{{c1::x}} {{c2::y}}', ''] },
        { id: 1_500_000_000_333, guid: 'c', kind: 'basic', fields: ['F', 'B'] },
      ],
      cards: [
        { id: 1, noteId: 1_500_000_000_111, deckId, ord: 0, scheduling: review },
        { id: 2, noteId: 1_500_000_000_222, deckId, ord: 0 },
        {
          id: 3,
          noteId: 1_500_000_000_222,
          deckId,
          ord: 1,
          scheduling: { ...review, queue: -1, memory: null, factor: 2000 },
        },
        { id: 4, noteId: 1_500_000_000_333, deckId, ord: 0, scheduling: review },
      ],
      revlog: [
        { id: NOW - 30 * DAY, cardId: 1, ease: 3, ivl: 8, lastIvl: 0, factor: 2500, time: 4000, type: 0 },
        { id: lastReviewAt, cardId: 1, ease: 3, ivl: 21, lastIvl: 8, factor: 2300, time: 3000, type: 1 },
        { id: NOW - 5 * DAY, cardId: 4, ease: 4, ivl: 30, lastIvl: 9, factor: 2500, time: 3000, type: 1 },
      ],
    });
  }

  const upload = (bytes: Uint8Array, fileName?: string) => importAnkiProgress(t.app, cookie, bytes, fileName);
  const pull = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sync/progress?since=0', headers: { cookie } });
    return (res.json() as ProgressPullResponse).records;
  };

  it('gives matching cards the student’s Anki scheduling and history, and says what matched', async () => {
    const res = await upload(await studentPackage());
    expect(res.statusCode).toBe(202);
    expect(res.job?.state, res.job?.error ?? '').toBe('done');
    expect(res.job?.result).toEqual({
      matched: 2,
      unmatched: 2,
      cards: 2,
      reviews: 2,
    } satisfies AnkiProgressImportResponse);
    const records = await pull();
    expect(records.map((r) => r.itemId).sort()).toEqual([ids.basic, ids.cloze].sort());
    const basic = records.find((r) => r.itemId === ids.basic)!;
    expect(basic).toMatchObject({
      interval: 21 * 86_400,
      easeFactor: 2.3,
      isSuspended: false,
      stability: 19.5,
      difficulty: 6.25,
      learningState: 'review',
      lastReview: lastReviewAt,
      reps: 6,
      lapses: 1,
    });
    // Anki counts due days from the collection's creation day.
    expect(basic.dueDate).toBe((created - (created % 86_400) + 110 * 86_400) * 1000);
    const cloze = records.find((r) => r.itemId === ids.cloze)!;
    expect(cloze).toMatchObject({ isSuspended: true, easeFactor: 2, interval: 21 * 86_400 });
    expect(cloze.stability ?? null).toBeNull();
    const rated = await t.db
      .select()
      .from(reviewLog)
      .where(and(eq(reviewLog.itemId, ids.basic), eq(reviewLog.rating, 3)));
    expect(rated.map((r) => r.reviewedAt.getTime()).sort()).toEqual([NOW - 30 * DAY, lastReviewAt]);
  });

  it('imported again, adds no review twice', async () => {
    const res = await upload(await studentPackage(), 'mine.apkg');
    expect(res.job?.result).toMatchObject({ matched: 2, unmatched: 2 });
    const rated = await t.db
      .select()
      .from(reviewLog)
      .where(and(eq(reviewLog.itemId, ids.basic), eq(reviewLog.rating, 3)));
    expect(rated).toHaveLength(2);
  });

  it('exports the student’s progress on the deck as an .apkg with the same scheduling and review log', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/decks/${deckId}/apkg`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const read = await readAnkiPackage(new Uint8Array(res.rawPayload));
    if ('error' in read) throw new Error(read.error.message);
    const p = read.package;
    const byNote = (id: number) => p.cards.find((c) => p.notes.find((n) => n.id === c.noteId)?.id === id)!;
    const basic = byNote(1_500_000_000_111).scheduling;
    expect(basic).toMatchObject({ type: 2, queue: 2, ivl: 21, factor: 2300, reps: 6, lapses: 1 });
    expect(basic.memory).toEqual({ stability: 19.5, difficulty: 6.25 });
    // The same due date, counted from this package's creation.
    expect((p.createdSecs + basic.due * 86_400) * 1000).toBe(
      (created - (created % 86_400) + 110 * 86_400) * 1000,
    );
    const cloze = p.cards.find((c) => c.noteId === p.notes.find((n) => n.id === 1_500_000_000_222)?.id)!;
    expect(cloze.ord).toBe(1);
    expect(cloze.scheduling).toMatchObject({ type: 2, queue: -1 });
    const plain = p.cards.filter((c) => c.scheduling.type === 0);
    expect(plain).toHaveLength(1);
    expect(
      p.revlog.filter((r) => r.cardId === byNote(1_500_000_000_111).id).map((r) => [r.id, r.ease]),
    ).toEqual([
      [NOW - 30 * DAY, 3],
      [lastReviewAt, 3],
    ]);
    // Issue 38: the reviews reach the export's thread in pages; a page of one review gives the same log.
    EXPORT_PAGES.reviews = 1;
    try {
      const paged = await t.app.inject({
        method: 'GET',
        url: `/api/decks/${deckId}/apkg`,
        headers: { cookie },
      });
      const again = await readAnkiPackage(new Uint8Array(paged.rawPayload));
      if ('error' in again) throw new Error(again.error.message);
      expect(again.package.revlog).toEqual(p.revlog);
      expect(p.revlog.length).toBe(2);
    } finally {
      EXPORT_PAGES.reviews = 20_000;
    }
  });

  it('a device review made after the import applies on top; an older one loses to the import', async () => {
    const device = crypto.randomUUID();
    await pushProgress(t.app, cookie, device, [
      { ...reviewOp(ids.cloze, NOW - 2 * DAY, 600), opId: `op-${crypto.randomUUID()}` },
    ]);
    let cloze = (await pull()).find((r) => r.itemId === ids.cloze)!;
    expect(cloze.isSuspended).toBe(true);
    expect(cloze.interval).toBe(21 * 86_400);
    await pushProgress(t.app, cookie, device, [reviewOp(ids.basic, Date.now() + 1000, 600)]);
    // Scheduled from the imported state (21 days, ease 2.3), not from a new card.
    const basic = (await pull()).find((r) => r.itemId === ids.basic)!;
    expect(basic.interval).toBeGreaterThan(21 * 86_400);
    expect(basic.lastReview).toBeGreaterThan(NOW);
    cloze = (await pull()).find((r) => r.itemId === ids.cloze)!;
    expect(cloze.isSuspended).toBe(true);
  });

  it('refuses what is not an Anki package with its message, and offers no Try again', async () => {
    const res = await upload(new TextEncoder().encode('not a zip'));
    expect(res.job).toMatchObject({ state: 'failed', canRetry: false, result: null });
    expect(res.job?.error).toMatch(/Anki package/);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/sync/anki-progress/${res.job!.jobId}/retry`,
      headers: { cookie },
    });
    expect(retry.statusCode).toBe(409);
  });
});

// A whole Anki history is one import, rate limited apart: not refused by the hourly progress-upload window
// (before, 3 reviews and 2 cards past a window of 4 ops answered 429 'Too many progress uploads'); the
// body streams to a temporary file bounded by ANKI_MAX_MB (413 past it, nothing imported); the media of
// the package are never read.
describe('POST /api/sync/anki-progress, bounds', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let userId = '';
  let cardId = '';

  beforeAll(async () => {
    t = await createTestApp({
      progressLimits: { ...DEFAULT_PROGRESS_LIMITS, uploadOps: 4 },
      ankiMaxBytes: 64 * 1024,
      jobConcurrency: 1,
    });
    const c = await createCollege(t.db, { years: ['Y1'] });
    const student = await createUser(t.db, { collegeId: c.id, yearGroup: 'Y1' });
    userId = student.id;
    cookie = (await signIn(t.app, student.email, student.password)).cookie;
    await write(t.db, async (w) => {
      const deckId = await w.deck(
        await w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
        0,
      );
      const [row] = await w.tx
        .insert(card)
        .values({
          front: 'F',
          back: 'B',
          deckId,
          collegeId: c.id,
          yearGroup: 'Y1',
          rowVersion: w.version,
          ankiNoteId: '1600000000111',
          ankiOrd: 0,
        })
        .returning({ id: card.id });
      cardId = row!.id;
    });
  });
  afterAll(async () => t.close());

  const history = (media: { name: string; bytes: Uint8Array }[] = []) =>
    writeAnkiPackage({
      now: created * 1000,
      decks: [{ id: 9, name: 'D' }],
      notes: [{ id: 1_600_000_000_111, guid: 'g', kind: 'basic', fields: ['F', 'B'] }],
      cards: [{ id: 1, noteId: 1_600_000_000_111, deckId: 9, ord: 0, scheduling: review }],
      revlog: [1, 2, 3, 4, 5, 6].map((d) => ({
        id: NOW - (40 - d) * DAY,
        cardId: 1,
        ease: 3,
        ivl: d,
        lastIvl: d - 1,
        factor: 2500,
        time: 3000,
        type: 1,
      })),
      media,
    });
  const review: AnkiScheduling = {
    type: 2,
    queue: 2,
    due: 110,
    ivl: 21,
    factor: 2300,
    reps: 6,
    lapses: 0,
    memory: null,
  };
  const upload = (bytes: Uint8Array) => importAnkiProgress(t.app, cookie, bytes, 'mine.apkg');

  it('a history longer than the hourly upload window imports whole', async () => {
    const res = await upload(await history());
    expect(res.job?.state, res.job?.error ?? '').toBe('done');
    expect(res.job?.result).toMatchObject({ matched: 1, cards: 1, reviews: 6 });
    const rated = await t.db
      .select()
      .from(reviewLog)
      .where(and(eq(reviewLog.itemId, cardId), eq(reviewLog.rating, 3)));
    expect(rated).toHaveLength(6);
  });

  it('a package past ANKI_MAX_MB is refused with 413 and imports nothing', async () => {
    const big = await history([{ name: 'noise.png', bytes: crypto.getRandomValues(new Uint8Array(60_000)) }]);
    const bigger = await history([
      { name: 'a.png', bytes: crypto.getRandomValues(new Uint8Array(60_000)) },
      { name: 'b.png', bytes: crypto.getRandomValues(new Uint8Array(60_000)) },
    ]);
    expect(big.length).toBeLessThan(64 * 1024);
    expect(bigger.length).toBeGreaterThan(64 * 1024);
    const res = await upload(bigger);
    expect(res.statusCode).toBe(413);
    expect(res.error?.code).toBe('UPLOAD_TOO_LARGE');
    // Its media are never read: a package within the bound but with pictures imports the same.
    const ok = await upload(big);
    expect(ok.job?.state, ok.job?.error ?? '').toBe('done');
  });

  it('more imports than ANKI_PROGRESS_RATE in an hour: 429 with its own message', async () => {
    await hit(t.db, `zan:anki-progress:${userId}`, ANKI_PROGRESS_RATE, ANKI_PROGRESS_RATE.max);
    const res = await upload(await history());
    expect(res.statusCode).toBe(429);
    expect(res.error?.code).toBe('ANKI_PROGRESS_LIMITED');
    expect(res.error?.message).toMatch(/^You have imported Anki progress several times in the last hour/);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
