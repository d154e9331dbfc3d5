// The stored session (SPEC §9 "stored local keys"): the active session id and the last user id,
// kept in localStorage so a reload — online or not — knows whose local database to open.
import { LOCAL_KEYS } from '@zan/core';

export type StoredSession = { sessionId: string; userId: string };

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getStoredSession(): StoredSession | null {
  const sessionId = read(LOCAL_KEYS.activeSessionId);
  const userId = read(LOCAL_KEYS.lastUserId);
  return sessionId && userId ? { sessionId, userId } : null;
}

export function storeSession(sessionId: string, userId: string): void {
  try {
    localStorage.setItem(LOCAL_KEYS.activeSessionId, sessionId);
    localStorage.setItem(LOCAL_KEYS.lastUserId, userId);
  } catch {
    /* storage unavailable (private mode): the session still works for this page's life */
  }
}

/** Forget the session. The per-user database stays so offline work is not lost. */
export function clearStoredSession(): void {
  try {
    localStorage.removeItem(LOCAL_KEYS.activeSessionId);
    localStorage.removeItem(LOCAL_KEYS.lastUserId);
  } catch {
    /* nothing stored */
  }
}
