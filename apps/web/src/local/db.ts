// The local offline store (SPEC §3): one Dexie database per user, named by the user id, schema v14.
// This is the only module that imports Dexie; features go through their own local/ queries.
import Dexie, { type EntityTable } from 'dexie';

/** Dexie's live queries, for the few non-React observers (the sync engine watches the outbox). */
export { liveQuery } from 'dexie';
import { LOCAL_DB_VERSION, type ProgressRecord, type StudySessionRecord, type UserProfile } from '@zan/core';

/** The signed-in user's profile as kept for offline start (key: uid). */
export type LocalUser = UserProfile & { savedAt: number };
export type SyncMetadataRow = {
  id: string;
  ownerId?: string;
  lastSuccessfulTimestamp?: number;
  [k: string]: unknown;
};
/** `owner` tells the holder's own lock from one another tab took over after it went stale. */
export type SyncLockRow = { id: string; timestamp: number; owner?: string };
export type StudySessionRow = StudySessionRecord & { id?: number };
export type UserProgressRow = ProgressRecord;
/** Outbox of progress operations waiting for upload (ARCHITECTURE §5). */
/** `rejectedAt`: the server rejected it (set aside: kept, counted, exported, never resent). */
export type ProgressOutboxRow = {
  opId: string;
  createdAt: number;
  kind: string;
  payload: unknown;
  rejectedAt?: number;
  rejectedReason?: string;
};
type Row = Record<string, unknown> & { id: string };

export type ZanDb = Dexie & {
  modules: EntityTable<Row, 'id'>;
  subjects: EntityTable<Row, 'id'>;
  topics: EntityTable<Row, 'id'>;
  flashcardDecks: EntityTable<Row, 'id'>;
  cards: EntityTable<Row, 'id'>;
  mcqQuizzes: EntityTable<Row, 'id'>;
  mcqQuestions: EntityTable<Row, 'id'>;
  htmlContent: EntityTable<Row, 'id'>;
  users: EntityTable<LocalUser, 'uid'>;
  studySessions: EntityTable<StudySessionRow, 'id'>;
  syncMetadata: EntityTable<SyncMetadataRow, 'id'>;
  announcements: EntityTable<Row, 'id'>;
  userProgress: EntityTable<UserProgressRow, 'id'>;
  syncLocks: EntityTable<SyncLockRow, 'id'>;
  announcementSyncMetadata: EntityTable<SyncMetadataRow, 'id'>;
  progressOutbox: EntityTable<ProgressOutboxRow, 'opId'>;
};

/** Tables and indexes of SPEC §3, plus the progress outbox. */
export const LOCAL_SCHEMA = {
  modules: 'id, collegeId, yearGroup',
  subjects: 'id, moduleId',
  topics: 'id, subjectId, lastSynced',
  flashcardDecks: 'id, topicId',
  cards: 'id, deckId',
  mcqQuizzes: 'id, topicId',
  mcqQuestions: 'id, quizId',
  htmlContent: 'id, topicId',
  users: 'uid',
  studySessions: '++id, date, subjectId, moduleId, &uuid',
  syncMetadata: 'id',
  announcements: 'id, date, [collegeId+yearGroup], updatedAt, expiresAt',
  userProgress: 'id, &itemId, subjectId, userId, type',
  syncLocks: 'id, timestamp',
  announcementSyncMetadata: 'id',
  progressOutbox: 'opId, createdAt',
} as const;

export function openUserDb(userId: string): ZanDb {
  const db = new Dexie(userId) as ZanDb;
  db.version(LOCAL_DB_VERSION).stores(LOCAL_SCHEMA);
  return db;
}

let current: ZanDb | null = null;

/** The open database of the signed-in user (opened on sign-in, closed on sign-out). */
export function getUserDb(userId: string): ZanDb {
  if (current?.name !== userId) {
    current?.close();
    current = openUserDb(userId);
  }
  return current;
}

export function closeUserDb(): void {
  current?.close();
  current = null;
}
