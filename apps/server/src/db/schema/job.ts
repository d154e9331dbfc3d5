// job and job_instance (issue 32): long work as rows every instance reads. A job row is what the user
// follows — its state, progress, result or error — while graphile-worker's own tables (schema
// graphile_worker, its migrations run with ours) hand the work to one instance at a time. job_instance
// is each running instance's heartbeat and its worker ids: an instance silent for long has died, and
// what its workers held is handed back (platform/jobs/).
import { bigint, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './user.ts';

export const job = pgTable(
  'job',
  {
    /** Also the graphile-worker job key: one queued run per job at a time. */
    id: text('id').primaryKey(),
    /** The task that runs it (platform/jobs/job-kinds.ts). */
    kind: text('kind').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The college its work counts against for fair queueing ('' for none: a superadmin's global work). */
    collegeId: text('college_id').notNull(),
    /** The graphile-worker queue it waits in: one of its college's slots (at most one runs per slot). */
    queue: text('queue').notNull(),
    /** 'queued' | 'running' | 'done' | 'failed' | 'cancelled'. */
    state: text('state').notNull(),
    /** 0–1, written at most about once a second while running. */
    progress: doublePrecision('progress').notNull().default(0),
    /** Runs started so far (an instance that died mid-run counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** What the task needs (ids, the stored upload's key, choices); never file contents. */
    input: jsonb('input').notNull(),
    /** A done job's outcome, for the page that follows it. */
    result: jsonb('result'),
    /** A failed job's message for its user. */
    error: text('error'),
    /** The instance running it now (job_instance.id), null otherwise. */
    instanceId: text('instance_id'),
    /** Its user asked to stop it: the running instance stops at its next progress write. */
    cancelRequested: bigint('cancel_requested', { mode: 'number' }),
    /** Epoch ms. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    finishedAt: bigint('finished_at', { mode: 'number' }),
  },
  (t) => [
    index('job_owner_idx').on(t.ownerId, t.createdAt),
    index('job_queue_idx').on(t.queue, t.createdAt),
    index('job_state_idx').on(t.state, t.updatedAt),
  ],
);

export const jobInstance = pgTable('job_instance', {
  id: text('id').primaryKey(),
  /** graphile-worker's ids of this instance's workers (what force_unlock_workers takes). */
  workerIds: text('worker_ids').array().notNull(),
  /** Epoch ms of its last heartbeat. */
  seenAt: bigint('seen_at', { mode: 'number' }).notNull(),
});
