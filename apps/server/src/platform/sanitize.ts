// Admin-authored HTML (lecture pages, card faces) is sanitised on save (ARCHITECTURE §8) with the same
// allow-list the web applies on render (@zan/core html-policy) — off the event loop (§12, issue 17): a
// small pool of worker threads with memory limits runs html-sanitizer.ts on batches, below the event loop
// in the CPU scheduler (nice 10, cpu-scheduling.ts), a batch that uses too much CPU time is stopped, and
// requests take turns, so one large import never holds up another's save. At most SANITIZE_POOL.requests
// requests are in the pool at once; one more is refused at once with 429 and a Retry-After (issue 38).
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { MSG } from '@zan/core';
import { tooManyRequests } from '../errors.ts';
import type { HtmlBounds, SanitizeOutcome } from './html-sanitizer.ts';
import { cpuTimeLimit, reportedThreadCpuMs } from './cpu-scheduling.ts';
import type { SanitizeReply, SanitizeRequest, SanitizeWorkerTid } from './sanitize-worker.ts';

export type { HtmlBounds } from './html-sanitizer.ts';

/**
 * How the pool runs: sized for the machine (one core is left to the server), bounded per batch. Read
 * when used (a test may lower the time or memory bound; workers take heapMb when they start).
 */
export const SANITIZE_POOL: {
  workers: number;
  requests: number;
  batchItems: number;
  batchChars: number;
  batchTimeMs: number;
  wallFactor: number;
  heapMb: number;
} = {
  workers: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  /** Requests in the pool at once (each takes its turn batch by batch); past it a request is refused. */
  requests: 32,
  /** A batch is at most this many items and characters (a 1 MB page goes alone). */
  batchItems: 250,
  batchChars: 256 * 1024,
  /** A batch that used this much CPU time is stopped and its request refused (wall time without /proc). */
  batchTimeMs: 20_000,
  /** A batch waiting for the CPU is still stopped after this many times batchTimeMs of wall time. */
  wallFactor: 10,
  /** Each worker's V8 heap; a batch that needs more is refused, the worker replaced. */
  heapMb: 256,
};

/** Why the pool gave up on a request's HTML (the caller turns it into a message). */
export class SanitizeFailure extends Error {
  constructor(readonly reason: 'time' | 'memory') {
    super(`HTML sanitising stopped: ${reason}`);
  }
}

/** Each item's outcome; undefined only for items not looked at once an earlier item broke a limit. */
export type SanitizeResult = readonly (SanitizeOutcome | undefined)[];

type Job = {
  readonly bounds: HtmlBounds;
  readonly budget: number;
  readonly outcomes: (SanitizeOutcome | undefined)[];
  pending: Batch[];
  inFlight: number;
  elements: number;
  /** Batches from this index on are skipped (an item before it broke a limit). */
  stopAt: number;
  settled: boolean;
  resolve(r: SanitizeResult): void;
  reject(e: Error): void;
};
type Batch = { readonly job: Job; readonly start: number; readonly items: readonly string[] };
/** `tid`: the worker thread's id once it said (null: it cannot tell), for its CPU time. */
type Slot = {
  worker: Worker;
  batch: Batch | null;
  cancelTimer: (() => void) | null;
  tid?: number | null;
  startedAt?: number;
};

const jobs: Job[] = [];
const slots: Slot[] = [];
let turn = 0;
/** How long a batch typically takes (moving average of wall times), for Retry-After. */
let typicalBatchMs = 500;

// Under tsx or vitest this module is TypeScript source and the worker is started through tsx
// (ts-worker.mjs); the production bundle (apps/server/build.mjs) has the worker as its own entry beside
// server.js.
const fromSource = import.meta.url.endsWith('.ts');

function startWorker(): Slot {
  const script = fromSource
    ? new URL('./ts-worker.mjs', import.meta.url)
    : new URL('./sanitize-worker.js', import.meta.url);
  const worker = new Worker(script, {
    argv: fromSource ? [new URL('./sanitize-worker.ts', import.meta.url).href] : [],
    resourceLimits: { maxOldGenerationSizeMb: SANITIZE_POOL.heapMb, maxYoungGenerationSizeMb: 32 },
  });
  // Idle workers never keep the process alive (shutdown, tests, scripts).
  worker.unref();
  const slot: Slot = { worker, batch: null, cancelTimer: null };
  worker.on('message', (reply: SanitizeReply | SanitizeWorkerTid) => {
    if ('tid' in reply) slot.tid = reply.tid;
    else finishBatch(slot, reply);
  });
  worker.on('error', (err: Error & { code?: string }) =>
    replaceWorker(slot, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : err),
  );
  worker.on('exit', () => replaceWorker(slot, 'memory'));
  return slot;
}

/** A worker that failed, ran out of memory or was stopped: its batch's request fails, a new one takes its place. */
function replaceWorker(slot: Slot, why: 'time' | 'memory' | Error): void {
  const at = slots.indexOf(slot);
  if (at < 0) return;
  slots.splice(at, 1);
  void retire(slot, why);
  pump();
}

/** Stops a worker taken out of the pool; the request of the batch it was running fails with `why`. */
function retire(slot: Slot, why: 'time' | 'memory' | Error): Promise<number> {
  slot.cancelTimer?.();
  slot.worker.removeAllListeners();
  slot.worker.on('error', () => undefined);
  if (slot.batch) fail(slot.batch.job, why instanceof Error ? why : new SanitizeFailure(why));
  return slot.worker.terminate();
}

function fail(job: Job, err: Error): void {
  if (job.settled) return;
  job.settled = true;
  job.pending = [];
  forget(job);
  job.reject(err);
}

function forget(job: Job): void {
  const at = jobs.indexOf(job);
  if (at >= 0) jobs.splice(at, 1);
}

/** Requests take turns batch by batch (round robin), so a page save waits for one batch, not a whole import. */
function nextBatch(): Batch | undefined {
  for (let k = 0; k < jobs.length; k++) {
    const i = (turn + k) % jobs.length;
    const job = jobs[i]!;
    const batch = job.pending.shift();
    if (batch) {
      turn = (i + 1) % Math.max(1, jobs.length);
      return batch;
    }
  }
  return undefined;
}

function pump(): void {
  // A worker is started only for work that is waiting.
  while (jobs.some((j) => j.pending.length > 0)) {
    let slot = slots.find((s) => s.batch === null);
    if (!slot && slots.length < SANITIZE_POOL.workers) {
      slot = startWorker();
      slots.push(slot);
    }
    if (!slot) return;
    const batch = nextBatch();
    if (!batch) return;
    slot.batch = batch;
    slot.startedAt = Date.now();
    batch.job.inFlight++;
    slot.worker.ref();
    // The worker runs niced: a batch that waited for the CPU is not stopped for it (its CPU time counts).
    const running = slot;
    slot.cancelTimer = cpuTimeLimit(
      () => reportedThreadCpuMs(running.tid),
      SANITIZE_POOL.batchTimeMs,
      SANITIZE_POOL.wallFactor,
      () => replaceWorker(running, 'time'),
    );
    slot.worker.postMessage({ items: batch.items, bounds: batch.job.bounds } satisfies SanitizeRequest);
  }
}

function finishBatch(slot: Slot, reply: SanitizeReply): void {
  const batch = slot.batch;
  slot.cancelTimer?.();
  slot.batch = null;
  slot.cancelTimer = null;
  slot.worker.unref();
  if (batch) {
    typicalBatchMs = 0.8 * typicalBatchMs + 0.2 * (Date.now() - (slot.startedAt ?? Date.now()));
    const job = batch.job;
    job.inFlight--;
    if ('error' in reply) fail(job, new Error(reply.error));
    else if (!job.settled) record(job, batch.start, reply.outcomes);
  }
  pump();
}

function record(job: Job, start: number, outcomes: readonly SanitizeOutcome[]): void {
  outcomes.forEach((o, i) => {
    job.outcomes[start + i] = o;
    if (o.ok) job.elements += o.elements;
  });
  // An item over its bounds, or the request over its element budget: nothing after this batch is needed.
  if (outcomes.some((o) => !o.ok) || job.elements > job.budget) {
    job.stopAt = Math.min(job.stopAt, start + outcomes.length);
    job.pending = job.pending.filter((b) => b.start < job.stopAt);
  }
  if (job.pending.length === 0 && job.inFlight === 0) {
    job.settled = true;
    forget(job);
    job.resolve(job.outcomes);
  }
}

/** Splits items into batches of at most batchItems items and batchChars characters (one item at least). */
function batchesOf(job: Job, items: readonly string[]): Batch[] {
  const batches: Batch[] = [];
  let start = 0;
  while (start < items.length) {
    let end = start;
    let chars = 0;
    while (
      end < items.length &&
      end - start < SANITIZE_POOL.batchItems &&
      (end === start || chars + items[end]!.length <= SANITIZE_POOL.batchChars)
    ) {
      chars += items[end]!.length;
      end++;
    }
    batches.push({ job, start, items: items.slice(start, end) });
    start = end;
  }
  return batches;
}

/**
 * Sanitises every item within `bounds`, off the event loop. `budget` bounds the elements of all items
 * together: once it is passed, or an item breaks its bounds, later batches are skipped (their outcomes
 * stay undefined). Rejects with SanitizeFailure when a batch runs too long or out of memory, and with a
 * 429 AppError (SERVER_BUSY, Retry-After) at once when SANITIZE_POOL.requests are in the pool already.
 */
export function sanitizeAll(
  items: readonly string[],
  bounds: HtmlBounds,
  budget = Number.POSITIVE_INFINITY,
): Promise<SanitizeResult> {
  if (items.length === 0) return Promise.resolve([]);
  if (jobs.length >= SANITIZE_POOL.requests) {
    // The batches waiting, served `workers` at a time.
    const waiting = jobs.reduce((n, j) => n + j.pending.length + j.inFlight, 0);
    const ms = (Math.ceil(waiting / Math.max(1, SANITIZE_POOL.workers)) + 1) * typicalBatchMs;
    const seconds = Math.min(600, Math.max(1, Math.ceil(ms / 1000)));
    return Promise.reject(tooManyRequests(MSG.serverBusy(seconds), seconds, 'SERVER_BUSY'));
  }
  return new Promise((resolve, reject) => {
    const job: Job = {
      bounds,
      budget,
      outcomes: new Array<SanitizeOutcome | undefined>(items.length).fill(undefined),
      pending: [],
      inFlight: 0,
      elements: 0,
      stopAt: items.length,
      settled: false,
      resolve,
      reject,
    };
    job.pending = batchesOf(job, items);
    jobs.push(job);
    pump();
  });
}

/** Stops every worker (graceful shutdown); a later call starts new ones. */
export async function stopSanitizers(): Promise<void> {
  await Promise.all(slots.splice(0, slots.length).map((s) => retire(s, 'time')));
}
