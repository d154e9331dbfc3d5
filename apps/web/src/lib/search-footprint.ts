// How much memory the student search's index takes on this device (issue 22): the search feature
// publishes it, the offline card's storage estimate shows it on a line of its own (the index is kept
// in memory and rebuilt from the local store, so it is not part of the site's storage usage).
import { useSyncExternalStore } from 'react';

export type SearchFootprint = { bytes: number; docs: number };

let current: SearchFootprint | null = null;
const listeners = new Set<() => void>();

export const searchFootprint = {
  get: (): SearchFootprint | null => current,
  /** null when there is no index (signed out, or not started yet). */
  set(next: SearchFootprint | null): void {
    current = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSearchFootprint(): SearchFootprint | null {
  return useSyncExternalStore(searchFootprint.subscribe, searchFootprint.get);
}
