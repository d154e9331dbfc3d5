// Runs one schedule of the randomized model: a fresh college and student on the shared server, two
// devices with skewed clocks, the actions in order (slow topic downloads overlap later steps), then
// everything settles and each device is checked against the server's own full pull.
import { eq } from 'drizzle-orm';
import type { ExportProgressRecord, Rating } from '@zan/core';
import { module, subject, topic, card, flashcardDeck, announcement } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/errors.ts';
import { createCollege } from '../helpers.ts';
import {
  recordReview,
  resetDeckProgress,
  undoReview,
  type UndoToken,
} from '../../../web/src/local/progress.ts';
import { replaceStudyData } from '../../../web/src/local/study-data.ts';
import { saveStudySession } from '../../../web/src/local/study-sessions.ts';
import type { Device } from './device.ts';
import type { Injector } from './inject-api.ts';
import { checkDevice, opLedger, serverView, setAside } from './model-check.ts';
import type { Action, Schedule } from './model-actions.ts';
import { changeYear, createWorld, deferred, Y1, Y2, type World } from './world.ts';

const YEARS = [Y1, Y2] as const;
const at = <T>(list: readonly T[], i: number): T | undefined =>
  list.length ? list[i % list.length] : undefined;
/** An admin write the services refuse (4xx: an archived parent, a free module's grant, …) changes nothing. */
const refusedIsNothing = (err: unknown) => {
  if (err instanceof AppError && err.statusCode < 500) return;
  throw err;
};

export async function runSchedule(t: World['t'], s: Schedule, servers?: () => Injector): Promise<void> {
  const w = await createWorld({ t, ...(servers ? { servers } : {}) });
  const devices = [await w.device(s.skews[0]), await w.device(s.skews[1])] as [Device, Device];
  const holds = devices.map(() => deferred());
  const inFlight: Promise<unknown>[] = [];
  const seenOps = new Set<string>();
  const droppedByImport = new Set<string>();
  /** Session ops replaced by a later save of the same (grown) session before they were sent. */
  const superseded = new Set<string>();
  /** Each device's answers it may still take back (issue 18 Undo), the latest last. */
  const undoable: UndoToken[][] = devices.map(() => []);
  const db = t.db;
  /** Issue 38: a card of another college (made at the first 'foreign' step) and the reviews naming it. */
  let foreign: Promise<{ card: string; deck: string; subject: string }> | undefined;
  const foreignOps = new Set<string>();
  const foreignContent = async () => {
    const c = await createCollege(db, { years: [Y1] });
    const subjectId = await w.admin.subject(await w.admin.module({ collegeId: c.id, yearGroup: Y1 }));
    const deck = await w.admin.deck(await w.admin.topic(subjectId), 1);
    return { card: (await ids(card, eq(card.deckId, deck)))[0]!, deck, subject: subjectId };
  };
  const ids = async (
    table: typeof module | typeof subject | typeof topic | typeof card | typeof announcement,
    where?: ReturnType<typeof eq>,
  ) => (await db.select({ id: table.id }).from(table).where(where)).map((r) => r.id).sort();
  const mine = <T extends typeof module | typeof subject | typeof topic>(table: T) =>
    ids(table, eq(table.collegeId, w.collegeId));
  const noteOps = async (d: Device) => {
    for (const k of await d.db.progressOutbox.toCollection().primaryKeys()) seenOps.add(k);
  };

  const step = async (a: Action) => {
    const dev = 'd' in a ? devices[a.d] : null;
    switch (a.k) {
      case 'module':
        return void (await w.admin.module({
          collegeId: w.collegeId,
          yearGroup: YEARS[a.year],
          isFree: a.free,
        }));
      case 'subject': {
        const m = at(await mine(module), a.i);
        return void (m && (await w.admin.subject(m)));
      }
      case 'topic': {
        const x = at(await mine(subject), a.i);
        return void (x && (await w.admin.topic(x)));
      }
      case 'deck': {
        const x = at(await mine(topic), a.i);
        return void (x && (await w.admin.deck(x, 1 + (a.i % 3))));
      }
      case 'editCard': {
        const decks = (
          await db
            .select({ id: flashcardDeck.id })
            .from(flashcardDeck)
            .where(eq(flashcardDeck.collegeId, w.collegeId))
        )
          .map((r) => r.id)
          .sort();
        const deck = at(decks, a.i);
        const c = deck && at(await ids(card, eq(card.deckId, deck)), a.i);
        return void (c && (await w.admin.editCard(c, `<p>edit ${a.i}</p>`)));
      }
      case 'rename': {
        const x = at(await mine(topic), a.i);
        return void (x && (await w.admin.renameTopic(x, `Topic renamed ${a.i}`)));
      }
      case 'archive':
      case 'restore': {
        const table = (['module', 'subject', 'topic'] as const)[a.i % 3]!;
        const x = at(await mine(table === 'module' ? module : table === 'subject' ? subject : topic), a.i);
        return void (x && (await w.admin[a.k](table, x)));
      }
      case 'move': {
        const x = at(await mine(topic), a.i);
        const to = at(await mine(subject), a.j);
        return void (x && to && (await w.admin.moveTopic(x, to)));
      }
      case 'setGlobal': {
        const m = at(await mine(module), a.i);
        if (!m) return;
        const [row] = await db.select({ g: module.isGlobal }).from(module).where(eq(module.id, m));
        return void (await w.admin.setGlobal(m, !row?.g));
      }
      case 'grant':
      case 'revoke': {
        const m = at(await mine(module), a.i);
        return void (m && (await w.admin[a.k](w.student.id, m)));
      }
      case 'year':
        return changeYear(w, YEARS[a.year], devices);
      case 'announce':
        return void (await w.admin.announce(w.collegeId, YEARS[a.year]));
      case 'deleteAnnouncement': {
        const x = at(await ids(announcement, eq(announcement.collegeId, w.collegeId)), a.i);
        return void (x && (await w.admin.deleteAnnouncement(x)));
      }
      case 'signIn':
        return w.signIn(dev!);
      case 'online':
      case 'offline':
        dev!.net.online = a.k === 'online';
        return;
      case 'fault':
        dev!.net.faults.push(a.fault);
        return;
      case 'sync':
        await dev!.engine.syncNow();
        return;
      case 'syncProgress':
        await dev!.engine.syncProgress().catch(() => undefined);
        return;
      case 'release':
        holds[a.d]!.release();
        holds[a.d] = deferred();
        return;
      case 'download':
      case 'slowDownload': {
        const x = at((await dev!.db.topics.toCollection().primaryKeys()).sort(), a.i);
        if (!x) return;
        if (a.k === 'download') return void (await dev!.engine.syncTopic(x));
        dev!.net.holdTopics = holds[a.d]!.promise;
        inFlight.push(dev!.engine.syncTopic(x));
        await new Promise((r) => setTimeout(r, 5));
        dev!.net.holdTopics = null;
        return;
      }
      case 'review':
      case 'resetDeck': {
        const decks = (await dev!.db.flashcardDecks.toArray()).sort((x, y) => x.id.localeCompare(y.id));
        const deck = at(decks, a.i);
        if (!deck) return;
        if (a.k === 'resetDeck') {
          await resetDeckProgress({
            db: dev!.db,
            userId: w.student.id,
            deckId: deck.id,
            now: new Date(dev!.now()),
          });
        } else {
          const c = at((await dev!.db.cards.where('deckId').equals(deck.id).primaryKeys()).sort(), a.i);
          const tp = await dev!.db.topics.get(deck['topicId'] as string);
          if (!c || !tp) return;
          const rating: Rating = a.k === 'review' ? a.rating : 'good';
          const recorded = await recordReview({
            db: dev!.db,
            userId: w.student.id,
            card: { id: c },
            deckId: deck.id,
            subjectId: tp['subjectId'] as string,
            rating,
            now: new Date(dev!.now()),
          });
          undoable[a.d]!.push(recorded.undo);
        }
        return noteOps(dev!);
      }
      case 'foreign': {
        // A device that names a card of another college (a tampered client): the server refuses the
        // review ('not visible'), the device sets it aside, and nothing of it reaches the server.
        const f = await (foreign ??= foreignContent());
        const recorded = await recordReview({
          db: dev!.db,
          userId: w.student.id,
          card: { id: f.card },
          deckId: f.deck,
          subjectId: f.subject,
          rating: 'good',
          now: new Date(dev!.now()),
        });
        foreignOps.add(recorded.undo.opId);
        undoable[a.d]!.push(recorded.undo);
        return noteOps(dev!);
      }
      case 'undo': {
        // The device's last answer taken back (also after it was uploaded): the server drops that review
        // from the card's history and replays the rest.
        const token = undoable[a.d]!.pop();
        if (!token) return;
        await undoReview({ db: dev!.db, userId: w.student.id, token, now: new Date(dev!.now()) });
        return noteOps(dev!);
      }
      case 'session':
      case 'growSession': {
        // A session of this device grows (saved again under its id, as the study timer does): its
        // waiting op is replaced, and the server keeps the longest copy. Without one: a new session.
        const grow = a.k === 'growSession' ? (await dev!.db.studySessions.toArray()).at(-1) : undefined;
        if (grow) {
          await noteOps(dev!);
          const before = (await dev!.db.progressOutbox.toArray())
            .filter((r) => r.kind === 'session' && r.rejectedAt === undefined)
            .map((r) => r.opId);
          await saveStudySession({
            db: dev!.db,
            userId: w.student.id,
            subjectId: grow.subjectId,
            seconds: grow.durationInSeconds + 1 + (dev!.net.requests % 60),
            startedAt: grow.date.getTime(),
            uuid: grow.uuid,
          });
          const after = new Set(await dev!.db.progressOutbox.toCollection().primaryKeys());
          for (const op of before) if (!after.has(op)) superseded.add(op);
          return noteOps(dev!);
        }
        const x = at((await dev!.db.subjects.toCollection().primaryKeys()).sort(), dev!.net.requests);
        await saveStudySession({
          db: dev!.db,
          userId: w.student.id,
          subjectId: x ?? 'no-subject',
          seconds: 1 + (dev!.net.requests % 900),
          startedAt: dev!.now(),
        });
        return noteOps(dev!);
      }
      case 'import': {
        const rows = await dev!.db.userProgress.toArray();
        const sessions = await dev!.db.studySessions.toArray();
        const keep = <T>(list: T[]) =>
          a.keep === 'all' ? list : a.keep === 'none' ? [] : list.filter((_, i) => i % 2 === 0);
        await noteOps(dev!);
        const before = (await dev!.db.progressOutbox.toArray())
          .filter((r) => r.kind === 'session')
          .map((r) => r.opId);
        await replaceStudyData(
          w.student.id,
          { userProgress: keep(rows) as ExportProgressRecord[], studySessions: keep(sessions) },
          new Date(dev!.now()),
          dev!.db,
        );
        const after = new Set(await dev!.db.progressOutbox.toCollection().primaryKeys());
        for (const op of before) if (!after.has(op)) droppedByImport.add(op);
        return noteOps(dev!);
      }
    }
  };

  const prof = process.env['SYNC_MODEL_PROFILE']
    ? (label: string, t0: number) => console.log(label, Date.now() - t0)
    : () => undefined;
  const t0 = Date.now();
  try {
    for (const a of s.actions) await step(a).catch(refusedIsNothing);
    prof(`actions(${s.actions.length})`, t0);
    // Settle: the network heals, slow downloads land, each device syncs until nothing changes.
    for (const [i, d] of devices.entries()) {
      d.net.online = true;
      d.net.faults = [];
      holds[i]!.release();
    }
    await Promise.all(inFlight);
    // d0 uploads and pulls, d1 uploads and pulls (d0's too), d0 pulls d1's: then both hold everything.
    for (const d of [devices[0], devices[1], devices[0]]) {
      if (w.holder !== d) await w.signIn(d);
      await d.engine.waitUntilIdle(10_000, 20);
      const outcome = await d.engine.syncNow();
      if (outcome !== 'success') throw new Error(`${d.name}: sync ended '${outcome}' while settling`);
      if (!(await d.engine.syncProgress())) throw new Error(`${d.name}: progress sync did not run`);
      const synced = (await d.db.topics.toArray())
        .filter((x) => x['lastSynced'] !== undefined)
        .map((x) => x.id);
      await d.engine.refreshStaleTopics(synced);
      await d.engine.waitUntilIdle(10_000, 20);
    }
    prof('settled', t0);
    const ledger = await opLedger(t, w.student.id);
    const view = await serverView(w);
    for (const d of devices) await checkDevice(d, view);
    // Ops the server refused (issue 38: content the student may not see) are set aside, not lost.
    const aside = new Set((await Promise.all(devices.map(setAside))).flatMap((x) => [...x.opIds]));
    const lost = [...seenOps].filter(
      (op) => !ledger.has(op) && !droppedByImport.has(op) && !superseded.has(op) && !aside.has(op),
    );
    if (lost.length) throw new Error(`ops lost: ${lost.join(', ')}`);
    const applied = [...foreignOps].filter((op) => ledger.has(op));
    if (applied.length) throw new Error(`reviews of another college's card applied: ${applied.join(', ')}`);
    const f = foreign && (await foreign);
    if (f && view.progress.records.some((r) => r.itemId === f.card))
      throw new Error("the server holds progress of another college's card");
    prof('checked', t0);
  } finally {
    await w.close();
  }
}
