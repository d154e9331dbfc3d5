// The job runner (issue 32, ARCHITECTURE §12 "Long work is a job"): long work — Anki reads and imports,
// optimizer runs, exports — is a row of `job` that any instance answers for, run by graphile-worker on
// PostgreSQL (a library made for this: jobs queued in the caller's transaction, picked up at once through
// LISTEN/NOTIFY, one poll every few seconds when idle, named queues that run one job at a time).
//
// - Fair: a job waits in one of its college's two queues (the emptier one), so at most two jobs of a
//   college run at once across every instance; its priority is how many of its college's jobs were open
//   when it was queued, so a college's first job goes before another's third. Each instance runs at most
//   `concurrency` jobs (cores − 1).
// - A restart loses nothing: each instance writes a heartbeat; one silent for 40 s is dead, and the
//   first instance to notice lets go of its workers' locks (graphile_worker.force_unlock_workers) — its
//   jobs run again elsewhere, within a minute. A run that ends without finishing (an error, a crash) is
//   retried up to MAX_ATTEMPTS, then the job fails with its task's message; a task's refusal
//   (JobRefusal) fails it at once, with that message.
// - A task makes its work idempotent: it may finish the job inside its own transaction (ctx.finish), and
//   a job already finished is never run again.
// - Followed live: each change of a job (running, progress, its end, or a job before it in its queue starting
//   or ending) is a 'job' event to its owner's open streams on every instance (`publish`); polling stays.
// - Cancel: a queued job's run is removed; a running one learns it at its next progress write and its
//   signal aborts. Shutdown: no new job is taken, a running one is aborted and handed back.
import { EventEmitter } from 'node:events';
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Logger, run, type JobHelpers, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { Actor, JobEvent } from '@zan/core';
import type pg from 'pg';
import type { Database, DbOrTx } from '../../db/client.ts';
import { jobsRepository as repo, type JobRow } from './jobs-repository.ts';

/** Runs of a job before it fails for good (an instance that died mid-run counts one). */
export const MAX_ATTEMPTS = 3;
/**
 * How often an instance says it is alive, after how long without that it is taken for dead, and how often
 * an instance looks for dead ones: a dead instance's jobs run again within deadMs + sweepMs (55 s).
 */
const JOB_TIMING: { heartbeatMs: number; deadMs: number; sweepMs: number } = {
  heartbeatMs: 10_000,
  deadMs: 40_000,
  sweepMs: 15_000,
};
/** At most one progress write a second per job. */
const PROGRESS_MS = 1_000;
/** Ended jobs are kept this long ('Try again' after a failure), then the hourly clean-up lets them go. */
const JOB_KEPT_MS = 24 * 3_600_000;
/** The hourly clean-up (graphile-worker's cron: one run per hour across every instance). */
const CLEANUP = 'zan-cleanup';
/** Jobs of one college that may run at once, across every instance. */
const COLLEGE_SLOTS = 2;

/** Temporary directories of jobs and uploads (zan-job-*, zan-anki-*) last changed before `before`. */
async function removeStaleTemporaryDirs(before: number): Promise<void> {
  const dir = os.tmpdir();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!/^zan-(job|anki)-/.test(name)) continue;
    const full = path.join(dir, name);
    const st = await stat(full).catch(() => null);
    if (st?.isDirectory() && st.mtimeMs < before) await rm(full, { recursive: true, force: true });
  }
}

/** Never read by the owner who is gone; said in the log and the row. */
const ownerGone = 'The account this job ran for no longer exists.';

/** A failure whose message is for the user: the job fails at once, without another attempt. */
export class JobRefusal extends Error {}
/** Thrown into a task whose user cancelled it (its signal aborted too). */
class JobCancelled extends Error {}

export type JobContext = {
  readonly job: JobRow;
  /** Aborted when the user cancels or the instance shuts down: stop the work (kill a child). */
  readonly signal: AbortSignal;
  /** 0–1; written at most once a second. Throws once the user cancelled. */
  progress(fraction: number): Promise<void>;
  /** Ends the job as done inside the task's own transaction, with what it wrote (idempotent work). */
  finish(tx: DbOrTx, result: unknown): Promise<void>;
  /** The job's owner as they are now (their current role and scope), or a refusal when they are gone. */
  owner(): Promise<Actor>;
};

export type JobTask = {
  /** Does the work; resolves with the job's result (unless it finished the job itself). */
  run(ctx: JobContext): Promise<unknown>;
  /** What its user reads when every attempt failed. */
  failedMessage: string;
  /** After it ended for good (done, failed, cancelled): let go of what it kept (its upload). */
  ended?(job: JobRow, state: 'done' | 'failed' | 'cancelled'): Promise<void>;
  /** A day after it ended (the hourly clean-up): let go of what it still kept, for 'Try again'. */
  expired?(job: JobRow): Promise<void>;
};

type JobLog = {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
  debug(obj: Record<string, unknown>, msg: string): void;
};

export type QueueSpec = {
  readonly id?: string;
  readonly kind: string;
  readonly ownerId: string;
  /** '' for work that counts against no college (a superadmin's global content). */
  readonly collegeId: string;
  readonly input: unknown;
};

/** The queues of a college's slots. */
export const collegeQueues = (collegeId: string): string[] =>
  Array.from({ length: COLLEGE_SLOTS }, (_, i) => `college:${collegeId || 'none'}:${i}`);

export type JobRunner = ReturnType<typeof jobRunner>;

export type JobRunnerDeps = {
  db: Database;
  /** The app's pool: the runner opens its own on the same database (LISTEN holds one connection). */
  pool: pg.Pool;
  log: JobLog;
  /** Jobs this instance runs at once (default cores − 1, at least one). */
  concurrency?: number;
  /** Tests shorten these. */
  timing?: Partial<typeof JOB_TIMING>;
  /** Tells a user's open event streams (on any instance) that a job of theirs changed. */
  publish?: (userId: string, event: JobEvent) => Promise<void>;
  now?: () => number;
};

export function jobRunner(deps: JobRunnerDeps) {
  const { db, log } = deps;
  const tasks: Record<string, JobTask> = {};
  let ownPool: pg.Pool | null = null;
  const now = deps.now ?? (() => Date.now());
  const concurrency = deps.concurrency ?? Math.max(1, os.availableParallelism() - 1);
  const timing = { ...JOB_TIMING, ...deps.timing };
  const instanceId = `instance-${crypto.randomUUID()}`;
  const workerIds: string[] = [];
  let runner: Runner | null = null;
  let timers: NodeJS.Timeout[] = [];
  /** The running jobs of this instance, to abort on cancel or shutdown. */
  const running = new Map<string, AbortController>();
  let stopping = false;

  /** The live event of a job's change: to its owner, and to the owners of the jobs waiting behind it. */
  const tell = (j: Pick<JobRow, 'id' | 'kind' | 'ownerId'>) =>
    deps.publish?.(j.ownerId, { id: j.id, kind: j.kind }).catch(() => undefined);
  async function tellQueue(j: JobRow): Promise<void> {
    await tell(j);
    if (!deps.publish) return;
    const open = await repo.openInQueues(db, [j.queue]).catch(() => []);
    for (const o of open) if (o.id !== j.id) await tell(o);
  }

  /** The task lets go of what the job kept; a failure there is logged, never taken for the job's. */
  const letGo = (j: JobRow, state: 'done' | 'failed' | 'cancelled') =>
    (tasks[j.kind]?.ended?.(j, state) ?? Promise.resolve()).catch((err: unknown) =>
      log.warn({ err, jobId: j.id }, 'jobs: could not let go of what a job kept'),
    );

  async function end(
    j: JobRow,
    state: 'done' | 'failed' | 'cancelled',
    values: { result?: unknown; error?: string },
  ) {
    await repo.update(db, j.id, { state, ...values, instanceId: null, finishedAt: now(), updatedAt: now() });
    await tellQueue(j);
    await letGo({ ...j, state, error: values.error ?? j.error }, state);
  }

  async function execute(kind: string, task: JobTask, payload: unknown, helpers: JobHelpers): Promise<void> {
    const jobId = (payload as { jobId?: unknown } | null)?.jobId;
    if (typeof jobId !== 'string') return;
    const found = await repo.get(db, jobId);
    // Finished already (a retry after the work committed), cancelled, or gone with its owner: nothing to do.
    if (!found || found.kind !== kind || (found.state !== 'queued' && found.state !== 'running')) return;
    if (found.cancelRequested != null) {
      await end(found, 'cancelled', {});
      return;
    }
    const attempts = helpers.job.attempts;
    await repo.update(db, jobId, { state: 'running', attempts, instanceId, progress: 0, updatedAt: now() });
    const j: JobRow = { ...found, state: 'running', attempts, instanceId };
    await tellQueue(j);
    const abort = new AbortController();
    running.set(jobId, abort);
    const onShutdown = () => abort.abort(new Error('shutting down'));
    helpers.abortSignal.addEventListener('abort', onShutdown);
    let written = 0;
    let finished = false;
    const ctx: JobContext = {
      job: j,
      signal: abort.signal,
      async progress(fraction) {
        if (abort.signal.aborted) throw abort.signal.reason;
        if (now() - written < PROGRESS_MS) return;
        written = now();
        const { cancel } = await repo.progress(db, jobId, Math.max(0, Math.min(1, fraction)), written);
        await tell(j);
        if (cancel) {
          abort.abort(new JobCancelled());
          throw abort.signal.reason;
        }
      },
      async finish(tx, result) {
        await repo.update(tx, jobId, {
          state: 'done',
          result,
          progress: 1,
          instanceId: null,
          finishedAt: now(),
          updatedAt: now(),
        });
        finished = true;
      },
      async owner() {
        const actor = await repo.owner(db, j.ownerId);
        if (!actor) throw new JobRefusal(ownerGone);
        return actor;
      },
    };
    try {
      const result = await task.run(ctx);
      if (finished) {
        await tellQueue(j);
        await letGo(j, 'done');
      } else await end(j, 'done', { result });
    } catch (err) {
      const latest = await repo.get(db, jobId);
      if (abort.signal.reason instanceof JobCancelled || latest?.cancelRequested != null) {
        await end(j, 'cancelled', {});
        return;
      }
      if (err instanceof JobRefusal) {
        await end(j, 'failed', { error: err.message });
        return;
      }
      // Shutting down, or a failure worth another try: back in its queue (graphile-worker retries it).
      if (attempts < helpers.job.max_attempts) {
        log.warn({ err, jobId, kind, attempts }, 'jobs: a run did not finish; it will run again');
        await repo.update(db, jobId, { state: 'queued', instanceId: null, updatedAt: now() });
        await tell(j);
        throw err;
      }
      log.error({ err, jobId, kind, attempts }, 'jobs: a job failed after its last attempt');
      await end(j, 'failed', { error: task.failedMessage });
    } finally {
      running.delete(jobId);
      helpers.abortSignal.removeEventListener('abort', onShutdown);
    }
  }

  /** Hands back what dead instances held: their locks let go, their running jobs queued again or failed. */
  async function sweep(): Promise<void> {
    const dead = await db.transaction((tx) => repo.takeDead(tx, now() - timing.deadMs));
    if (!dead.length) return;
    const orphans = await repo.orphans(
      db,
      dead.map((d) => d.id),
    );
    log.warn({ instances: dead.map((d) => d.id), jobs: orphans.length }, 'jobs: instances stopped answering');
    for (const j of orphans) {
      if (j.attempts >= MAX_ATTEMPTS) {
        await db.transaction((tx) => repo.dequeue(tx, j.id));
        await end(j, 'failed', { error: tasks[j.kind]?.failedMessage ?? 'This job failed.' });
      } else {
        await repo.update(db, j.id, { state: 'queued', instanceId: null, updatedAt: now() });
        await tell(j);
      }
    }
  }

  /**
   * The hourly clean-up: jobs that ended a day ago let go of what they kept (their task's `expired`) and
   * their rows go; temporary copies a crash left behind (over a day old) are removed.
   */
  async function cleanup(): Promise<void> {
    const before = now() - JOB_KEPT_MS;
    for (const j of await repo.endedBefore(db, before)) {
      await tasks[j.kind]?.expired?.(j);
      await repo.remove(db, j.id);
    }
    await removeStaleTemporaryDirs(before);
  }

  /**
   * graphile-worker 0.17 frees a job's named queue without waiting (completeJob is not awaited before the
   * worker looks for its next job), so the job waiting behind it would start only at the next poll — seconds
   * later. Once the queue is free, every instance's idle workers are woken, as a new job wakes them.
   */
  async function nudgeWhenFreed(queueId: number): Promise<void> {
    for (let i = 0; i < 100 && !stopping; i++) {
      if (await repo.queueFreed(db, queueId, workerIds)) return repo.nudge(db);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const beat = () => repo.heartbeat(db, instanceId, workerIds, now());
  const every = (ms: number, f: () => Promise<void>, what: string) => {
    const t = setInterval(() => {
      if (!stopping) void f().catch((err: unknown) => log.warn({ err }, `jobs: ${what} failed`));
    }, ms);
    t.unref();
    timers.push(t);
  };

  return {
    instanceId,

    /** A kind of job this runner runs (every kind is defined before start). */
    define(kind: string, task: JobTask): void {
      if (tasks[kind]) throw new Error(`job kind ${kind} is defined twice`);
      tasks[kind] = task;
    },

    async start(): Promise<void> {
      const taskList: TaskList = { [CLEANUP]: () => cleanup() };
      for (const [kind, task] of Object.entries(tasks))
        taskList[kind] = (payload, helpers) => execute(kind, task, payload, helpers);
      const events: WorkerEvents = new EventEmitter();
      // Jobs are locked under the pool's id (fetched by the pool), queues under a worker's: both are kept.
      events.on('pool:create', ({ workerPool }) => {
        workerIds.push(workerPool.id);
        void beat().catch(() => undefined);
      });
      events.on('worker:create', ({ worker }) => {
        workerIds.push(worker.workerId);
        void beat().catch(() => undefined);
      });
      events.on('job:complete', ({ job }) => {
        if (job.job_queue_id != null) void nudgeWhenFreed(job.job_queue_id).catch(() => undefined);
      });
      await beat();
      ownPool = repo.pool(deps.pool, concurrency + 3);
      const pool = ownPool;
      // graphile-worker ends its pool when a worker cannot reach the database (a restart, a lost network):
      // the runner starts again a few seconds later, unless this instance is stopping.
      const launch = async (): Promise<void> => {
        const r = await run({
          pgPool: pool,
          taskList,
          concurrency,
          // New jobs arrive by NOTIFY at once; polling only finds retries and jobs handed back: one poll
          // every 5 s per instance, whatever its concurrency (idle: ~0.6 statements a second with the
          // heartbeat and the sweep, `npm run bench -- job-runner`).
          pollInterval: 5_000 * concurrency,
          noHandleSignals: true,
          gracefulShutdownAbortTimeout: 1_000,
          crontab: `0 * * * * ${CLEANUP}`,
          events,
          logger: new Logger(() => (level, message, meta) => {
            const obj = { ...meta, lib: 'graphile-worker' };
            // While stopping, a database going away first is expected (a process group's SIGTERM).
            if (level === 'error' && !stopping) log.error(obj, message);
            else if (level === 'error' || level === 'warning') log.warn(obj, message);
            else log.debug(obj, message);
          }),
        });
        runner = r;
        const ended = (err?: unknown) => {
          if (stopping || runner !== r) return;
          log.warn({ err }, 'jobs: the runner stopped; starting it again in 5 s');
          runner = null;
          const again = setTimeout(() => void launch().catch((e: unknown) => ended(e)), 5_000);
          again.unref();
          timers.push(again);
        };
        r.promise.then(() => ended(), ended);
      };
      await launch();
      every(timing.heartbeatMs, beat, 'heartbeat');
      every(timing.sweepMs, sweep, 'sweep');
    },

    /** Stops taking jobs; running ones are aborted and handed back (another instance runs them). */
    async stop(): Promise<void> {
      stopping = true;
      for (const t of timers) clearInterval(t);
      timers = [];
      for (const a of running.values()) a.abort(new Error('shutting down'));
      await runner?.stop().catch((err: unknown) => log.warn({ err }, 'jobs: runner stop failed'));
      runner = null;
      await repo.forget(db, instanceId).catch(() => undefined);
      await ownPool?.end().catch(() => undefined);
      ownPool = null;
    },

    /** A new job in the caller's transaction, in the emptier of its college's queues. */
    async queue(tx: DbOrTx, spec: QueueSpec): Promise<JobRow> {
      const task = tasks[spec.kind];
      if (!task) throw new Error(`no task ${spec.kind}`);
      const queues = collegeQueues(spec.collegeId);
      const open = await repo.openInQueues(tx, queues);
      const queue = queues
        .map((q) => ({ q, n: open.filter((o) => o.queue === q).length }))
        .sort((a, b) => a.n - b.n)[0]!.q;
      const id = spec.id ?? crypto.randomUUID();
      await repo.insert(tx, {
        id,
        kind: spec.kind,
        ownerId: spec.ownerId,
        collegeId: spec.collegeId,
        queue,
        input: spec.input,
        maxAttempts: MAX_ATTEMPTS,
        at: now(),
        priority: open.length,
      });
      return (await repo.get(tx, id))!;
    },

    /**
     * Runs an ended job again from the start ('Try again', or its next step with a new `input`), without a
     * new upload; `keepResult` keeps what its last run left for the next one.
     */
    async retry(tx: DbOrTx, j: JobRow, input: unknown = j.input, opts: { keepResult?: boolean } = {}) {
      await repo.update(tx, j.id, {
        state: 'queued',
        progress: 0,
        attempts: 0,
        error: null,
        ...(opts.keepResult ? {} : { result: null }),
        input,
        cancelRequested: null,
        finishedAt: null,
        updatedAt: now(),
      });
      const open = await repo.openInQueues(tx, collegeQueues(j.collegeId));
      const priority = open.filter((o) => o.id !== j.id).length;
      await repo.enqueue(tx, { ...j, maxAttempts: MAX_ATTEMPTS, priority });
    },

    /**
     * Stops a job: a queued one ends cancelled now; a running one when its instance next writes progress
     * (or at once, when it runs here). Answers the job as it stands.
     */
    async cancel(j: JobRow): Promise<JobRow> {
      if (j.state !== 'queued' && j.state !== 'running') return j;
      await db.transaction(async (tx) => {
        const locked = await repo.get(tx, j.id, true);
        if (!locked || (locked.state !== 'queued' && locked.state !== 'running')) return;
        await repo.dequeue(tx, j.id);
        await repo.update(tx, j.id, { cancelRequested: now(), updatedAt: now() });
        if (locked.state === 'queued')
          await repo.update(tx, j.id, { state: 'cancelled', finishedAt: now(), updatedAt: now() });
      });
      running.get(j.id)?.abort(new JobCancelled());
      const after = (await repo.get(db, j.id))!;
      if (after.state === 'cancelled') {
        await tellQueue(after);
        await letGo(after, 'cancelled');
      }
      return after;
    },

    /** Ends a job that finished one step as cancelled (a previewed import let go); its task lets go too. */
    async discard(j: JobRow): Promise<JobRow> {
      await repo.update(db, j.id, { state: 'cancelled', cancelRequested: now(), updatedAt: now() });
      await letGo({ ...j, state: 'cancelled' }, 'cancelled');
      return (await repo.get(db, j.id))!;
    },

    /** How many jobs wait before `j` in its queue (running one included). */
    async ahead(j: JobRow, tx: DbOrTx = db): Promise<number> {
      if (j.state !== 'queued') return 0;
      const open = await repo.openInQueues(tx, [j.queue]);
      const at = open.findIndex((o) => o.id === j.id);
      return at < 0 ? 0 : at;
    },

    get: (id: string, tx: DbOrTx = db) => repo.get(tx, id),

    /** The hourly clean-up, as the cron runs it (tests call it on their own clock). */
    cleanup,

    /** How many jobs of `kind` the user has queued or running. */
    openOf: (ownerId: string, kind: string) => repo.openOf(db, ownerId, kind),
  };
}
