// What every part of the engine works with: the user's store, who they are, the server, the clock.
import { contentScope, type TopicContentResponse, type UserProfile } from '@zan/core';
import type { ZanDb } from '../local/db.ts';
import type { WebLocks } from './locks.ts';
import type { SyncApi } from './sync-api.ts';

export type SyncUser = Pick<
  UserProfile,
  'uid' | 'role' | 'collegeId' | 'yearGroup' | 'adminCollegeId' | 'adminYearGroup'
>;

export type SyncContext = {
  db: ZanDb;
  user: () => SyncUser;
  api: SyncApi;
  now: () => number;
  /** undefined: navigator.locks when present; null: the syncLocks table only. */
  webLocks?: WebLocks | null | undefined;
  /** Bounds the topic-content fetches in flight (the engine's limiter(PARALLEL)); none: unbounded. */
  topicFetches?: (<T>(task: () => Promise<T>) => Promise<T>) | undefined;
  /** Writes a downloaded topic (the engine's topicWriter, which batches); none: one transaction each. */
  topicWrites?: ((content: TopicContentResponse) => Promise<boolean>) | undefined;
};

/** SPEC §4: an incomplete user stops the sync (a student without college or year, an admin without scope). */
export const isCompleteUser = (user: SyncUser): boolean => contentScope(user).kind !== 'none';

export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;
