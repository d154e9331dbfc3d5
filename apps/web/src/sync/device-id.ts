// This device's id for progress upload (the server breaks review-time ties by it): random, kept in
// localStorage; a fresh one per page life if storage is unavailable.
const KEY = 'zan.deviceId';
let fallback: string | null = null;

export function getDeviceId(): string {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && stored.length >= 8) return stored;
    const id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    fallback ??= crypto.randomUUID();
    return fallback;
  }
}
