// One task on untrusted input (a large JSON body today; Anki packages, Moodle XML and GIFT next) in its own
// worker thread, bounded in memory and time (ARCHITECTURE §12, issue 17): the worker streams its output
// back in chunks, so the event loop takes it in small pieces, and a task that runs too long or out of
// memory is stopped and fails alone. At most OFF_THREAD.concurrent tasks run at once; the rest wait.
import os from 'node:os';
import { Worker, type Transferable } from 'node:worker_threads';

/** Read when a task starts (tests may lower the bounds). */
export const OFF_THREAD: { concurrent: number; timeMs: number; heapMb: number } = {
  concurrent: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  timeMs: 30_000,
  heapMb: 512,
};

/** Why a task was stopped (the caller turns it into a message). */
export class OffThreadFailure extends Error {
  constructor(readonly reason: 'time' | 'memory') {
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

// Under tsx or vitest the caller is TypeScript source and the worker starts through tsx (ts-worker.mjs).
function spawn(entry: WorkerEntry, heapMb: number): Worker {
  const fromSource = entry.from.endsWith('.ts');
  const limits = { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 };
  if (!fromSource) return new Worker(new URL(`./${entry.name}.js`, entry.from), { resourceLimits: limits });
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    argv: [new URL(`./${entry.name}.ts`, entry.from).href],
    resourceLimits: limits,
  });
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
 * Runs `entry` on `input` (the `transfer` list moves buffers instead of copying them); `onChunk` gets each
 * chunk as it arrives. Resolves with the worker's result; rejects with OffThreadFailure on time or memory.
 */
export async function runOffThread<C, R>(
  entry: WorkerEntry,
  input: unknown,
  opts: { transfer?: readonly Transferable[]; onChunk(chunk: C): void },
): Promise<R> {
  const release = await slot();
  const { timeMs, heapMb } = OFF_THREAD;
  const worker = spawn(entry, heapMb);
  try {
    return await new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => reject(new OffThreadFailure('time')), timeMs);
      const settle = (f: () => void) => {
        clearTimeout(timer);
        f();
      };
      worker.on('message', (m: OffThreadMessage<C, R>) => {
        if ('chunk' in m) opts.onChunk(m.chunk);
        else if ('done' in m) settle(() => resolve(m.done));
        else settle(() => reject(new Error(m.error)));
      });
      worker.on('error', (err: Error & { code?: string }) =>
        settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new OffThreadFailure('memory') : err)),
      );
      // An exit before the result: killed by its memory limit without an error event.
      worker.on('exit', () => settle(() => reject(new OffThreadFailure('memory'))));
      worker.postMessage(input, opts.transfer ? [...opts.transfer] : []);
    });
  } finally {
    worker.removeAllListeners();
    worker.on('error', () => undefined);
    void worker.terminate();
    release();
  }
}
