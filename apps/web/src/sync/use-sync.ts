// The sync API for screens: status, the message of SPEC §8 Sync, and the actions. Read with useSync().
import { createContext, useContext } from 'react';
import type { SyncOutcome } from './engine.ts';
import type { TopicSyncResult } from './topic-sync.ts';

export type SyncApiForUi = {
  status: 'idle' | 'syncing';
  /** 'Performing DELTA SYNC...', 'Sync successful!', … or null; cleared after 5 s (3 s for the login notice). */
  message: string | null;
  /** Epoch ms of the last completed content sync of this user on this device. */
  lastSyncedAt: number | null;
  /** The SYNC button: a delta sync (full when never synced), with its messages. */
  syncNow: () => Promise<SyncOutcome>;
  /** The account page's 'Perform Full Sync': reconcile everything from the start. */
  fullSync: () => Promise<SyncOutcome>;
  /** Fetch one topic's decks, cards, quizzes, questions and pages now (replaces the local copy). */
  syncTopic: (topicId: string) => Promise<TopicSyncResult>;
  /** Study page: fetch the subject's topics that have no local content yet. */
  ensureSubjectTopics: (subjectId: string) => Promise<TopicSyncResult>;
  /** Study page: resync the topics whose content changed on the server (when online). */
  refreshStaleTopics: (topicIds: string[]) => Promise<TopicSyncResult>;
  /** Optional nudge after writing progress; the outbox is also watched, so this is never required. */
  scheduleProgressUpload: () => void;
  /** Before sign-out: upload what waits (bounded); resolves to how many ops still wait on this device. */
  flushProgress: () => Promise<number>;
};

export const SyncContext = createContext<SyncApiForUi | null>(null);

export function useSync(): SyncApiForUi {
  const sync = useContext(SyncContext);
  if (!sync) throw new Error('useSync() outside <SyncProvider>');
  return sync;
}
