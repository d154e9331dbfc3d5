// The day's answers counted against the daily limits (issue 18): every rating of the student on this
// device — in 'Review all due' and in a deck opened on its own — with whether the card was new then.
// Kept in localStorage per user (`zan.dailyTally.<userId>`), the last two days only; an answer taken back
// (Undo) is forgotten. The cards the student's other devices answered that day (the server's review
// log, other-devices-tally.ts) are kept beside them (`zan.otherTally.<userId>`) and count too.
import { LOCAL_KEYS, tallyDay, type DayTally, type OtherDevicesTally, type TallyEntry } from '@zan/core';

const KEEP_MS = 2 * 86_400_000;
const key = (userId: string) => `${LOCAL_KEYS.dailyTally}.${userId}`;

function isEntry(e: unknown): e is TallyEntry {
  if (typeof e !== 'object' || e === null) return false;
  const r: Partial<Record<keyof TallyEntry, unknown>> = e;
  return typeof r.id === 'string' && typeof r.at === 'number' && typeof r.isNew === 'boolean';
}

function read(userId: string): TallyEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function write(userId: string, entries: TallyEntry[]): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify(entries));
  } catch {
    /* storage unavailable or full: the limits count this page's answers only */
  }
}

/** Records one answer (a card rated now; `isNew`: it had no schedule before). */
export function noteAnswer(userId: string, cardId: string, isNew: boolean, now: Date): void {
  const at = now.getTime();
  const entries = read(userId).filter((e) => e.at > at - KEEP_MS);
  entries.push({ id: cardId, at, isNew });
  write(userId, entries);
}

/** Forgets an answer taken back (Undo): the entry noted for this card at that time. */
export function forgetAnswer(userId: string, cardId: string, answeredAt: Date): void {
  const at = answeredAt.getTime();
  const entries = read(userId);
  const i = entries.findLastIndex((e) => e.id === cardId && e.at === at);
  if (i < 0) return;
  entries.splice(i, 1);
  write(userId, entries);
}

const otherKey = (userId: string) => `${LOCAL_KEYS.otherTally}.${userId}`;
type StoredOthers = OtherDevicesTally & { dayStart: number };

/** Keeps what the other devices answered since `dayStart`, as last fetched. */
export function saveOtherDevicesTally(userId: string, dayStart: number, t: OtherDevicesTally): void {
  const stored: StoredOthers = { dayStart, newCardIds: t.newCardIds, reviewedCardIds: t.reviewedCardIds };
  try {
    localStorage.setItem(otherKey(userId), JSON.stringify(stored));
  } catch {
    /* storage unavailable or full: this device's answers count alone */
  }
}

const ids = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;

/** The other devices' answers of the day starting at `dayStart`, if fetched for that day. */
function readOthers(userId: string, dayStart: number): OtherDevicesTally | undefined {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(otherKey(userId)) ?? 'null');
    if (typeof v !== 'object' || v === null) return undefined;
    const r: Partial<Record<keyof StoredOthers, unknown>> = v;
    const fresh = ids(r.newCardIds);
    const reviewed = ids(r.reviewedCardIds);
    if (r.dayStart !== dayStart || !fresh || !reviewed) return undefined;
    return { newCardIds: fresh, reviewedCardIds: reviewed };
  } catch {
    return undefined;
  }
}

/** New cards and reviews done since the day started, on this device and the others. */
export function readDayTally(userId: string, dayStart: number): DayTally {
  return tallyDay(read(userId), dayStart, readOthers(userId, dayStart));
}
