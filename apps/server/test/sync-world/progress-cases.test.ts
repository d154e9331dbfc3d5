// Issue 9, cases 5–10: progress through the real web sync engine and the real server, two devices of
// one student (a sign-in signs the other device out, so each step signs its device in first).
import 'fake-indexeddb/auto'; // before Dexie loads: it captures the IndexedDB global
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressOp, ProgressPullResponse } from '@zan/core';
import { recordReview, resetDeckProgress, toProgressRecord } from '../../../web/src/local/progress.ts';
import { replaceStudyData } from '../../../web/src/local/study-data.ts';
import { saveStudySession } from '../../../web/src/local/study-sessions.ts';
import { outboxRow, rejectedOps } from '../../../web/src/local/outbox.ts';
import { createUser, signIn } from '../helpers.ts';
import type { Device } from './device.ts';
import { createWorld, type World } from './world.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => w.close());

/** A deck of `n` cards in a fresh free module, synced onto the devices with its topic content. */
async function deckOn(devices: Device[], n = 2) {
  const m = await w.admin.module({ collegeId: w.collegeId, yearGroup: w.yearGroup });
  const s = await w.admin.subject(m);
  const t = await w.admin.topic(s);
  const deck = await w.admin.deck(t, n);
  for (const d of devices) {
    await w.signIn(d);
    expect(await d.engine.syncNow()).toBe('success');
    expect(await d.engine.syncTopic(t)).toBe('saved');
  }
  const cards = (await devices[0]!.db.cards.where('deckId').equals(deck).primaryKeys()) as string[];
  return { s, t, deck, cards };
}

const review = (
  d: Device,
  card: string,
  deck: string,
  subjectId: string,
  rating: 'again' | 'hard' | 'good' | 'easy',
) =>
  recordReview({
    db: d.db,
    userId: w.student.id,
    card: { id: card },
    deckId: deck,
    subjectId,
    rating,
    now: new Date(d.now()),
  });

async function sync(d: Device) {
  await w.signIn(d);
  expect(await d.engine.syncProgress()).toBe(true);
}

async function serverPull(): Promise<ProgressPullResponse> {
  const { cookie } = await signIn(w.t.app, w.student.email, w.student.password);
  const res = await w.t.app.inject({ method: 'GET', url: '/api/sync/progress?since=0', headers: { cookie } });
  return res.json() as ProgressPullResponse;
}

const local = async (d: Device, itemId: string) => {
  const r = await d.db.userProgress.where('itemId').equals(itemId).first();
  return r && { interval: r.interval, easeFactor: r.easeFactor, reviewedAt: r.reviewedAt?.getTime() };
};
const remote = async (itemId: string) => {
  const r = (await serverPull()).records.find((x) => x.itemId === itemId);
  return r && { interval: r.interval, easeFactor: r.easeFactor, reviewedAt: r.reviewedAt };
};

describe('issue 9 progress cases', () => {
  it('case 5: a device whose clock is 2 s slow reviews after seeing a state and still ends equal to the server', async () => {
    const a = await w.device(-2_000);
    const b = await w.device(0);
    const { s, deck, cards } = await deckOn([a, b]);
    const card = cards[0]!;
    await review(b, card, deck, s, 'easy');
    await sync(b);
    await sync(a); // a sees b's state
    const mine = await review(a, card, deck, s, 'again'); // made after seeing it, on a clock 2 s behind
    await sync(a);
    await sync(b);
    const server = await remote(card);
    expect(server?.interval).toBe(mine.interval); // the later review wins
    expect(await local(a, card)).toEqual(server);
    expect(await local(b, card)).toEqual(server);
  });

  it('case 5: a review that loses latest-wins re-stamps the winner, so its device pulls it', async () => {
    const a = await w.device(5 * 60_000); // clamped by the server
    const b = await w.device(50_000); // ahead, but within the tolerance: not clamped
    const { s, deck, cards } = await deckOn([a, b]);
    const card = cards[0]!;
    a.net.online = false;
    await review(a, card, deck, s, 'again');
    a.net.online = true;
    await review(b, card, deck, s, 'easy');
    await sync(b);
    // a's upload fails, its pull still runs: b's record is older than a's pending review, so a keeps its own.
    await w.signIn(a);
    a.net.faults.push('server-error');
    await expect(a.engine.syncProgress()).rejects.toThrow();
    expect((await local(a, card))?.interval).not.toBe((await remote(card))?.interval);
    await sync(a); // a's review is clamped to the server's now, before b's: it loses
    expect(await local(a, card)).toEqual(await remote(card));
  });

  it('case 6: a clock more than 60 s fast keeps the order of its own ops ("good" then "again")', async () => {
    const a = await w.device(5 * 60_000);
    const { s, deck, cards } = await deckOn([a]);
    const card = cards[0]!;
    a.net.online = false;
    await review(a, card, deck, s, 'good');
    const last = await review(a, card, deck, s, 'again');
    a.net.online = true;
    await sync(a);
    expect((await remote(card))?.interval).toBe(last.interval);
    expect(await local(a, card)).toEqual(await remote(card));
  });

  it('case 6: a review followed by a deck reset in one upload ends reset', async () => {
    const a = await w.device(5 * 60_000);
    const { s, deck, cards } = await deckOn([a]);
    a.net.online = false;
    await review(a, cards[0]!, deck, s, 'good');
    await resetDeckProgress({ db: a.db, userId: w.student.id, deckId: deck, now: new Date(a.now()) });
    a.net.online = true;
    await sync(a);
    expect(await remote(cards[0]!)).toBeUndefined();
    expect(await local(a, cards[0]!)).toBeUndefined();
  });

  it('case 7: a deck reset also resets cards this device never saw (another device’s reviews)', async () => {
    const a = await w.device(0);
    const b = await w.device(0);
    const { s, t, deck, cards } = await deckOn([b]);
    await w.signIn(a);
    expect(await a.engine.syncNow()).toBe('success'); // a has the deck's topic but never fetched its cards
    await review(b, cards[1]!, deck, s, 'good');
    await sync(b);
    a.net.online = false;
    await resetDeckProgress({ db: a.db, userId: w.student.id, deckId: deck, now: new Date(a.now() + 1_000) });
    a.net.online = true;
    await sync(a);
    await sync(b);
    expect(await remote(cards[1]!)).toBeUndefined();
    expect(await local(b, cards[1]!)).toBeUndefined();
    expect((await a.db.topics.get(t))?.['id']).toBe(t); // a had the deck's topic, never its cards
  });

  it('case 8: an import replaces what this device never pulled, deletes dropped sessions, and imports twice without doubling', async () => {
    const a = await w.device(0);
    const b = await w.device(0);
    const { s, deck, cards } = await deckOn([a, b]);
    await review(b, cards[0]!, deck, s, 'good');
    await saveStudySession({ db: b.db, userId: w.student.id, subjectId: s, seconds: 60, startedAt: b.now() });
    await sync(b);
    // a never pulls b's work, then imports a file with one session without an id.
    const file = {
      userProgress: [],
      studySessions: [
        {
          date: new Date(Date.UTC(2025, 0, 5)),
          durationInSeconds: 90,
          subjectId: s,
          subjectName: 'S',
          moduleId: 'm',
          moduleName: 'M',
        },
      ],
    };
    await replaceStudyData(w.student.id, file, new Date(a.now()), a.db);
    await replaceStudyData(w.student.id, file, new Date(a.now() + 1), a.db);
    await sync(a);
    await sync(b);
    const server = await serverPull();
    expect(server.records.map((r) => r.itemId)).not.toContain(cards[0]);
    expect(server.sessions.map((x) => x.durationInSeconds)).toEqual([90]);
    expect(await b.db.studySessions.count()).toBe(1);
    expect(await local(b, cards[0]!)).toBeUndefined();
  });

  it('case 9: an op the database would refuse is rejected alone; the device sets it aside and still pulls', async () => {
    const a = await w.device(0);
    const b = await w.device(0);
    const { s, deck, cards } = await deckOn([a, b]);
    await review(b, cards[1]!, deck, s, 'good');
    await sync(b);
    const good = await review(a, cards[0]!, deck, s, 'good');
    const reviewedAt = good.reviewedAt;
    if (!reviewedAt) throw new Error('a review without its time');
    const bad = (patch: Record<string, unknown>): ProgressOp =>
      ({
        opId: crypto.randomUUID(),
        kind: 'upsert',
        rating: 3,
        record: { ...toProgressRecord(good, reviewedAt), ...patch },
      }) as ProgressOp;
    const bads = [
      bad({ interval: 3_000_000_000 }),
      bad({ reviewedAt: Date.UTC(10_000, 0, 1) }),
      bad({ subjectId: 'a\u0000b' }),
    ];
    await a.db.progressOutbox.bulkAdd(bads.map((op, i) => outboxRow(op, 1 + i)));
    await sync(a);
    expect((await rejectedOps(a.db)).map((r) => r.opId).sort()).toEqual(bads.map((o) => o.opId).sort());
    expect(await a.db.progressOutbox.count()).toBe(3); // kept, set aside
    expect(await remote(cards[0]!)).toEqual(expect.objectContaining({ interval: expect.any(Number) }));
    expect(await local(a, cards[1]!)).toEqual(await remote(cards[1]!)); // pulled b's review
  });

  it('case 9: such input is never a 500', async () => {
    const { cookie } = await signIn(w.t.app, w.student.email, w.student.password);
    const op = (over: Record<string, unknown>) => ({
      opId: crypto.randomUUID(),
      kind: 'upsert',
      rating: 3,
      record: {
        itemId: 'x',
        type: 'flashcard',
        cardId: 'x',
        questionId: null,
        subjectId: 's',
        deckId: 'd',
        easeFactor: 2.5,
        interval: 1,
        dueDate: null,
        isSuspended: false,
        reviewedAt: Date.now(),
        ...over,
      },
    });
    const ops = [
      op({ interval: 3_000_000_000 }),
      op({ dueDate: 8.64e15 }),
      op({ itemId: 'nul\u0000' }),
      op({}),
    ];
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/sync/progress',
      headers: { cookie },
      payload: { deviceId: 'device-bad-input', ops },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { accepted: string[]; rejected: { opId: string }[] };
    expect(body.accepted).toEqual([ops[3]!.opId]);
    expect(body.rejected.map((r) => r.opId)).toEqual(ops.slice(0, 3).map((o) => o.opId));
  });

  it('case 12: before sign-out the queued reviews are uploaded (bounded); what cannot go is counted', async () => {
    const a = await w.device(0);
    const { s, deck, cards } = await deckOn([a]);
    await review(a, cards[0]!, deck, s, 'good');
    a.net.online = false;
    await review(a, cards[1]!, deck, s, 'hard');
    expect(await a.engine.flushProgress(500)).toBe(2); // offline: both stay on this device
    a.net.online = true;
    await w.signIn(a);
    expect(await a.engine.flushProgress()).toBe(0);
    expect(await remote(cards[0]!)).toEqual(await local(a, cards[0]!));
    expect(await remote(cards[1]!)).toEqual(await local(a, cards[1]!));
  });

  it('case 12: a study session saved again as it grows is one change, and its time counts once everywhere', async () => {
    const a = await w.device(0);
    const b = await w.device(0);
    const { s, deck, cards } = await deckOn([a, b]);
    const id = crypto.randomUUID();
    const save = (seconds: number) =>
      saveStudySession({
        db: a.db,
        userId: w.student.id,
        subjectId: s,
        seconds,
        startedAt: a.now(),
        uuid: id,
      });
    await save(40);
    await sync(a); // uploaded with 40 s
    a.net.online = false;
    await review(a, cards[0]!, deck, s, 'good');
    await save(70); // the timer ran on: the same session, longer
    await save(95);
    expect(await a.engine.flushProgress(500)).toBe(2); // the review and the one session
    a.net.online = true;
    await sync(a);
    await sync(b);
    const onServer = (await serverPull()).sessions.filter((x) => x.id === id);
    expect(onServer.map((x) => x.durationInSeconds)).toEqual([95]);
    for (const d of [a, b]) {
      const rows = await d.db.studySessions.where('uuid').equals(id).toArray();
      expect(rows.map((r) => r.durationInSeconds)).toEqual([95]);
    }
  });

  it('case 10: op ids and session ids are unique per user, not across users', async () => {
    const other = await createUser(w.t.db, { collegeId: w.collegeId, yearGroup: w.yearGroup });
    const session = {
      id: crypto.randomUUID(),
      date: Date.UTC(2025, 1, 1),
      durationInSeconds: 30,
      subjectId: 's',
      subjectName: 'S',
      moduleId: 'm',
      moduleName: 'M',
    };
    const ops: ProgressOp[] = [{ opId: 'shared-op-id-1', kind: 'session', session }];
    for (const u of [w.student, other]) {
      const { cookie } = await signIn(w.t.app, u.email, u.password);
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/sync/progress',
        headers: { cookie },
        payload: { deviceId: 'device-shared', ops },
      });
      expect(res.statusCode, res.body).toBe(200);
      const pulled = (
        await w.t.app.inject({ method: 'GET', url: '/api/sync/progress?since=0', headers: { cookie } })
      ).json() as ProgressPullResponse;
      expect(pulled.sessions.map((x) => x.id)).toContain(session.id);
    }
  });
});
