// Bundled for the scheduler-convert benchmark (esbuild, IIFE): the web app's REAL switch
// (apps/web/src/local/scheduler-switch.ts) over the REAL local store (Dexie on the page's IndexedDB),
// exposed as window.zanConvertBench. Timings are taken in the page (performance.now()).
import { newCardState, retrievability, scheduleReview, type ProgressOp, type Rating } from '@zan/core';
import { openUserDb, type UserProgressRow, type ZanDb } from '../../../apps/web/src/local/db.ts';
import { queueOps } from '../../../apps/web/src/local/outbox.ts';
import { progressId } from '../../../apps/web/src/local/progress.ts';
import { switchSchedulerOnDevice } from '../../../apps/web/src/local/scheduler-switch.ts';
import { createRng } from '../lib/rng.ts';

const DAY = 86_400_000;
const FSRS = {
  scheduler: 'fsrs',
  desiredRetention: 0.9,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  parameters: null,
} as const;
const RATINGS: Rating[] = ['again', 'hard', 'good', 'easy'];

const rng = (seed: number) => createRng(seed).next;

export type ConvertRun = {
  total: number;
  changed: number;
  ms: number;
  /** The longest stretch between two progress reports (the page cannot paint in between). */
  longestChunkMs: number;
  progressReports: number;
  outboxOps: number;
};

let db: ZanDb | null = null;
const userId = 'bench-user';

export type ZanConvertBench = {
  /** A fresh store: `cards` reviewed cards (SM-2 states), `withHistory` of them with their reviews still in the outbox. */
  seed(cards: number, withHistory: number, name: string): Promise<void>;
  run(reschedule: boolean): Promise<ConvertRun>;
  /**
   * After the switch: every card read from the store with its FSRS retrievability now (the memory
   * derived where none was written), as the FSRS queue order reads it. Returns ms and cards with one.
   */
  readMemory(): Promise<{ ms: number; withMemory: number }>;
  close(): Promise<void>;
};

const bench: ZanConvertBench = {
  async seed(cards, withHistory, name) {
    db?.close();
    db = openUserDb(name);
    const r = rng(18);
    const now = Date.UTC(2026, 2, 1, 9);
    const rows: UserProgressRow[] = [];
    const ops: ProgressOp[] = [];
    for (let i = 0; i < cards; i++) {
      const itemId = `card-${i}`;
      const base = {
        id: progressId(userId, itemId),
        userId,
        itemId,
        cardId: itemId,
        subjectId: `subject-${i % 30}`,
        deckId: `deck-${i % 300}`,
        type: 'flashcard' as const,
        isSuspended: false,
      };
      if (i < withHistory) {
        // Reviewed here and not uploaded yet: the whole history is in the outbox (SM-2 at the time).
        let state = { ...newCardState() };
        let at = now - 120 * DAY + Math.floor(r() * 10 * DAY);
        const n = 3 + Math.floor(r() * 6);
        for (let k = 0; k < n; k++) {
          const before = k === 0 ? null : state;
          const rating = RATINGS[r() < 0.1 ? 0 : r() < 0.2 ? 1 : r() < 0.9 ? 2 : 3] as Rating;
          state = { ...state, ...scheduleReview({ scheduler: 'sm2' }, state, rating, new Date(at), itemId) };
          ops.push({
            opId: crypto.randomUUID(),
            kind: 'upsert',
            record: {
              itemId,
              type: 'flashcard',
              cardId: itemId,
              questionId: null,
              subjectId: base.subjectId,
              deckId: base.deckId,
              easeFactor: state.easeFactor,
              interval: Math.round(state.interval),
              dueDate: state.dueDate?.getTime() ?? null,
              isSuspended: false,
              reviewedAt: at,
            },
            rating: RATINGS.indexOf(rating) + 1,
            review: {
              scheduler: { scheduler: 'sm2' },
              before: before
                ? {
                    easeFactor: before.easeFactor,
                    interval: before.interval,
                    dueDate: before.dueDate?.getTime() ?? null,
                  }
                : null,
              elapsedMs: null,
              durationMs: 4000,
            },
          });
          at = Math.max(at + 60_000, state.dueDate?.getTime() ?? at);
        }
        rows.push({
          ...base,
          easeFactor: state.easeFactor,
          interval: state.interval,
          dueDate: state.dueDate,
          reviewedAt: new Date(at),
        });
        continue;
      }
      const days = 1 + Math.floor(r() * 180);
      const last = now - Math.floor(r() * days) * DAY;
      rows.push({
        ...base,
        easeFactor: 1.3 + Math.round(r() * 17) / 10,
        interval: days * 86_400,
        dueDate: new Date(last + days * DAY),
        reviewedAt: new Date(last),
      });
    }
    await db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
      if (!db) return;
      await db.userProgress.bulkPut(rows);
      await queueOps(db, ops, now);
    });
  },
  async run(reschedule) {
    if (!db) throw new Error('seed first');
    const outboxBefore = await db.progressOutbox.count();
    let last = performance.now();
    let longest = 0;
    let reports = 0;
    const t0 = performance.now();
    const result = await switchSchedulerOnDevice({
      db,
      userId,
      change: { from: 'sm2', to: FSRS, reschedule },
      now: new Date(Date.UTC(2026, 2, 2, 9)),
      onProgress: () => {
        const t = performance.now();
        longest = Math.max(longest, t - last);
        last = t;
        reports++;
      },
    });
    const elapsed = performance.now() - t0;
    return {
      ...result,
      ms: elapsed,
      longestChunkMs: longest,
      progressReports: reports,
      outboxOps: (await db.progressOutbox.count()) - outboxBefore,
    };
  },
  async readMemory() {
    if (!db) throw new Error('seed first');
    const t0 = performance.now();
    const rows = await db.userProgress.toArray();
    const now = new Date(Date.UTC(2026, 2, 2, 9));
    let withMemory = 0;
    for (const row of rows) if (retrievability(row, now, FSRS.parameters) !== null) withMemory++;
    return { ms: performance.now() - t0, withMemory };
  },
  async close() {
    if (!db) return;
    const name = db.name;
    db.close();
    db = null;
    await indexedDB.deleteDatabase(name);
  },
};

(globalThis as { zanConvertBench?: ZanConvertBench }).zanConvertBench = bench;
