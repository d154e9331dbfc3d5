// One task on untrusted input (a large JSON body today; Anki packages, Moodle XML and GIFT next) in its own
// worker thread, bounded in memory and time (ARCHITECTURE §12, issue 17): the worker streams its output
// back in chunks, so the event loop takes it in small pieces, and a task that runs too long or out of
// memory is stopped and fails alone. At most OFF_THREAD.concurrent tasks run at once, no one kind of task
// (worker entry) in all of them; up to OFF_THREAD.queue wait, and one more is refused at once with 429
// and a Retry-After (issue 38: an unbounded queue made admin imports wait over a minute behind fits).
// A task that calls native code which may abort (the FSRS optimizer's Rust binding) runs in a child
// process instead (`isolation: 'process'`): an abort there ends that task, never the server. A child runs
// niced below the server, as a task's worker thread is (cpu-scheduling.ts), so on a busy machine it may
// wait for the CPU: its time limit counts the CPU it used (from /proc), not the wall clock, up to
// OFF_THREAD.wallFactor times the limit in wall time.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';
import { MSG } from '@zan/core';
import { tooManyRequests } from '../errors.ts';
import {
  cpuTimeLimit,
  currentThreadId,
  HEAVY_NICE,
  niceThisThread,
  processCpuMs,
  reportedThreadCpuMs,
} from './cpu-scheduling.ts';

/** Read when a task starts (tests may lower the bounds). */
export const OFF_THREAD: {
  concurrent: number;
  queue: number;
  timeMs: number;
  heapMb: number;
  childNice: number;
  wallFactor: number;
} = {
  // Tasks run niced below the event loop, so two on two cores still leave it the CPU it needs; one slot
  // alone let a minute-long fit hold up every import.
  concurrent: Math.max(2, Math.min(4, os.availableParallelism() - 1)),
  /** Tasks that may wait for a slot; past it a task is refused (429 SERVER_BUSY) instead of waiting. */
  queue: 8,
  /** In CPU time (where /proc tells it; else wall time). */
  timeMs: 30_000,
  heapMb: 512,
  /** A child process's nice value (higher yields the CPU to the server's event loop). */
  childNice: HEAVY_NICE,
  /** A task waiting for the CPU is still stopped after this many times timeMs of wall time. */
  wallFactor: 10,
};

/**
 * Why a task was stopped (the caller turns it into a message); 'crash': its process ended by itself
 * (aborted, or out of memory).
 */
export class OffThreadFailure extends Error {
  constructor(readonly reason: 'time' | 'memory' | 'crash') {
    super(`off-thread task stopped: ${reason}`);
  }
}

/** What a worker posts: chunks of its output, then its result once (or the error that ended it). */
export type OffThreadMessage<C, R> =
  { readonly chunk: C } | { readonly done: R } | { readonly error: string };

/** A worker thread's first message: its thread id (null where it cannot tell), for its CPU time. */
type ThreadIdMessage = { readonly offThreadTid: number | null };

/**
 * A worker entry (a file under src/ that the production build also bundles beside server.js, see
 * apps/server/build.mjs): `from` is the caller's import.meta.url, `name` the file name without extension.
 */
export type WorkerEntry = { readonly from: string; readonly name: string };

/** What runs a task: a worker thread or a child process, seen the same way. */
type Runner = {
  onMessage(f: (m: unknown) => void): void;
  onError(f: (err: Error & { code?: string }) => void): void;
  /** Ended before its result: a thread by its memory limit, a process by itself (`crashed`). */
  onEnd(f: (crashed: boolean) => void): void;
  post(input: unknown, transfer: readonly Transferable[]): void;
  stop(): void;
  /** The CPU time it has used so far, where the platform tells it (a child process on Linux). */
  cpuMs(): number | null;
};

// Under tsx or vitest the caller is TypeScript source and the worker starts through tsx (ts-worker.mjs).
function spawn(entry: WorkerEntry, heapMb: number, isolation: 'thread' | 'process'): Runner {
  const fromSource = entry.from.endsWith('.ts');
  const script = fromSource
    ? new URL('./ts-worker.mjs', import.meta.url)
    : new URL(`./${entry.name}.js`, entry.from);
  const argv = fromSource ? [new URL(`./${entry.name}.ts`, entry.from).href] : [];
  if (isolation === 'process') return childRunner(script, argv, heapMb);
  const worker = new Worker(script, {
    argv,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
  });
  // Unknown until the thread says (reportedThreadCpuMs).
  let tid: number | null | undefined;
  return {
    onMessage: (f) =>
      void worker.on('message', (m: unknown) => {
        if (m !== null && typeof m === 'object' && 'offThreadTid' in m)
          tid = (m as ThreadIdMessage).offThreadTid;
        else f(m);
      }),
    onError: (f) => void worker.on('error', f),
    // An exit before the result: killed by its memory limit without an error event.
    onEnd: (f) => void worker.on('exit', () => f(false)),
    post: (input, transfer) => worker.postMessage(input, [...transfer]),
    stop: () => {
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
    },
    cpuMs: () => reportedThreadCpuMs(tid),
  };
}

function childRunner(script: URL, argv: string[], heapMb: number): Runner {
  // Only our own flags: the server's (a test runner's loaders, --cpu-prof) are not the task's.
  const child: ChildProcess = fork(script, argv, {
    execArgv: [`--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Below the server in the CPU scheduler: on a busy machine the event loop runs first.
  try {
    if (child.pid !== undefined) os.setPriority(child.pid, OFF_THREAD.childNice);
  } catch {
    /* not permitted here: it runs at the server's priority */
  }
  return {
    onMessage: (f) => void child.on('message', f),
    // A process's 'error' is its spawn or IPC channel failing (it died mid-send): a crash of the task.
    onError: (f) => void child.on('error', (err) => f(Object.assign(err, { code: 'ERR_TASK_CRASHED' }))),
    // V8 out of memory aborts the process (SIGABRT) just as a native abort does: both are a crash here.
    onEnd: (f) => void child.on('exit', () => f(true)),
    post: (input) => void child.send(input as object),
    stop: () => {
      child.removeAllListeners();
      child.on('error', () => undefined);
      child.kill('SIGKILL');
    },
    cpuMs: () => (child.pid === undefined ? null : processCpuMs(child.pid)),
  };
}

type Waiting = { readonly kind: string; readonly start: () => void };
const runningByKind = new Map<string, number>();
let running = 0;
const waiting: Waiting[] = [];
/** How long a task typically holds its slot (moving average of wall times), for Retry-After. */
let typicalMs = 5_000;

/** A kind of task may take every slot but one (when there are two or more), so other kinds still run. */
const canStart = (kind: string) =>
  running < OFF_THREAD.concurrent && (runningByKind.get(kind) ?? 0) < Math.max(1, OFF_THREAD.concurrent - 1);

function start(kind: string): void {
  running++;
  runningByKind.set(kind, (runningByKind.get(kind) ?? 0) + 1);
}

/** The first waiting task that may start, in arrival order (a kind at its share does not hold up others). */
function pump(): void {
  for (let i = 0; i < waiting.length && running < OFF_THREAD.concurrent;) {
    const w = waiting[i]!;
    if (!canStart(w.kind)) {
      i++;
      continue;
    }
    waiting.splice(i, 1);
    start(w.kind);
    w.start();
  }
}

/** About when a slot frees for one more task: the queue ahead of it served `concurrent` at a time. */
function offThreadWaitSeconds(): number {
  const rounds = Math.ceil((waiting.length + 1) / Math.max(1, OFF_THREAD.concurrent));
  return Math.min(600, Math.max(1, Math.ceil((rounds * typicalMs) / 1000)));
}

/** A slot for a task of this kind, or (the queue full) a 429 at once. */
async function slot(kind: string): Promise<() => void> {
  if (canStart(kind)) start(kind);
  else if (waiting.length >= OFF_THREAD.queue) {
    const seconds = offThreadWaitSeconds();
    throw tooManyRequests(MSG.serverBusy(seconds), seconds, 'SERVER_BUSY');
  } else await new Promise<void>((r) => waiting.push({ kind, start: r }));
  const started = Date.now();
  return () => {
    running--;
    runningByKind.set(kind, (runningByKind.get(kind) ?? 1) - 1);
    typicalMs = 0.8 * typicalMs + 0.2 * (Date.now() - started);
    pump();
  };
}

/**
 * Runs `entry` on `input` (the `transfer` list moves buffers instead of copying them; a thread only);
 * `onChunk` gets each chunk as it arrives. Resolves with the worker's result; rejects with
 * OffThreadFailure on time, memory or (`isolation: 'process'`) a process that ended by itself, and with
 * a 429 AppError (SERVER_BUSY, Retry-After) before starting when the queue is full — callers let it through.
 */
export async function runOffThread<C, R>(
  entry: WorkerEntry,
  input: unknown,
  opts: {
    transfer?: readonly Transferable[];
    isolation?: 'thread' | 'process';
    onChunk(chunk: C): void;
    /** Stops the task (a cancelled job, a shutdown): it rejects with the signal's reason. */
    signal?: AbortSignal;
  },
): Promise<R> {
  opts.signal?.throwIfAborted();
  const release = await slot(entry.name);
  const { timeMs, heapMb, wallFactor } = OFF_THREAD;
  const worker = spawn(entry, heapMb, opts.isolation ?? 'thread');
  let onAbort = () => {};
  try {
    return await new Promise<R>((resolve, reject) => {
      // A task that waited for the CPU (niced) is not stopped for that: its limit counts the CPU it used.
      const cancel = cpuTimeLimit(worker.cpuMs, timeMs, wallFactor, () =>
        reject(new OffThreadFailure('time')),
      );
      const settle = (f: () => void) => {
        cancel();
        f();
      };
      worker.onMessage((message) => {
        const m = message as OffThreadMessage<C, R>;
        if ('chunk' in m) opts.onChunk(m.chunk);
        else if ('done' in m) settle(() => resolve(m.done));
        else settle(() => reject(new Error(m.error)));
      });
      worker.onError((err) =>
        settle(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new OffThreadFailure('memory')
              : err.code === 'ERR_TASK_CRASHED'
                ? new OffThreadFailure('crash')
                : err,
          ),
        ),
      );
      worker.onEnd((crashed) => settle(() => reject(new OffThreadFailure(crashed ? 'crash' : 'memory'))));
      onAbort = () => settle(() => reject(opts.signal!.reason));
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      worker.post(input, opts.transfer ?? []);
    });
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    worker.stop();
    release();
  }
}

/**
 * The task's side (in its worker file): its input once, and how to post chunks and the result — through
 * the worker thread's port or the child process's IPC channel, whichever started it.
 */
export function taskPort<I, C, R>(): {
  onInput(f: (input: I) => void): void;
  /** `transfer` moves buffers to the server instead of copying them (a thread only). */
  post(m: OffThreadMessage<C, R>, transfer?: readonly Transferable[]): void;
} {
  if (parentPort) {
    niceThisThread(HEAVY_NICE);
    parentPort.postMessage({ offThreadTid: currentThreadId() } satisfies ThreadIdMessage);
    return {
      onInput: (f) => void parentPort?.once('message', f),
      post: (m, transfer = []) => parentPort?.postMessage(m, [...transfer]),
    };
  }
  return {
    onInput: (f) => void process.once('message', (input) => f(input as I)),
    post: (m) => void process.send?.(m),
  };
}
