// Account → 'Import Anki progress' (issue 20): the student's own .apkg / .colpkg is read off the event
// loop, its cards are matched to the Zan cards imported from the same Anki notes that the student can
// see, and their scheduling and reviews go through the progress upload (progress-import-ops.ts), so
// they sync like any other progress. Any verified user may import their own progress. Issue 38: the
// child that reads the package also checks every value against Anki's ranges and groups the reviews per
// card (progress-import-data.ts); here the event loop only matches cards, a chunk at a time, and hands
// the upload its ops batch by batch — a value out of range fails the import naming it, before anything is
// written.
//
// Issue 32: the import is a job (platform/jobs) in the college's queues: the uploaded file goes to the
// configured storage under a private key, any instance runs the job and any answers for it. It is
// idempotent: the upload writes in one transaction, and its ops are named by what they are (the review's
// time and card, the import's time fixed when it was queued), so a run again after a crash adds nothing.
// The file is removed when the job ends, or a day after a failure ('Try again' until then).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  ANKI_PROGRESS_MESSAGES as T,
  JOB_KINDS,
  MSG,
  type Actor,
  type AnkiProgressImportResponse,
  type AnkiProgressJob,
  type ProgressOp,
} from '@zan/core';
import type { Database } from '../../db/client.ts';
import { checkAccess } from '../../domain/access.ts';
import { conflict, notFound, tooManyRequests } from '../../errors.ts';
import { JobRefusal, type JobContext, type JobRunner } from '../../platform/jobs/job-runner.ts';
import type { JobRow } from '../../platform/jobs/jobs-repository.ts';
import { hit } from '../../platform/rate-limit.ts';
import { privateKey, type StorageDriver } from '../../platform/storage.ts';
import { readAnkiHistoryOffThread } from './read-off-thread.ts';
import {
  ANKI_IMPORT_DEVICE,
  ankiKey,
  ankiOpBatches,
  emptySummary,
  summarize,
} from './progress-import-ops.ts';
import { ankiProgressRepository as repo, type AnkiMatchRow } from './progress-import-repository.ts';

/**
 * The progress upload of a whole history (features/progress progress-service.ts `pushBatches`, wired in
 * app.ts): one transaction, the student's storage bounds, the progress clock and the live event; the
 * batches are taken one at a time.
 */
export type ProgressPush = (
  actor: Actor,
  upload: { deviceId: string; batches: Iterable<readonly ProgressOp[]> },
) => Promise<void>;

/**
 * Imports per student: a whole Anki history is one import, so it is not counted op by op against the
 * hourly progress-upload window (a few years of reviews passed it); this bounds how often it runs.
 */
export const ANKI_PROGRESS_RATE = { max: 10, windowSeconds: 3600 } as const;

/** Ops per batch handed to the upload (it reserves storage a batch at a time and applies it in runs). */
const BATCH = 2000;
const KIND = JOB_KINDS.ankiProgress;

/** What a job holds: the file's name and storage key, and the import's time (its ops are named by it). */
type JobInput = { readonly fileName: string; readonly packageKey: string; readonly at: number };

const jobNotFound = () => notFound(T.jobNotFound, 'ANKI_PROGRESS_NOT_FOUND');

export function ankiProgressService(deps: {
  db: Database;
  push: ProgressPush;
  jobs: JobRunner;
  storage: StorageDriver;
  now?: () => number;
}) {
  const { db, jobs, storage } = deps;
  const now = deps.now ?? (() => Date.now());
  const inputOf = (j: JobRow) => j.input as JobInput;
  const removeFile = (j: JobRow) => storage.delete(inputOf(j).packageKey).catch(() => undefined);
  /** Failed, but not refused for what the file holds: the same file may import when tried again. */
  const retryable = (j: JobRow) => j.state === 'failed' && j.error === T.jobFailed;

  /** Only its owner reaches a job: another's answers as a missing one. */
  const ownJob = async (actor: Actor, jobId: string): Promise<JobRow> => {
    const found = await jobs.get(jobId);
    return checkAccess(actor, 'ankiProgress.job', found?.kind === KIND ? found : null, {
      notFound: jobNotFound,
      target: (j) => ({ ownerId: j.ownerId }),
      hidden: true,
    });
  };

  async function view(j: JobRow): Promise<AnkiProgressJob> {
    return {
      jobId: j.id,
      state: j.state,
      ahead: j.state === 'queued' ? await jobs.ahead(j) : null,
      progress: j.state === 'done' ? 1 : j.progress,
      canRetry: retryable(j) && (await storage.exists(inputOf(j).packageKey)),
      result: j.state === 'done' ? (j.result as AnkiProgressImportResponse) : null,
      error: j.error,
    };
  }

  /** The job: the file read in a child, its cards matched, their progress uploaded in one transaction. */
  async function run(ctx: JobContext): Promise<AnkiProgressImportResponse> {
    const actor = await ctx.owner();
    const { fileName, packageKey, at } = inputOf(ctx.job);
    const file = await storage.fileFor(packageKey);
    if (!file) throw new JobRefusal(T.retryExpired);
    let read: Awaited<ReturnType<typeof readAnkiHistoryOffThread>>;
    try {
      // Only the collection: its media (a whole collection's may be far larger) are never read.
      read = await readAnkiHistoryOffThread({ path: file.path }, at, {
        allowCollection: true,
        fileName,
        signal: ctx.signal,
        // Reading is the first half: unzipping a quarter, the collection the next.
        onProgress: (p) => {
          const f = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
          const base = p.stage === 'unzip' ? 0 : 0.25;
          void ctx.progress(base + 0.25 * f).catch(() => undefined);
        },
      });
    } finally {
      await file.release();
    }
    if ('error' in read) throw new JobRefusal(read.error.message);
    await ctx.progress(0.5);
    // A chunk's cards matched in one statement (a chunk is a few thousand cards at most).
    const matches = new Map<string, AnkiMatchRow[]>();
    const summary = emptySummary();
    for (const [i, chunk] of read.chunks.entries()) {
      const keys = new Map<string, { noteId: string; ord: number }>();
      for (const c of chunk.cards)
        if (!matches.has(ankiKey(c))) keys.set(ankiKey(c), { noteId: String(c.noteId), ord: c.ord });
      for (const m of await repo.matches(db, actor, [...keys.values()])) {
        const k = ankiKey({ noteId: m.ankiNoteId, ord: m.ankiOrd });
        const list = matches.get(k);
        if (list) list.push(m);
        else matches.set(k, [m]);
      }
      summarize(summary, chunk, matches);
      await ctx.progress(0.5 + (0.3 * (i + 1)) / read.chunks.length);
    }
    if (summary.problem) throw new JobRefusal(T.outOfRange(summary.problem));
    if (summary.cards)
      await deps.push(actor, {
        deviceId: ANKI_IMPORT_DEVICE,
        batches: ankiOpBatches(read.chunks, matches, at, BATCH),
      });
    return {
      matched: summary.matched,
      unmatched: summary.unmatched,
      cards: summary.cards,
      reviews: summary.reviews,
    };
  }

  jobs.define(KIND, {
    run,
    failedMessage: T.jobFailed,
    // The file is kept after a failure, for 'Try again' (the hourly clean-up removes it a day later); a
    // file refused for what it holds would be refused again, so it goes at once.
    async ended(j) {
      if (!retryable(j)) await removeFile(j);
    },
    expired: removeFile,
  });

  return {
    /**
     * Queues the import of the uploaded file (`path`, a temporary file the caller removes): it goes to the
     * storage first, then the job — in the student's college's queues — names it. 202 with the job.
     */
    async start(actor: Actor, upload: { path: string; fileName: string }): Promise<AnkiProgressJob> {
      const { allowed, retryAfter } = await hit(db, `zan:anki-progress:${actor.id}`, ANKI_PROGRESS_RATE);
      if (!allowed)
        throw tooManyRequests(MSG.ankiProgressLimited(retryAfter), retryAfter, 'ANKI_PROGRESS_LIMITED');
      const id = crypto.randomUUID();
      const packageKey = privateKey('jobs', id, 'anki-progress');
      const { size } = await stat(upload.path);
      await storage.put(packageKey, createReadStream(upload.path), {
        contentType: 'application/octet-stream',
        size,
      });
      try {
        const j = await db.transaction((tx) =>
          jobs.queue(tx, {
            id,
            kind: KIND,
            ownerId: actor.id,
            collegeId: actor.collegeId ?? '',
            input: { fileName: upload.fileName, packageKey, at: now() } satisfies JobInput,
          }),
        );
        return view(j);
      } catch (err) {
        await storage.delete(packageKey).catch(() => undefined);
        throw err;
      }
    },

    async get(actor: Actor, jobId: string): Promise<AnkiProgressJob> {
      return view(await ownJob(actor, jobId));
    },

    /** 'Cancel import': a queued job ends now, a running one before it writes; nothing changes. */
    async cancel(actor: Actor, jobId: string): Promise<AnkiProgressJob> {
      const j = await ownJob(actor, jobId);
      if (j.state !== 'queued' && j.state !== 'running')
        throw conflict(T.notCancellable, 'ANKI_PROGRESS_NOT_RUNNING');
      return view(await jobs.cancel(j));
    },

    /** 'Try again': a failed import runs again from the kept file, without a new upload. */
    async retry(actor: Actor, jobId: string): Promise<AnkiProgressJob> {
      const j = await ownJob(actor, jobId);
      if (!retryable(j)) throw conflict(T.notFailed, 'ANKI_PROGRESS_NOT_FAILED');
      if (!(await storage.exists(inputOf(j).packageKey)))
        throw conflict(T.retryExpired, 'ANKI_PROGRESS_EXPIRED');
      await db.transaction((tx) => jobs.retry(tx, j));
      return view((await jobs.get(jobId))!);
    },
  };
}
