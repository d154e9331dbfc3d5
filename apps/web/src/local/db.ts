// The local offline store (SPEC §3): one Dexie database per user, named by the user id, schema v16 (v14
// plus the FSRS memory state on progress rows, issue 18; the question bank's blocks and peer totals,
// issue 19).
// This is the only module that imports Dexie; features go through their own local/ queries.
import Dexie, { type EntityTable } from 'dexie';

/** Dexie's live queries, for the few non-React observers (the sync engine watches the outbox). */
export { liveQuery } from 'dexie';
import {
  LOCAL_DB_VERSION,
  type AnnouncementDto,
  type CardDto,
  type DeckDto,
  type HtmlContentDto,
  type ModuleDto,
  type ProgressOp,
  type ProgressRecord,
  type RetentionResponse,
  type SchedulerSettings,
  type QbankBlock,
  type QuestionDto,
  type QuestionStatsDto,
  type QuizDto,
  type StudySessionRecord,
  type SubjectDto,
  type TopicDto,
  type UserProfile,
} from '@zan/core';

/** A topic as stored: the server's fields plus when its content was last fetched (SPEC §4 Sync). */
export type LocalTopic = TopicDto & {
  /** Epoch ms of the last topic-content fetch; absent until the topic's resources are local. */
  lastSynced?: number;
  /** The latest content version the content pull reported (contentVersion is that of the local copy). */
  serverContentVersion?: number;
};

/** The signed-in user's profile as kept for offline start (key: uid). */
type LocalUser = UserProfile & { savedAt: number };

export const GLOBAL_SYNC_ID = 'globalSync';
export const PROGRESS_SYNC_ID = 'progressSync';
export const OFFLINE_KEEP_ID = 'offlineKeep';
export const ANNOUNCEMENT_SYNC_ID = 'announcementSync';
export const SCHEDULER_SETTINGS_ID = 'schedulerSettings';
export const RETENTION_SUMMARY_ID = 'retentionSummary';
export const QUESTION_STATS_SYNC_ID = 'questionStatsSync';

/**
 * The content cursor. `reconciling` is true while a full reconcile is under way: its pages are already
 * stored, but local rows the server no longer sends are only removed at its last page, so an
 * interrupted reconcile starts again from the beginning instead of continuing as a delta.
 */
export type GlobalSyncMeta = {
  id: typeof GLOBAL_SYNC_ID;
  ownerId: string;
  cursor: string;
  visibleSet: string;
  reconciling: boolean;
  lastSuccessfulTimestamp?: number;
  /** The content clock of the newest page applied: a topic download read before it is stale. */
  appliedVersion?: number;
};
/** The progress clock: the version of the last progress page merged. */
export type ProgressSyncMeta = { id: typeof PROGRESS_SYNC_ID; ownerId: string; version: number };
/** Offline by choice (local/offline-keep.ts). `everything`: every module the student sees, now and later. */
export type OfflineKeep = {
  id: typeof OFFLINE_KEEP_ID;
  ownerId: string;
  everything: boolean;
  modules: string[];
};
/**
 * The student's scheduler settings (issue 18, local/scheduler-settings.ts). `dirty`: changed here and
 * not yet stored on the server (sent with the next progress sync).
 */
export type SchedulerSettingsMeta = {
  id: typeof SCHEDULER_SETTINGS_ID;
  ownerId: string;
  settings: SchedulerSettings;
  dirty: boolean;
};
/** The last true-retention figures fetched (issue 18, Stats → 'Retention'), shown offline with their date. */
export type RetentionSummaryMeta = {
  id: typeof RETENTION_SUMMARY_ID;
  ownerId: string;
  summary: RetentionResponse;
  /** Epoch ms of the fetch. */
  fetchedAt: number;
};
/** Issue 19: when this device last fetched the peer totals (sync/question-stats-sync.ts). */
type QuestionStatsSyncMeta = { id: typeof QUESTION_STATS_SYNC_ID; ownerId: string; pulledAt: number };
/** The rows of syncMetadata, one per known id. */
type SyncMetadataRow =
  | GlobalSyncMeta
  | ProgressSyncMeta
  | OfflineKeep
  | SchedulerSettingsMeta
  | RetentionSummaryMeta
  | QuestionStatsSyncMeta;
/** `reconciling`: a reset's pull from the start is under way (`seen` holds the ids it sent so far). */
export type AnnouncementSyncMeta = {
  id: typeof ANNOUNCEMENT_SYNC_ID;
  ownerId: string;
  cursor: string;
  lastSync: number;
  visibleSet?: string;
  reconciling?: boolean;
  seen?: string[];
};

/** `owner` tells the holder's own lock from one another tab took over after it went stale. */
type SyncLockRow = { id: string; timestamp: number; owner?: string };
export type StudySessionRow = StudySessionRecord & { id?: number };
/** A progress row (core ProgressRecord: SM-2 state, and the FSRS memory state when known). */
export type UserProgressRow = ProgressRecord;
type OpOfKind<K extends ProgressOp['kind']> = Extract<ProgressOp, { kind: K }>;
/**
 * Outbox of progress operations waiting for upload (ARCHITECTURE §5): `kind` tells the op `payload`
 * holds. `rejectedAt`: the server rejected it (set aside: kept, counted, exported, never resent).
 */
export type ProgressOutboxRow = {
  [K in ProgressOp['kind']]: {
    opId: string;
    createdAt: number;
    kind: K;
    payload: OpOfKind<K>;
    rejectedAt?: number;
    rejectedReason?: string;
  };
}[ProgressOp['kind']];

/** A table whose rows are written whole, key included. */
type Keyed<T, K extends keyof T> = EntityTable<T, K, T>;

export type ZanDb = Dexie & {
  modules: Keyed<ModuleDto, 'id'>;
  subjects: Keyed<SubjectDto, 'id'>;
  topics: Keyed<LocalTopic, 'id'>;
  flashcardDecks: Keyed<DeckDto, 'id'>;
  cards: Keyed<CardDto, 'id'>;
  mcqQuizzes: Keyed<QuizDto, 'id'>;
  mcqQuestions: Keyed<QuestionDto, 'id'>;
  htmlContent: Keyed<HtmlContentDto, 'id'>;
  users: Keyed<LocalUser, 'uid'>;
  studySessions: EntityTable<StudySessionRow, 'id'>;
  syncMetadata: Keyed<SyncMetadataRow, 'id'>;
  announcements: Keyed<AnnouncementDto, 'id'>;
  userProgress: Keyed<UserProgressRow, 'id'>;
  syncLocks: Keyed<SyncLockRow, 'id'>;
  announcementSyncMetadata: Keyed<AnnouncementSyncMeta, 'id'>;
  progressOutbox: Keyed<ProgressOutboxRow, 'opId'>;
  /** Issue 19: the student's question-bank blocks (their own data, synced like progress). */
  qbankBlocks: Keyed<QbankBlock, 'id'>;
  /** Issue 19: how everyone answered each question (only questions the server had figures for). */
  questionStats: Keyed<QuestionStatsDto, 'questionId'>;
};

/** Tables and indexes of SPEC §3, plus the progress outbox and the question bank's tables. */
const LOCAL_SCHEMA = {
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
  qbankBlocks: 'id, startedAt',
  questionStats: 'questionId, topicId',
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
