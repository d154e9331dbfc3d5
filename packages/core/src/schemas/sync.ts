// Sync protocol contract (ARCHITECTURE §5): content pull, topic content on demand, announcements,
// progress upload and pull. Cursors are opaque strings; an empty cursor means "from the start".
import { z } from 'zod';
import { EPOCH_MS_MAX, epochMs, int32, text } from './common.ts';
import {
  announcementDtoSchema,
  cardDtoSchema,
  deckDtoSchema,
  htmlContentDtoSchema,
  moduleDtoSchema,
  questionDtoSchema,
  quizDtoSchema,
  subjectDtoSchema,
  topicDtoSchema,
} from './content.ts';
import { qbankBlockSchema } from './qbank.ts';
import { memoryStateFields, reviewDetailSchema, schedulerSettingsSchema } from './scheduler.ts';

/** GET /api/sync/content?cursor=&visibleSet=&limit= */
export const contentPullQuerySchema = z.strictObject({
  cursor: text().max(200).optional(),
  /** The visible-set fingerprint the client last received; a different current one answers reset. */
  visibleSet: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
/**
 * The heads of the caller's other sync streams at the time of the content snapshot. A client whose
 * announcement cursor equals `announcements` and whose progress clock is at least `progress` has
 * nothing to pull there. Sent by the server with the last page (hasMore false); optional for
 * older servers, and a client that gets none pulls as before.
 */
const syncHeadsSchema = z.object({
  /** The cursor the caller's announcement pull would end at ('' when there is nothing). */
  announcements: z.string(),
  /** The caller's progress clock: the `version` a complete progress pull would return. */
  progress: z.number().int().min(0),
  /** The caller's announcements visible set: a client whose stored one differs must pull (and reset). */
  announcementsVisibleSet: z.string().optional(),
});
export type SyncHeads = z.infer<typeof syncHeadsSchema>;

export const contentPullResponseSchema = z.object({
  /** The caller's visible set changed since `visibleSet`: pull from the start and reconcile (keep what is still sent). */
  reset: z.boolean(),
  visibleSet: z.string(),
  modules: z.array(moduleDtoSchema),
  subjects: z.array(subjectDtoSchema),
  topics: z.array(topicDtoSchema),
  deleted: z.object({
    modules: z.array(z.string()),
    subjects: z.array(z.string()),
    topics: z.array(z.string()),
  }),
  cursor: z.string(),
  hasMore: z.boolean(),
  /** Added later (additive): present on the last page of a pull. */
  heads: syncHeadsSchema.optional(),
  /**
   * The content clock of the snapshot this page was read in. A device that applied this page discards a
   * topic download read at an older version (it could undo what the page applied).
   */
  version: z.number().int().min(0).optional(),
});
export type ContentPullResponse = z.infer<typeof contentPullResponseSchema>;

/** GET /api/sync/topics/:topicId — everything under one topic, replacing the local copy. */
export const topicContentResponseSchema = z.object({
  topic: topicDtoSchema,
  decks: z.array(deckDtoSchema),
  cards: z.array(cardDtoSchema),
  quizzes: z.array(quizDtoSchema),
  questions: z.array(questionDtoSchema),
  htmlContent: z.array(htmlContentDtoSchema),
  /** The content clock of the snapshot it was read in; a device that applied a later pull discards it. */
  version: z.number().int().min(0).optional(),
});
export type TopicContentResponse = z.infer<typeof topicContentResponseSchema>;

/** POST /api/sync/topics/versions {topicIds} — the freshness check (spec: getLatestTopicTimestamp). */
export const topicVersionsBodySchema = z.strictObject({ topicIds: z.array(text().max(100)).max(1000) });
export const topicVersionsResponseSchema = z.object({ versions: z.record(z.string(), z.number().int()) });

/** GET /api/sync/announcements?cursor=&visibleSet=&limit= (visibleSet and limit optional, added later). */
export const announcementsPullQuerySchema = z.strictObject({
  cursor: text().max(200).optional(),
  /** The announcements visible-set fingerprint the client last received (role, college, year group). */
  visibleSet: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export const announcementsPullResponseSchema = z.object({
  announcements: z.array(announcementDtoSchema),
  deleted: z.array(z.string()),
  cursor: z.string(),
  hasMore: z.boolean(),
  /** Always sent by the server; optional for older clients. true: pull from '' and keep only what it sends. */
  reset: z.boolean().optional(),
  visibleSet: z.string().optional(),
});
export type AnnouncementsPullResponse = z.infer<typeof announcementsPullResponseSchema>;

const progressRecordDtoSchema = z.object({
  itemId: text().max(100),
  type: z.enum(['flashcard', 'mcq']),
  cardId: text().max(100).nullable(),
  questionId: text().max(100).nullable(),
  subjectId: text().max(100),
  deckId: text().max(100).nullable(),
  easeFactor: z.number().min(1).max(10),
  /** Seconds (an int4 column). */
  interval: int32().min(0),
  dueDate: epochMs().nullable(),
  isSuspended: z.boolean(),
  /** When the student made this change (client clock, clamped by the server). */
  reviewedAt: epochMs(),
  /** Added later (issue 18, additive): the FSRS memory state, reviews and lapses. */
  ...memoryStateFields,
});
export type ProgressRecordDto = z.infer<typeof progressRecordDtoSchema>;

export const studySessionDtoSchema = z.object({
  id: z.uuid(),
  date: epochMs(),
  durationInSeconds: z.number().int().min(1).max(86_400),
  subjectId: text().max(100),
  subjectName: text().max(300),
  moduleId: text().max(100),
  moduleName: text().max(300),
});
export type StudySessionDto = z.infer<typeof studySessionDtoSchema>;

const opId = text().max(100).min(8);

/** One queued operation of the progress outbox; opId (unique per user) makes the upload idempotent. */
export const progressOpSchema = z.discriminatedUnion('kind', [
  z.object({
    opId,
    kind: z.literal('upsert'),
    record: progressRecordDtoSchema,
    /** Again/Hard/Good/Easy for a review, the chosen option for an MCQ answer; null for suspend. */
    rating: z.number().int().min(0).max(5).nullable(),
    /** Added later (issue 18, additive): a flashcard review's scheduler, prior state and timings. */
    review: reviewDetailSchema.optional(),
  }),
  /**
   * Takes back one review (issue 18 Undo): the server drops the review `reviewOpId` from the card's
   * history and replays the card; a review that has not arrived yet is never applied.
   */
  z.object({ opId, kind: z.literal('undo'), reviewOpId: opId, itemId: text().max(100), at: epochMs() }),
  z.object({ opId, kind: z.literal('delete'), itemId: text().max(100), at: epochMs() }),
  z.object({ opId, kind: z.literal('session'), session: studySessionDtoSchema }),
  /** A deck reset: every card of the deck (also those this device never saw) loses its progress as of `at`. */
  z.object({ opId, kind: z.literal('resetDeck'), deckId: text().max(100), at: epochMs() }),
  /**
   * A study data import: all progress as of `at` and every study session on the server go; the file's
   * records and sessions follow as upserts and sessions in the same queue.
   */
  z.object({ opId, kind: z.literal('import'), at: epochMs() }),
  /**
   * Issue 19 (additive): a question-bank block as it now is, whole. The server keeps the copy with the
   * later `updatedAt` (a tie: the later upload). A device queues at most one unsent op per block: a
   * newer state replaces the unsent one. Answers in a block also go as MCQ 'upsert' ops.
   */
  z.object({ opId, kind: z.literal('block'), block: qbankBlockSchema }),
]);
export type ProgressOp = z.infer<typeof progressOpSchema>;

/**
 * The envelope only: each op is validated on its own, so one bad op is rejected alone (listed in
 * `rejected`) and never blocks the others.
 */
export const progressPushBodySchema = z.strictObject({
  deviceId: text().max(100).min(8),
  ops: z.array(z.looseObject({ opId })).max(1000),
});
export const progressPushResponseSchema = z.object({
  accepted: z.array(z.string()),
  /** Ops that will never apply (invalid, or refused by the database): the device sets them aside. */
  rejected: z.array(z.object({ opId: z.string(), reason: z.string() })).optional(),
  serverTime: z.number().int(),
});

/** GET /api/sync/progress?since= — records and sessions changed after the user's progress clock. */
export const progressPullQuerySchema = z.strictObject({
  since: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});
export const progressPullResponseSchema = z.object({
  records: z.array(progressRecordDtoSchema),
  deletedItemIds: z.array(z.string()),
  sessions: z.array(studySessionDtoSchema),
  /** Sessions deleted (by a study data import) since `since`. */
  deletedSessionIds: z.array(z.string()).optional(),
  /** Issue 18 (additive): the student's scheduler settings, when they changed since `since`. */
  schedulerSettings: schedulerSettingsSchema.optional(),
  /** Issue 19 (additive): question-bank blocks stored or replaced since `since`. */
  blocks: z.array(qbankBlockSchema).optional(),
  version: z.number().int(),
  hasMore: z.boolean(),
});
export type ProgressPullResponse = z.infer<typeof progressPullResponseSchema>;

/**
 * GET /api/sync/day-tally?since=&deviceId= (issue 18 daily limits): the flashcards the caller's OTHER
 * devices answered since `since` (the start of the student's day; the server reads at most two days
 * back) — new ones (no schedule before) and reviewed ones, each id once.
 */
export const dayTallyQuerySchema = z.strictObject({
  since: z.coerce.number().int().min(0).max(EPOCH_MS_MAX),
  deviceId: text().min(8).max(100),
});
export type DayTallyQuery = z.infer<typeof dayTallyQuerySchema>;
export const dayTallyResponseSchema = z.object({
  since: z.number().int(),
  newCardIds: z.array(z.string()),
  reviewedCardIds: z.array(z.string()),
});
export type DayTallyResponse = z.infer<typeof dayTallyResponseSchema>;
