// One task on untrusted input (a large JSON body today; Anki packages, Moodle XML and GIFT next) in its own
// worker thread, bounded in memory and time (ARCHITECTURE §12, issue 17): the worker streams its output
// back in chunks, so the event loop takes it in small pieces, and a task that runs too long or out of
// memory is stopped and fails alone. At most OFF_THREAD.concurrent tasks run at once; the rest wait.
// A task that calls native code which may abort (the FSRS optimizer's Rust binding) runs in a child
// process instead (`isolation: 'process'`): an abort there ends that task, never the server. A child runs
// niced below the server, so on a busy machine it may wait for the CPU: its time limit counts the CPU it
// used (from /proc), not the wall clock, up to OFF_THREAD.wallFactor times the limit in wall time.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';

/** Read when a task starts (tests may lower the bounds). */
export const OFF_THREAD: {
  concurrent: number;
  timeMs: number;
  heapMb: number;
  childNice: number;
  wallFactor: number;
} = {
  concurrent: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  /** A thread's limit in wall time; a child process's in CPU time (where /proc tells it). */
  timeMs: 30_000,
  heapMb: 512,
  /** A child process's nice value (higher yields the CPU to the server's event loop). */
  childNice: 10,
  /** A child process waiting for the CPU is still stopped after this many times timeMs of wall time. */
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
  return {
    onMessage: (f) => void worker.on('message', f),
    onError: (f) => void worker.on('error', f),
    // An exit before the result: killed by its memory limit without an error event.
    onEnd: (f) => void worker.on('exit', () => f(false)),
    post: (input, transfer) => worker.postMessage(input, [...transfer]),
    stop: () => {
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
    },
    cpuMs: () => null,
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

/**
 * A process's user + system CPU time from /proc/<pid>/stat (fields 14 and 15, in USER_HZ = 100 ticks per
 * second on Linux); null where there is no /proc or the process is gone.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= OFF_THREAD.concurrent) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Runs `entry` on `input` (the `transfer` list moves buffers instead of copying them; a thread only);
 * `onChunk` gets each chunk as it arrives. Resolves with the worker's result; rejects with
 * OffThreadFailure on time, memory or (`isolation: 'process'`) a process that ended by itself.
 */
export async function runOffThread<C, R>(
  entry: WorkerEntry,
  input: unknown,
  opts: { transfer?: readonly Transferable[]; isolation?: 'thread' | 'process'; onChunk(chunk: C): void },
): Promise<R> {
  const release = await slot();
  const { timeMs, heapMb, wallFactor } = OFF_THREAD;
  const worker = spawn(entry, heapMb, opts.isolation ?? 'thread');
  const started = Date.now();
  try {
    return await new Promise<R>((resolve, reject) => {
      // At the limit, a task that has not used it in CPU (it waited for the CPU) gets the rest.
      const check = () => {
        const used = worker.cpuMs();
        const wall = Date.now() - started;
        if (used === null || used >= timeMs || wall >= timeMs * wallFactor)
          reject(new OffThreadFailure('time'));
        else timer = setTimeout(check, Math.max(100, Math.min(timeMs - used, timeMs * wallFactor - wall)));
      };
      let timer = setTimeout(check, timeMs);
      const settle = (f: () => void) => {
        clearTimeout(timer);
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
      worker.post(input, opts.transfer ?? []);
    });
  } finally {
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
  post(m: OffThreadMessage<C, R>): void;
} {
  if (parentPort)
    return {
      onInput: (f) => void parentPort?.once('message', f),
      post: (m) => parentPort?.postMessage(m),
    };
  return {
    onInput: (f) => void process.once('message', (input) => f(input as I)),
    post: (m) => void process.send?.(m),
  };
}
