// Offline by choice for screens: live per-module / per-subject availability read from the local store.
import { useLiveQuery } from 'dexie-react-hooks';
import { getUserDb } from '../local/db.ts';
import { loadOfflineOverview, type OfflineOverview } from '../local/offline-keep.ts';

/** Live per-module / per-subject availability; undefined while the first read runs. */
export function useOfflineOverview(userId: string): OfflineOverview | undefined {
  return useLiveQuery(() => loadOfflineOverview(getUserDb(userId), userId), [userId]);
}
