// The daily review (issue 18): due counts per module / subject / topic in one pass over progress, the
// 'Review all due' queue across decks within the daily limits, and the student's day (rollover hour).
// The queue's order of due cards is the active scheduler's; `reviewQueue` is the one place it is decided.
import { isDue, shuffle, type QueueProgress } from './srs.ts';

/** 'New cards per day', 'Maximum reviews per day' and the hour a new study day starts (local time). */
export type DailyLimits = { newPerDay: number; reviewsPerDay: number; rolloverHour: number };
const DAILY_LIMIT_DEFAULTS: DailyLimits = { newPerDay: 20, reviewsPerDay: 200, rolloverHour: 4 };

/** Epoch ms of the start of the student's day holding `now` (local time, `rolloverHour` o'clock). */
export function studyDayStart(now: Date, rolloverHour: number = DAILY_LIMIT_DEFAULTS.rolloverHour): number {
  const start = new Date(now.getTime());
  start.setHours(rolloverHour, 0, 0, 0);
  if (start.getTime() > now.getTime()) start.setDate(start.getDate() - 1);
  return start.getTime();
}

/** A progress row as the due counts read it (flashcard rows only count). */
export type DueRow = {
  subjectId: string;
  deckId?: string | null;
  type: 'flashcard' | 'mcq';
  dueDate: Date | null;
  isSuspended: boolean;
};
export type DueCounts = {
  total: number;
  byModule: Map<string, number>;
  bySubject: Map<string, number>;
  byTopic: Map<string, number>;
};

const bump = (map: Map<string, number>, key: string | undefined) => {
  if (key !== undefined) map.set(key, (map.get(key) ?? 0) + 1);
};

/**
 * Due cards per module, subject and topic, in one pass: a flashcard row not suspended whose due date has
 * come. Rows of subjects not in `subjectModule` (archived, not the student's) are left out; a row's
 * topic is its deck's (`deckTopic`, known once the topic is on the device).
 */
export function dueCounts(
  rows: Iterable<DueRow>,
  subjectModule: ReadonlyMap<string, string>,
  deckTopic: ReadonlyMap<string, string>,
  now: Date,
): DueCounts {
  const out: DueCounts = { total: 0, byModule: new Map(), bySubject: new Map(), byTopic: new Map() };
  const at = now.getTime();
  for (const r of rows) {
    if (r.type !== 'flashcard' || r.isSuspended || r.dueDate === null || r.dueDate.getTime() > at) continue;
    const moduleId = subjectModule.get(r.subjectId);
    if (moduleId === undefined) continue;
    out.total++;
    bump(out.byModule, moduleId);
    bump(out.bySubject, r.subjectId);
    bump(out.byTopic, r.deckId ? deckTopic.get(r.deckId) : undefined);
  }
  return out;
}

/** What the student already did today (distinct cards), against the limits. */
export type DayTally = { newCards: number; reviews: number };
export type ReviewQueueInput<C extends { id: string }, P extends QueueProgress = QueueProgress> = {
  cards: readonly C[];
  progress: ReadonlyMap<string, P>;
  now: Date;
  limits: Pick<DailyLimits, 'newPerDay' | 'reviewsPerDay'>;
  done: DayTally;
  /** The due cards' order, smallest first (FSRS: retrievability now); SM-2's without it: due date. */
  dueOrder?: (progress: P) => number;
  random?: () => number;
};
export type ReviewQueue<C> = {
  cards: C[];
  /** How many of `cards` are due (they come first), then new ones. */
  due: number;
  fresh: number;
  /** Due and new cards left out by today's limits. */
  dueLeft: number;
  newLeft: number;
};

/**
 * 'Review all due': due cards first, in the scheduler's order (SM-2: longest overdue first; FSRS: least
 * likely recalled first, `dueOrder`), then new
 * cards shuffled, each cut to what today's limits leave. Suspended cards never come.
 */
export function reviewQueue<C extends { id: string }, P extends QueueProgress = QueueProgress>(
  input: ReviewQueueInput<C, P>,
): ReviewQueue<C> {
  const { cards, progress, now, limits, done, dueOrder, random = Math.random } = input;
  const due: Array<{ card: C; at: number }> = [];
  const fresh: C[] = [];
  for (const c of cards) {
    const p = progress.get(c.id);
    if (!p) fresh.push(c);
    else if (!p.isSuspended && isDue(p.dueDate, now))
      due.push({ card: c, at: dueOrder ? dueOrder(p) : (p.dueDate?.getTime() ?? 0) });
  }
  due.sort((a, b) => a.at - b.at);
  const dueRoom = Math.max(0, limits.reviewsPerDay - done.reviews);
  const newRoom = Math.max(0, limits.newPerDay - done.newCards);
  const dueCards = due.slice(0, dueRoom).map((d) => d.card);
  const newCards = pickShuffled(fresh, newRoom, random);
  return {
    cards: [...dueCards, ...newCards],
    due: dueCards.length,
    fresh: newCards.length,
    dueLeft: due.length - dueCards.length,
    newLeft: fresh.length - newCards.length,
  };
}

/**
 * `count` cards drawn at random, in random order (new cards shuffled as a deck's SRS queue shuffles
 * them, SPEC §4): a partial Fisher–Yates, so 15,000 new cards cost 20 swaps, not 15,000.
 */
function pickShuffled<T>(items: T[], count: number, random: () => number): T[] {
  const n = Math.min(count, items.length);
  if (n === items.length) return shuffle(items, random);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items.slice(0, n);
}

/** One answer as the day's tally keeps it: the card, when, and whether it was new then. */
export type TallyEntry = { id: string; at: number; isNew: boolean };

/** The cards the student's other devices answered since the day started (the server's review log). */
export type OtherDevicesTally = {
  readonly newCardIds: readonly string[];
  readonly reviewedCardIds: readonly string[];
};

/**
 * Distinct new cards and reviewed cards answered since `dayStart` (a card new today is not a review), on
 * this device (`entries`) and, when known, on the student's other devices: a card answered on both
 * counts once.
 */
export function tallyDay(
  entries: readonly TallyEntry[],
  dayStart: number,
  others?: OtherDevicesTally,
): DayTally {
  const fresh = new Set<string>(others?.newCardIds);
  const reviewed = new Set<string>(others?.reviewedCardIds);
  for (const e of entries) {
    if (e.at < dayStart) continue;
    if (e.isNew) fresh.add(e.id);
    else reviewed.add(e.id);
  }
  let reviews = 0;
  for (const id of reviewed) if (!fresh.has(id)) reviews++;
  return { newCards: fresh.size, reviews };
}

/** The earliest due date among cards not suspended (the Complete screen's 'next card due'), or null. */
export function nextDue(progress: Iterable<QueueProgress>, after: Date): Date | null {
  let best: number | null = null;
  for (const p of progress) {
    if (p.isSuspended || !p.dueDate) continue;
    const t = p.dueDate.getTime();
    if (t > after.getTime() && (best === null || t < best)) best = t;
  }
  return best === null ? null : new Date(best);
}
