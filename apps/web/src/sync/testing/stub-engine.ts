// A scripted stand-in for the sync engine, for tests of the React layer and the triggers.
import type { Role } from '@zan/core';
import { vi } from 'vitest';
import type { EngineState, SyncEngine, SyncOutcome } from '../engine.ts';
import { student } from './fake-server.ts';

export function stubEngine(role: Role = 'user') {
  let state: EngineState = { status: 'idle', lastSyncedAt: null };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<EngineState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  let pending: ((o: SyncOutcome) => void) | null = null;
  /** syncNow/fullSync stay running until finish(outcome). */
  const run = vi.fn(
    () =>
      new Promise<SyncOutcome>((resolve) => {
        set({ status: 'syncing' });
        pending = (o) => {
          set({ status: 'idle', lastSyncedAt: o === 'success' ? 1_700_000_000_000 : state.lastSyncedAt });
          resolve(o);
        };
      }),
  );
  const engine = {
    user: student('u1', { role }),
    getState: () => state,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setUser: vi.fn(),
    syncNow: run,
    fullSync: vi.fn(() => run()),
    syncTopic: vi.fn(async () => 'saved' as const),
    ensureSubjectTopics: vi.fn(async () => 'saved' as const),
    refreshStaleTopics: vi.fn(async () => 'saved' as const),
    scheduleProgressUpload: vi.fn(),
    syncProgress: vi.fn(async () => true),
    syncAnnouncements: vi.fn(async () => true),
    watchOutbox: vi.fn(() => () => undefined),
    isBusy: () => state.status === 'syncing',
    isSyncing: () => state.status === 'syncing',
    waitUntilIdle: vi.fn(async () => true),
    refreshLastSynced: vi.fn(async () => undefined),
    dispose: vi.fn(),
  };
  return {
    engine: engine as unknown as SyncEngine & typeof engine,
    finish: (o: SyncOutcome) => {
      pending?.(o);
      pending = null;
    },
  };
}
