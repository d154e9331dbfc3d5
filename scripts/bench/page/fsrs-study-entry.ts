// Bundled for the fsrs-study benchmark (esbuild, IIFE; issue 18 'Speed'): core's FSRS as the flashcard
// player runs it, in the page — one answer scheduled (scheduleReview with FSRS-6, fuzz on, seeded by the
// card id) and the SRS queue of 20,000 FSRS cards in retrievability order (buildQueue with the player's
// dueOrder) plus the deck counts. Exposed as window.zanFsrsBench; timings taken with performance.now().
import {
  buildQueue,
  deckCounts,
  DEFAULT_SCHEDULER_SETTINGS,
  retrievability,
  reviewSchedulerOf,
  scheduleReview,
  type CardState,
  type QueueProgress,
  type Rating,
} from '@zan/core';
import { createRng } from '../lib/rng.ts';

const DAY = 86_400_000;
/** FSRS-6 with the defaults a student gets on switching (90 %, 1m 10m, 10m, default parameters). */
const FSRS = reviewSchedulerOf({ ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' });
const RATINGS: Rating[] = ['again', 'hard', 'good', 'easy'];

type Progress = QueueProgress & CardState;
type Card = { id: string; deckId: string };

type FsrsWorld = { cards: number; due: number; fresh: number; suspended: number };
export type ZanFsrsBench = {
  /** 20,000 cards: 30 % new, 20 % due, 40 % later, 10 % suspended, each reviewed one an FSRS memory. */
  seed(cards: number): FsrsWorld;
  /** One answer each on `n` due cards, each timed alone (ms). */
  answers(n: number): number[];
  /** buildQueue (SRS, retrievability order) + deckCounts over every card, timed (ms), and the queue's length. */
  queue(): { ms: number; length: number; firstTwoInOrder: boolean };
};

const now = new Date(Date.UTC(2026, 2, 1, 9));
let cards: Card[] = [];
let progress = new Map<string, Progress>();

const bench: ZanFsrsBench = {
  seed(n) {
    const r = createRng(18);
    cards = [];
    progress = new Map();
    const world = { cards: n, due: 0, fresh: 0, suspended: 0 };
    for (let i = 0; i < n; i++) {
      const id = r.uuid();
      cards.push({ id, deckId: `deck-${i % 40}` });
      const x = r.next();
      if (x < 0.3) {
        world.fresh++;
        continue;
      }
      const stability = 1 + r.next() * 120;
      const last = now.getTime() - r.int(1, 90) * DAY;
      const dueIn = x < 0.5 ? -r.int(1, 30) * DAY : r.int(1, 60) * DAY;
      if (x < 0.5) world.due++;
      const suspended = x >= 0.9;
      if (suspended) world.suspended++;
      progress.set(id, {
        easeFactor: 2.5,
        interval: Math.round(stability * 86_400),
        dueDate: new Date(now.getTime() + dueIn),
        isSuspended: suspended,
        stability,
        difficulty: 1 + r.next() * 9,
        learningState: 'review',
        learningStep: 0,
        lastReview: new Date(last),
        reps: r.int(1, 20),
        lapses: r.int(0, 3),
      });
    }
    return world;
  },
  answers(n) {
    const due = cards.filter((c) => {
      const p = progress.get(c.id);
      return p && !p.isSuspended && p.dueDate !== null && p.dueDate <= now;
    });
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = due[i % due.length]!;
      const state = progress.get(c.id)!;
      const t0 = performance.now();
      const next = scheduleReview(FSRS, state, RATINGS[i % 4]!, now, c.id);
      out.push(performance.now() - t0);
      if (!(next.interval > 0)) throw new Error('an FSRS answer scheduled no interval');
    }
    return out;
  },
  queue() {
    const t0 = performance.now();
    const q = buildQueue(cards, progress, 'srs', now, Math.random, (p) => retrievability(p, now) ?? 0);
    deckCounts(cards, progress, now);
    const ms = performance.now() - t0;
    const [a, b] = [q[0], q[1]].map((c) => (c ? progress.get(c.id) : undefined));
    const ra = a ? (retrievability(a, now) ?? 0) : 0;
    const rb = b ? (retrievability(b, now) ?? 0) : 1;
    return { ms, length: q.length, firstTwoInOrder: ra <= rb };
  },
};

(globalThis as unknown as { zanFsrsBench: ZanFsrsBench }).zanFsrsBench = bench;
