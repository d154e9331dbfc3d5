// The hooks SyncProvider runs its engines with: the sync engine of the signed-in user (created on
// sign-in, disposed on sign-out) and the offline keeper beside it, both on the user's local store.
import type { UserProfile } from '@zan/core';
import { useEffect, useState, type RefObject } from 'react';
import { getUserDb } from '../local/db.ts';
import type { createSyncEngine, SyncEngine } from './engine.ts';
import { createOfflineKeeper, type OfflineKeeper } from './offline-keeper.ts';

/** One engine per signed-in user id; `profileRef` holds the newest profile (read when it is created). */
export function useSyncEngine(
  uid: string | undefined,
  profileRef: RefObject<UserProfile | null>,
  createEngine: typeof createSyncEngine,
): SyncEngine | null {
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  useEffect(() => {
    const user = profileRef.current;
    if (!uid || !user) return;
    const created = createEngine({ db: getUserDb(uid), user });
    setEngine(created);
    void created.refreshLastSynced();
    return () => {
      created.dispose();
      setEngine(null);
    };
  }, [uid, createEngine, profileRef]);
  return engine;
}

/** Offline by choice: the keeper downloads kept modules and tops them up after every successful sync. */
export function useOfflineKeeper(engine: SyncEngine | null, uid: string | undefined): OfflineKeeper | null {
  const [keeper, setKeeper] = useState<OfflineKeeper | null>(null);
  useEffect(() => {
    if (!engine || !uid) return;
    const created = createOfflineKeeper({ db: getUserDb(uid), userId: uid, syncTopic: engine.syncTopic });
    setKeeper(created);
    let startedAt = engine.getState().lastSyncedAt;
    let syncing = engine.getState().status === 'syncing';
    const stop = engine.subscribe(() => {
      const s = engine.getState();
      if (s.status === 'syncing' && !syncing) startedAt = s.lastSyncedAt;
      if (s.status === 'idle' && syncing && s.lastSyncedAt !== null && s.lastSyncedAt !== startedAt)
        void created.refresh();
      syncing = s.status === 'syncing';
    });
    return () => {
      stop();
      created.dispose();
      setKeeper(null);
    };
  }, [engine, uid]);
  return keeper;
}
