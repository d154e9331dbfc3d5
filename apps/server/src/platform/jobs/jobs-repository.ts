// The job runner's queries (issue 32): job rows (what users follow), graphile-worker's functions to queue,
// remove and hand back its jobs, and each instance's heartbeat. A job is queued in the same transaction
// as its row (graphile_worker.add_job is a plain SQL function), so no row waits for work that was never
// queued and no work runs for a row that was rolled back.
import type { Actor } from '@zan/core';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import { createPool, type DbOrTx } from '../../db/client.ts';
import { job, jobInstance, user } from '../../db/schema/index.ts';

type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type JobRow = {
  readonly id: string;
  readonly kind: string;
  readonly ownerId: string;
  readonly collegeId: string;
  readonly queue: string;
  readonly state: JobState;
  readonly progress: number;
  readonly attempts: number;
  readonly input: unknown;
  readonly result: unknown;
  readonly error: string | null;
  readonly instanceId: string | null;
  readonly cancelRequested: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly finishedAt: number | null;
};
export type NewJob = Pick<JobRow, 'id' | 'kind' | 'ownerId' | 'collegeId' | 'queue' | 'input'> & {
  readonly maxAttempts: number;
  readonly at: number;
  /** graphile-worker's priority (lower first): how many jobs of its college were open when it was queued. */
  readonly priority: number;
};

const row = (r: typeof job.$inferSelect): JobRow => ({ ...r, state: r.state as JobState });
const OPEN: JobState[] = ['queued', 'running'];

export const jobsRepository = {
  /** The runner's own connections, on the database of the app's pool. */
  pool(appPool: pg.Pool, max: number): pg.Pool {
    return createPool(appPool.options.connectionString!, max);
  },

  /** The row and graphile-worker's job for it, in the caller's transaction. */
  async insert(tx: DbOrTx, j: NewJob): Promise<void> {
    await tx.insert(job).values({
      id: j.id,
      kind: j.kind,
      ownerId: j.ownerId,
      collegeId: j.collegeId,
      queue: j.queue,
      state: 'queued',
      input: j.input,
      createdAt: j.at,
      updatedAt: j.at,
    });
    await jobsRepository.enqueue(tx, j);
  },

  /** Queues a run of job `id` (again, for 'Try again'): its key replaces any run still waiting. */
  async enqueue(
    tx: DbOrTx,
    j: Pick<NewJob, 'kind' | 'id' | 'queue' | 'maxAttempts' | 'priority'>,
  ): Promise<void> {
    await tx.execute(sql`select graphile_worker.add_job(${j.kind}, json_build_object('jobId', ${j.id}::text),
      queue_name => ${j.queue}, job_key => ${j.id}, max_attempts => ${j.maxAttempts},
      priority => ${j.priority}::int)`);
  },

  /** Removes a run that has not started (graphile-worker leaves a locked one alone). */
  async dequeue(tx: DbOrTx, id: string): Promise<void> {
    await tx.execute(sql`select graphile_worker.remove_job(${id})`);
  },

  async get(db: DbOrTx, id: string, lock = false): Promise<JobRow | null> {
    const q = db.select().from(job).where(eq(job.id, id));
    const [r] = lock ? await q.for('update') : await q;
    return r ? row(r) : null;
  },

  /** Jobs of a queue not finished, oldest first (how many wait before a job, in its slot). */
  async openInQueues(
    db: DbOrTx,
    queues: readonly string[],
  ): Promise<{ id: string; queue: string; kind: string; ownerId: string }[]> {
    if (!queues.length) return [];
    return db
      .select({ id: job.id, queue: job.queue, kind: job.kind, ownerId: job.ownerId })
      .from(job)
      .where(and(inArray(job.queue, [...queues]), inArray(job.state, OPEN)))
      .orderBy(asc(job.createdAt), asc(job.id));
  },

  /** A job's owner as a caller, as they are now (a job runs with their current role and scope). */
  async owner(db: DbOrTx, userId: string): Promise<Actor | null> {
    const [u] = await db
      .select({
        id: user.id,
        role: user.role,
        emailVerified: user.emailVerified,
        collegeId: user.collegeId,
        yearGroup: user.yearGroup,
        adminCollegeId: user.adminCollegeId,
        adminYearGroup: user.adminYearGroup,
      })
      .from(user)
      .where(eq(user.id, userId));
    return u ?? null;
  },

  async openOf(db: DbOrTx, ownerId: string, kind: string): Promise<number> {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(job)
      .where(and(eq(job.ownerId, ownerId), eq(job.kind, kind), inArray(job.state, OPEN)));
    return r?.n ?? 0;
  },

  async update(
    db: DbOrTx,
    id: string,
    values: Partial<
      Pick<
        JobRow,
        | 'state'
        | 'progress'
        | 'attempts'
        | 'result'
        | 'error'
        | 'instanceId'
        | 'cancelRequested'
        | 'finishedAt'
        | 'input'
      >
    > & { updatedAt: number },
  ): Promise<void> {
    await db.update(job).set(values).where(eq(job.id, id));
  },

  /** A running job's progress, unless it finished meanwhile; answers whether its user asked to stop it. */
  async progress(db: DbOrTx, id: string, progress: number, at: number): Promise<{ cancel: boolean }> {
    const res = await db
      .update(job)
      .set({ progress, updatedAt: at })
      .where(and(eq(job.id, id), eq(job.state, 'running')))
      .returning({ cancel: job.cancelRequested });
    return { cancel: res[0]?.cancel != null };
  },

  /** Jobs that ended before `before` (epoch ms), oldest first, a bounded batch. */
  async endedBefore(db: DbOrTx, before: number): Promise<JobRow[]> {
    const rows = await db
      .select()
      .from(job)
      .where(and(inArray(job.state, ['done', 'failed', 'cancelled']), lt(job.finishedAt, before)))
      .orderBy(asc(job.finishedAt))
      .limit(1000);
    return rows.map(row);
  },

  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(job).where(eq(job.id, id));
  },

  async heartbeat(db: DbOrTx, instanceId: string, workerIds: readonly string[], at: number): Promise<void> {
    await db
      .insert(jobInstance)
      .values({ id: instanceId, workerIds: [...workerIds], seenAt: at })
      .onConflictDoUpdate({ target: jobInstance.id, set: { workerIds: [...workerIds], seenAt: at } });
  },

  /** Whether graphile-worker's named queue `queueId` is no longer locked by one of `lockers`. */
  async queueFreed(db: DbOrTx, queueId: number, lockers: readonly string[]): Promise<boolean> {
    const res = await db.execute<{ locked_by: string | null }>(
      sql`select locked_by from graphile_worker._private_job_queues where id = ${queueId}`,
    );
    const by = res.rows[0]?.locked_by ?? null;
    return by === null || !lockers.includes(by);
  },

  /** Wakes every instance's idle workers (graphile-worker's own channel, as a new job does). */
  async nudge(db: DbOrTx): Promise<void> {
    await db.execute(sql`select pg_notify('jobs:insert', '{"count":1}')`);
  },

  async forget(db: DbOrTx, instanceId: string): Promise<void> {
    await db.delete(jobInstance).where(eq(jobInstance.id, instanceId));
  },

  /**
   * Instances silent since `before`, removed (one sweeper takes each: the delete answers it to one caller
   * only), with graphile-worker's locks of their workers let go, so their jobs run again elsewhere.
   */
  async takeDead(tx: DbOrTx, before: number): Promise<{ id: string; workerIds: string[] }[]> {
    const dead = await tx
      .delete(jobInstance)
      .where(lt(jobInstance.seenAt, before))
      .returning({ id: jobInstance.id, workerIds: jobInstance.workerIds });
    const workers = dead.flatMap((d) => d.workerIds);
    if (workers.length)
      await tx.execute(sql`select graphile_worker.force_unlock_workers(${sql.param(workers)}::text[])`);
    return dead;
  },

  /** Jobs a dead instance was running: queued again, or failed once they used their attempts. */
  async orphans(db: DbOrTx, instanceIds: readonly string[]): Promise<JobRow[]> {
    if (!instanceIds.length) return [];
    const rows = await db
      .select()
      .from(job)
      .where(and(inArray(job.instanceId, [...instanceIds]), eq(job.state, 'running')));
    return rows.map(row);
  },
};
