// The study data export file (SPEC §3 Export file, §5 Study data import, §9 Exports): version 1,
// exportedAt, data with userProgress and studySessions (additive since: scheduler settings, issue 18;
// question-bank blocks, issue 19). Building is pure; parsing validates and revives
// dates from text, so an import either yields clean records or fails with the spec's one message.
import { z } from 'zod';
import { EXPORT_FORMAT_VERSION, INT32_MAX } from './constants.ts';
import { MSG } from './messages.ts';
import { storableDate, text } from './schemas/common.ts';
import { memoryFieldsOf, type MemoryFields, type SchedulerSettings } from './scheduler.ts';
import type { QbankBlock } from './qbank.ts';
import { qbankBlockSchema, type QbankBlockDto } from './schemas/qbank.ts';
import { memoryStateFields, schedulerSettingsSchema } from './schemas/scheduler.ts';

/** SPEC §5: anything not shaped like an export file gets exactly this. */
export const INVALID_EXPORT_FILE = MSG.invalidDataFile;

/** A progress record as the local store keeps it (SPEC §3 progress record; id = userId_itemId). */
export type ProgressRecord = {
  id: string;
  userId: string;
  itemId: string;
  cardId?: string;
  questionId?: string;
  subjectId: string;
  deckId?: string;
  type: 'flashcard' | 'mcq';
  easeFactor: number;
  interval: number;
  dueDate: Date | null;
  isSuspended: boolean;
  reviewedAt?: Date;
} & MemoryFields; // issue 18 (additive): the FSRS memory state; absent for SM-2-only cards and older rows

/** A study session as the local store keeps it (SPEC §3 studySession; uuid identifies it on upload). */
export type StudySessionRecord = {
  uuid: string;
  date: Date;
  durationInSeconds: number;
  subjectId: string;
  subjectName: string;
  moduleId: string;
  moduleName: string;
};

/** In an export file the owner and ids are optional: an import rewrites them for the current user. */
export type ExportProgressRecord = Omit<ProgressRecord, 'id' | 'userId'> &
  Partial<Pick<ProgressRecord, 'id' | 'userId'>>;
export type ExportStudySession = Omit<StudySessionRecord, 'uuid'> & { uuid?: string };

export type ExportFile = {
  version: typeof EXPORT_FORMAT_VERSION;
  exportedAt: string;
  /** rejectedOps: progress ops the server refused, kept for the record (ignored on import). */
  data: {
    userProgress: unknown[];
    studySessions: unknown[];
    rejectedOps?: unknown[];
    /** Issue 18 (additive; the file stays version 1): the student's scheduler settings. */
    schedulerSettings?: SchedulerSettings;
    /** Issue 19 (additive; the file stays version 1): the student's question-bank blocks. */
    qbankBlocks?: QbankBlock[];
  };
};

export type ImportedStudyData = {
  userProgress: ExportProgressRecord[];
  studySessions: ExportStudySession[];
  /** Present when the file carried readable scheduler settings. */
  schedulerSettings?: SchedulerSettings;
  /** The file's readable question-bank blocks (an unreadable one is left out; none: absent). */
  qbankBlocks?: QbankBlockDto[];
};

/** At most this many blocks are read from a file (the server's default bound per student). */
const EXPORT_MAX_BLOCKS = 10_000;

/** Each readable block of the file's array; an unreadable block is dropped, the rest still import. */
const qbankBlocksField = z
  .array(z.unknown())
  .max(EXPORT_MAX_BLOCKS)
  .transform((xs) =>
    xs.flatMap((x) => {
      const b = qbankBlockSchema.safeParse(x);
      return b.success ? [b.data] : [];
    }),
  )
  .optional()
  .catch(undefined);

/** A date as written by JSON.stringify (ISO text), epoch ms, or a Firestore-style {seconds, nanoseconds}. */
const revivedDate = z
  .union([
    z.string().max(64),
    z.number(),
    z.date(),
    z.object({ seconds: z.number(), nanoseconds: z.number().optional() }),
  ])
  .transform((v) =>
    v instanceof Date
      ? v
      : typeof v === 'object'
        ? new Date(v.seconds * 1000 + Math.floor((v.nanoseconds ?? 0) / 1e6))
        : new Date(v),
  )
  .refine(storableDate);

const id = text().min(1).max(100);
const optionalId = id.nullish().transform((v) => v ?? undefined);

// The bounds match what the progress upload accepts (schemas/sync.ts), so an import always uploads.
const progressRecordSchema = z
  .object({
    id: text().max(300).nullish(),
    userId: text().max(200).nullish(),
    itemId: id.nullish(),
    cardId: optionalId,
    questionId: optionalId,
    subjectId: text().max(100).nullish(),
    deckId: optionalId,
    type: z.enum(['flashcard', 'mcq']).nullish(),
    easeFactor: z.number().min(1).max(10),
    interval: z.number().min(0).max(INT32_MAX),
    dueDate: revivedDate.nullable().optional(),
    isSuspended: z.boolean().nullish(),
    reviewedAt: revivedDate.nullish(),
    stability: memoryStateFields.stability,
    difficulty: memoryStateFields.difficulty,
    learningState: memoryStateFields.learningState,
    learningStep: memoryStateFields.learningStep,
    lastReview: revivedDate.nullish(),
    reps: memoryStateFields.reps,
    lapses: memoryStateFields.lapses,
  })
  .transform((r, ctx): ExportProgressRecord => {
    const itemId = r.itemId ?? r.cardId ?? r.questionId;
    if (!itemId) {
      ctx.addIssue({ code: 'custom', message: 'itemId is required' });
      return z.NEVER;
    }
    const out: ExportProgressRecord = {
      itemId,
      subjectId: r.subjectId ?? '',
      type: r.type ?? (r.questionId ? 'mcq' : 'flashcard'),
      easeFactor: r.easeFactor,
      interval: r.interval,
      dueDate: r.dueDate ?? null,
      isSuspended: r.isSuspended ?? false,
    };
    if (r.id) out.id = r.id;
    if (r.userId) out.userId = r.userId;
    if (r.cardId) out.cardId = r.cardId;
    if (r.questionId) out.questionId = r.questionId;
    if (r.deckId) out.deckId = r.deckId;
    if (r.reviewedAt) out.reviewedAt = r.reviewedAt;
    return Object.assign(out, memoryFieldsOf(r));
  });

const studySessionSchema = z
  .object({
    uuid: z.uuid().nullish(),
    date: revivedDate,
    durationInSeconds: z.number().int().min(1).max(86_400),
    subjectId: text().max(100),
    subjectName: text().max(300),
    moduleId: text().max(100),
    moduleName: text().max(300),
  })
  .transform((s): ExportStudySession => {
    const { uuid, ...rest } = s;
    return uuid ? { uuid, ...rest } : rest;
  });

/** SPEC §5: a version, data, and both arrays; every record must be readable. */
const exportFileSchema = z.object({
  version: z.number(),
  exportedAt: z.string().optional(),
  data: z.object({
    userProgress: z.array(progressRecordSchema).max(200_000),
    studySessions: z.array(studySessionSchema).max(200_000),
    /** Unreadable settings are ignored (the records still import): the file stays version 1. */
    schedulerSettings: schedulerSettingsSchema.optional().catch(undefined),
    qbankBlocks: qbankBlocksField,
  }),
});

const iso = (d: Date | null | undefined): string | null | undefined => (d == null ? d : d.toISOString());

/** The export file of a user's progress rows and study sessions (dates become ISO text). */
export function buildExportFile(
  progressRows: readonly ExportProgressRecord[],
  sessionRows: readonly (ExportStudySession & { id?: number })[],
  now: Date,
  rejectedOps: readonly unknown[] = [],
  schedulerSettings?: SchedulerSettings,
  qbankBlocks: readonly QbankBlock[] = [],
): ExportFile {
  return {
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    data: {
      userProgress: progressRows.map((r) => ({
        ...r,
        dueDate: iso(r.dueDate),
        reviewedAt: iso(r.reviewedAt),
        ...(r.lastReview !== undefined ? { lastReview: iso(r.lastReview) } : {}),
      })),
      studySessions: sessionRows.map(({ id: _localKey, ...s }) => ({ ...s, date: iso(s.date) })),
      ...(rejectedOps.length ? { rejectedOps: [...rejectedOps] } : {}),
      ...(schedulerSettings ? { schedulerSettings } : {}),
      ...(qbankBlocks.length ? { qbankBlocks: [...qbankBlocks] } : {}),
    },
  };
}

export type ParseExportResult = { ok: true; data: ImportedStudyData } | { ok: false; error: string };

/** Validates a parsed JSON value (or its text) as an export file; dates come back as Dates. */
export function parseExportFile(json: unknown): ParseExportResult {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json) as unknown;
    } catch {
      return { ok: false, error: INVALID_EXPORT_FILE };
    }
  }
  const parsed = exportFileSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: INVALID_EXPORT_FILE };
  return {
    ok: true,
    data: {
      userProgress: parsed.data.data.userProgress,
      studySessions: parsed.data.data.studySessions,
      ...(parsed.data.data.schedulerSettings
        ? { schedulerSettings: parsed.data.data.schedulerSettings }
        : {}),
      ...(parsed.data.data.qbankBlocks?.length ? { qbankBlocks: parsed.data.data.qbankBlocks } : {}),
    },
  };
}

/** SPEC §9: 'study data' plus the date, e.g. `study data 2025-10-01.json` (local calendar date). */
export function exportFileName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `study data ${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}.json`;
}

/** 32 hex digits of a deterministic hash (four FNV-1a 32-bit lanes with different seeds). */
function hash128(text: string): string {
  const seeds = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];
  return seeds
    .map((seed) => {
      let h = seed >>> 0;
      for (let i = 0; i < text.length; i++) {
        h = Math.imul((h ^ text.charCodeAt(i)) >>> 0, 0x01000193) >>> 0;
        h = (h ^ (h >>> 13)) >>> 0;
      }
      return h.toString(16).padStart(8, '0');
    })
    .join('');
}

/**
 * The id of an imported session that has none: derived from what it is (date, duration, subject,
 * module), so importing the same file twice gives the same ids and no doubled sessions. A UUID v8.
 */
export function stableSessionId(
  s: Pick<ExportStudySession, 'date' | 'durationInSeconds' | 'subjectId' | 'moduleId'>,
): string {
  const h = hash128(`${s.date.getTime()}|${s.durationInSeconds}|${s.subjectId}|${s.moduleId}`);
  const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
