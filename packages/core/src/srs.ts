// Spaced repetition (SPEC §9): the one scheduler used by the player, the deck browser and the server.
import { INT32_MAX } from './constants.ts';
export const SRS = {
  startingEase: 2.5,
  minEase: 1.3,
  again: { easeDelta: -0.2, interval: 60 },
  first: { hard: 600, good: 1200, easy: 345_600 },
  hard: { easeDelta: -0.15, multiplier: 1.2 },
  easy: { easeDelta: 0.15, multiplier: 1.3 },
} as const;

export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type Rating = (typeof RATINGS)[number];

/** The SRS state of one card for one user; `interval` is in seconds. */
export type SrsState = { easeFactor: number; interval: number; dueDate: Date | null };

export const newCardState = (): SrsState => ({ easeFactor: SRS.startingEase, interval: 0, dueDate: null });

const clampEase = (ease: number) => Math.max(SRS.minEase, Math.round(ease * 1000) / 1000);

/** Ease and interval after a rating; the due date is `now + interval`. */
export function schedule(
  state: Pick<SrsState, 'easeFactor' | 'interval'>,
  rating: Rating,
  now: Date,
): SrsState {
  let ease = state.easeFactor > 0 ? state.easeFactor : SRS.startingEase;
  let interval: number;
  if (rating === 'again') {
    ease = clampEase(ease + SRS.again.easeDelta);
    interval = SRS.again.interval;
  } else if (state.interval <= 0) {
    interval = SRS.first[rating];
  } else if (rating === 'hard') {
    ease = clampEase(ease + SRS.hard.easeDelta);
    interval = state.interval * SRS.hard.multiplier;
  } else if (rating === 'good') {
    interval = state.interval * ease;
  } else {
    ease = clampEase(ease + SRS.easy.easeDelta);
    interval = state.interval * ease * SRS.easy.multiplier;
  }
  // At most int4 seconds (68 years): what the server stores.
  const seconds = Math.min(INT32_MAX, Math.max(1, Math.round(interval)));
  return { easeFactor: ease, interval: seconds, dueDate: new Date(now.getTime() + seconds * 1000) };
}

/** A card is due when its due date is at or before now; a card without a record is new. */
export const isDue = (dueDate: Date | null | undefined, now: Date): boolean =>
  dueDate != null && dueDate.getTime() <= now.getTime();

/** Compact interval label shown on each rating button: 1m, 10m, 20m, 4d, 1.5mo, 2y. */
export function formatInterval(seconds: number): string {
  const m = seconds / 60;
  if (m < 60) return `${Math.max(1, Math.round(m))}m`;
  const h = m / 60;
  if (h < 24) return `${Math.round(h)}h`;
  const d = h / 24;
  if (d < 30) return `${Math.round(d)}d`;
  const mo = d / 30;
  if (mo < 12) return `${Math.round(mo * 10) / 10}mo`;
  return `${Math.round((d / 365) * 10) / 10}y`;
}

export type StudyMode = 'srs' | 'free';
export type QueueCard = { id: string };
export type QueueProgress = { isSuspended: boolean; dueDate: Date | null };

/** Fisher–Yates shuffle; `random` is injectable for tests. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * SPEC §4: SRS mode shows only non-suspended cards that are new or due, shuffled; free mode shows
 * every non-suspended card, shuffled. With `dueOrder` (FSRS, issue 18: retrievability now) SRS mode
 * shows the due cards first, smallest first, then the new cards shuffled.
 */
export function buildQueue<C extends QueueCard, P extends QueueProgress = QueueProgress>(
  cards: readonly C[],
  progress: ReadonlyMap<string, P>,
  mode: StudyMode,
  now: Date,
  random: () => number = Math.random,
  dueOrder?: (progress: P) => number,
): C[] {
  const picked = cards.filter((c) => {
    const p = progress.get(c.id);
    if (!p) return true;
    if (p.isSuspended) return false;
    return mode === 'free' || isDue(p.dueDate, now);
  });
  if (mode === 'free' || !dueOrder) return shuffle(picked, random);
  const due: { card: C; key: number }[] = [];
  const fresh: C[] = [];
  for (const c of picked) {
    const p = progress.get(c.id);
    if (p) due.push({ card: c, key: dueOrder(p) });
    else fresh.push(c);
  }
  due.sort((a, b) => a.key - b.key);
  return [...due.map((d) => d.card), ...shuffle(fresh, random)];
}

/** NEW / DUE / SUSPENDED counts of a deck (SPEC §2 flashcard player, deck browser). */
export function deckCounts(
  cards: readonly QueueCard[],
  progress: ReadonlyMap<string, QueueProgress>,
  now: Date,
): { newCount: number; dueCount: number; suspendedCount: number } {
  let newCount = 0;
  let dueCount = 0;
  let suspendedCount = 0;
  for (const c of cards) {
    const p = progress.get(c.id);
    if (!p) newCount++;
    else if (p.isSuspended) suspendedCount++;
    else if (isDue(p.dueDate, now)) dueCount++;
  }
  return { newCount, dueCount, suspendedCount };
}
