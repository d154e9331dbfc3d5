// 'Keep my modules on this device' (issue 18), on by default: after a sync the keeper keeps every
// module offline by itself ('Download everything' done for the student) unless this is off or the
// estimate is over AUTO_KEEP_MAX_BYTES. Per user in localStorage (`zan.keepModules.<userId>`).
import { LOCAL_KEYS } from '@zan/core';
import { useSyncExternalStore } from 'react';

/** Above this estimate the modules are not kept by themselves (the student can still choose to). */
export const AUTO_KEEP_MAX_BYTES = 500 * 1024 * 1024;
/** What one topic's content takes on a device, for the estimate (cards, questions, pages; generous). */
export const ESTIMATED_TOPIC_BYTES = 200 * 1024;

const key = (userId: string) => `${LOCAL_KEYS.keepModules}.${userId}`;
const listeners = new Set<() => void>();

export function readKeepModules(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) !== 'off';
  } catch {
    return true;
  }
}

export function writeKeepModules(userId: string, on: boolean): void {
  try {
    localStorage.setItem(key(userId), on ? 'on' : 'off');
  } catch {
    /* storage unavailable: the choice holds until the page closes */
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useKeepModules(userId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readKeepModules(userId),
    () => true,
  );
}
