// SyncProvider: one sync engine for the signed-in user (created on sign-in, disposed on sign-out), its
// automatic triggers, the sign-out wait (SPEC §4: up to 5 s for a running sync), and the sync
// messages of SPEC §8 with their clear timings. Mount inside AuthProvider.
import { autoSyncsContent, MSG, SYNC_LOGIN_MESSAGE_CLEAR_MS, SYNC_MESSAGE_CLEAR_MS } from '@zan/core';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { onBeforeSignOut, onLiveEvent, useAuth } from '../lib/session/index.ts';
import { registerPeriodicSync, requestPersistentStorage } from './background.ts';
import { createSyncEngine, type EngineState, type SyncEngine, type SyncOutcome } from './engine.ts';
import { OfflineContext, type OfflineApi } from './use-offline.ts';
import type { OfflineKeeperState } from './offline-keeper.ts';
import { SyncContext, type SyncApiForUi } from './use-sync.ts';
import type { TopicSyncResult } from './topic-sync.ts';
import { afterFirstScreen } from '../lib/first-screen.ts';
import { attachSyncTriggers } from './triggers.ts';
import { useOfflineKeeper, useSyncEngine } from './use-sync-engine.ts';

const IDLE: EngineState = { status: 'idle', lastSyncedAt: null };
const NO_JOB: OfflineKeeperState = { job: null };
const noSubscribe = () => () => undefined;

export function SyncProvider({
  children,
  createEngine = createSyncEngine,
}: {
  children: ReactNode;
  createEngine?: typeof createSyncEngine;
}) {
  const { status, profile } = useAuth();
  const uid = status === 'signedIn' ? profile?.uid : undefined;
  const role = status === 'signedIn' ? profile?.role : undefined;
  const profileRef = useRef(profile);
  useEffect(() => {
    profileRef.current = profile;
  }, [profile]);
  const engine = useSyncEngine(uid, profileRef, createEngine);
  const keeper = useOfflineKeeper(engine, uid);
  const offlineState = useSyncExternalStore(
    keeper?.subscribe ?? noSubscribe,
    keeper?.getState ?? (() => NO_JOB),
    () => NO_JOB,
  );
  const offline = useMemo<OfflineApi>(
    () => ({
      job: offlineState.job,
      keep: (target) => (keeper ? keeper.keep(target) : Promise.resolve(null)),
      unkeep: (target) => (keeper ? keeper.unkeep(target) : Promise.resolve()),
      dismiss: () => keeper?.dismiss(),
    }),
    [offlineState, keeper],
  );

  useEffect(() => {
    if (engine && profile && profile.uid === engine.user.uid) engine.setUser(profile);
  }, [engine, profile]);

  useEffect(() => {
    if (!engine) return;
    const stopTriggers = attachSyncTriggers(engine, {
      win: window,
      doc: document,
      onLive: onLiveEvent,
      startAfter: afterFirstScreen(),
      worker:
        typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null,
    });
    // Sign-out waits for a running sync, then tries to upload the reviews still queued (both bounded).
    const stopWaiter = onBeforeSignOut(async () => {
      await engine.waitUntilIdle();
      await engine.flushProgress();
    });
    return () => {
      stopTriggers();
      stopWaiter();
    };
  }, [engine]);

  useEffect(() => {
    if (!engine) return;
    void requestPersistentStorage();
    if (role && autoSyncsContent(role)) void registerPeriodicSync();
  }, [engine, role]);

  const state = useSyncExternalStore(
    engine?.subscribe ?? noSubscribe,
    engine?.getState ?? (() => IDLE),
    () => IDLE,
  );

  // Messages: the in-progress one stays until the result replaces it; results clear after 5 s, the
  // login notice after 3 s.
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((text: string | null, clearAfterMs?: number) => {
    clearTimeout(timer.current);
    setMessage(text);
    if (text !== null && clearAfterMs !== undefined)
      timer.current = setTimeout(() => setMessage(null), clearAfterMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async (mode: 'delta' | 'full'): Promise<SyncOutcome> => {
      if (!engine) {
        show(MSG.syncLogin, SYNC_LOGIN_MESSAGE_CLEAR_MS);
        return 'unauthorized';
      }
      if (mode === 'delta') show(MSG.syncDelta);
      const outcome = await (mode === 'full' ? engine.fullSync() : engine.syncNow());
      if (outcome === 'success') show(MSG.syncSuccess, SYNC_MESSAGE_CLEAR_MS);
      else if (outcome === 'unauthorized') show(MSG.syncLogin, SYNC_LOGIN_MESSAGE_CLEAR_MS);
      else if (outcome === 'locked')
        show(null); // another tab is syncing; its changes show here live
      else show(MSG.syncFailed, SYNC_MESSAGE_CLEAR_MS);
      return outcome;
    },
    [engine, show],
  );

  const withTopicNotice = useCallback(
    async (work: (e: SyncEngine) => Promise<TopicSyncResult>): Promise<TopicSyncResult> => {
      if (!engine) return 'offline';
      const result = await work(engine);
      if (result === 'save-failed') show(MSG.topicSaveFailed, SYNC_MESSAGE_CLEAR_MS);
      return result;
    },
    [engine, show],
  );

  const value = useMemo<SyncApiForUi>(
    () => ({
      status: state.status,
      message,
      lastSyncedAt: state.lastSyncedAt,
      syncNow: () => run('delta'),
      fullSync: () => run('full'),
      syncTopic: (topicId) => withTopicNotice((e) => e.syncTopic(topicId)),
      ensureSubjectTopics: (subjectId) => withTopicNotice((e) => e.ensureSubjectTopics(subjectId)),
      refreshStaleTopics: (topicIds) => withTopicNotice((e) => e.refreshStaleTopics(topicIds)),
      scheduleProgressUpload: () => engine?.scheduleProgressUpload(),
      flushProgress: () => engine?.flushProgress() ?? Promise.resolve(0),
    }),
    [state, message, run, withTopicNotice, engine],
  );
  return (
    <SyncContext.Provider value={value}>
      <OfflineContext.Provider value={offline}>{children}</OfflineContext.Provider>
    </SyncContext.Provider>
  );
}
