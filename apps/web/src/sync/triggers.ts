// When syncs start by themselves (SPEC §4 Sync, issue 3): content sync automatically only for the role
// user (core autoSyncsContent) — on start, on 'online', on the tab becoming visible, on a live 'content' event and on the
// service worker's periodic sync. Admins and superadmins pull announcements alone at the same moments
// (issue 7: their /announcements page without pressing SYNC). Progress uploads for every role: at
// start (a backlog left from an earlier session of this user), when the outbox grows, and on reconnect.
// A live 'resync' (the event stream reopened, or the server's LISTEN reconnected) counts as a reconnect.
import { autoSyncsContent } from '@zan/core';
import { isOnline } from './engine-context.ts';
import type { SyncEngine } from './engine.ts';

export const PERIODIC_SYNC_MESSAGE = 'zan-periodic-sync';
/** A tab shown again syncs at most this often. */
export const VISIBLE_SYNC_MIN_INTERVAL_MS = 30_000;

export type TriggerSources = {
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  /** Subscribes to a live event by name (lib/session's event stream); returns the unsubscribe. */
  onLive?: (name: 'content' | 'progress' | 'resync', fn: () => void) => () => void;
  /** Messages from the service worker. */
  worker?: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> | null;
  now?: () => number;
  /** The start's sync waits for this (the first screen painted, lib/first-screen.ts); at once without it. */
  startAfter?: Promise<void>;
};

type Engine = Pick<SyncEngine, 'syncNow' | 'syncProgress' | 'syncAnnouncements' | 'watchOutbox' | 'user'>;

export function attachSyncTriggers(engine: Engine, src: TriggerSources): () => void {
  const now = src.now ?? Date.now;
  let lastVisibleSync = now();
  const auto = () => autoSyncsContent(engine.user.role);
  const contentSync = () => {
    if (!isOnline()) return;
    if (auto()) void engine.syncNow();
    else void engine.syncAnnouncements();
  };
  const progressSync = () => {
    if (isOnline()) void engine.syncProgress().catch(() => undefined);
  };
  const onOnline = () => {
    contentSync();
    if (!auto()) progressSync();
  };
  const onVisible = () => {
    if (src.doc.visibilityState !== 'visible' || now() - lastVisibleSync < VISIBLE_SYNC_MIN_INTERVAL_MS)
      return;
    lastVisibleSync = now();
    contentSync();
  };
  const onWorkerMessage = (e: Event) => {
    if ((e as MessageEvent<{ type?: string } | null>).data?.type === PERIODIC_SYNC_MESSAGE) contentSync();
  };

  const cleanups = [engine.watchOutbox()];
  src.win.addEventListener('online', onOnline);
  src.doc.addEventListener('visibilitychange', onVisible);
  src.worker?.addEventListener('message', onWorkerMessage);
  if (src.onLive) {
    cleanups.push(src.onLive('content', contentSync));
    cleanups.push(src.onLive('progress', progressSync));
    // The stream reopened or the server missed events: catch up like on reconnect.
    cleanups.push(src.onLive('resync', () => onOnline()));
  }
  // App start (or sign-in): a student's content sync includes progress; others just drain the outbox.
  let stopped = false;
  if (src.startAfter) void src.startAfter.then(() => !stopped && onOnline());
  else onOnline();

  return () => {
    stopped = true;
    src.win.removeEventListener('online', onOnline);
    src.doc.removeEventListener('visibilitychange', onVisible);
    src.worker?.removeEventListener('message', onWorkerMessage);
    for (const c of cleanups) c();
  };
}
