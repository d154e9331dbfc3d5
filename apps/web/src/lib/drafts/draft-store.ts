// The editors' unsaved drafts on this device (issue 22): a lecture's, deck's or quiz's open values in
// localStorage, per user and per item (`zan.draft.<userId>.<item>`), written synchronously so closing
// the tab keeps them. Kept across sign-out like the user's local database (nothing is lost).
import { LOCAL_KEYS } from '@zan/core';

export type StoredDraft<T> = { savedAt: number; data: T };

export const draftKey = (userId: string, item: string): string =>
  `${LOCAL_KEYS.editorDraft}.${userId}.${item}`;

/** The stored draft when `parse` accepts its data; a damaged entry reads as none. */
export function readDraft<T>(key: string, parse: (raw: unknown) => T | null): StoredDraft<T> | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { savedAt, data } = parsed as { savedAt?: unknown; data?: unknown };
    const value = parse(data);
    return typeof savedAt === 'number' && value !== null ? { savedAt, data: value } : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, data: T, now = Date.now()): void {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: now, data } satisfies StoredDraft<T>));
  } catch {
    // Storage full or blocked: the leave confirmation still guards the work.
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** A parser for drafts whose data is an object of strings with exactly these keys. */
export const stringRecord =
  <K extends string>(fields: readonly K[]) =>
  (raw: unknown): Record<K, string> | null => {
    if (typeof raw !== 'object' || raw === null) return null;
    const out = {} as Record<K, string>;
    for (const f of fields) {
      const v = (raw as Record<string, unknown>)[f];
      if (typeof v !== 'string') return null;
      out[f] = v;
    }
    return out;
  };
