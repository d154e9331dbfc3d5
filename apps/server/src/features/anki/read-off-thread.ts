// Reads an Anki package in a child process (issue 20, platform/off-thread.ts): a package is untrusted and
// its SQLite runs in WebAssembly, so the event loop never parses it and a crash or a runaway read ends that
// task alone. Progress comes back as it goes; a task stopped for time or memory is a clear refusal.
import { AppError } from '../../errors.ts';
import { OffThreadFailure, runOffThread } from '../../platform/off-thread.ts';
import type { ImportPlan } from './import-plan.ts';
import type { AnkiProgressChunk } from './progress-import-data.ts';
import type { AnkiMediaFile, AnkiReadError, AnkiReadProgress, AnkiReadResult } from './model.ts';
import type { AnkiReadOptions } from './read-package.ts';
import type { AnkiReadChunk, AnkiReadInput, AnkiReadOutput } from './read-package-worker.ts';

const ANKI_READ_STOPPED = {
  time: 'This Anki package took too long to read.',
  memory: 'This Anki package needs more memory to read than the server allows.',
} as const;

type ReadOptions = Omit<AnkiReadOptions, 'onProgress'> & {
  readonly onProgress?: (p: AnkiReadProgress) => void;
  /** Stops the child (a cancelled or handed-back job): the read rejects with the signal's reason. */
  readonly signal?: AbortSignal;
};

/** The package's bytes, or the file that holds them (read in the child: the server never holds it). */
export type AnkiSource = Uint8Array | { readonly path: string };

/** readAnkiPackage, off the event loop; never throws for what the package holds. */
export async function readAnkiPackageOffThread(
  source: AnkiSource,
  options: ReadOptions = {},
): Promise<AnkiReadResult> {
  const r = await run(source, options, {});
  if ('error' in r) return r;
  if (!('package' in r.out)) throw new Error('the reader sent no package');
  return { package: { ...r.out.package, media: r.media } };
}

/**
 * The admin import's read: the package read and planned (every card rendered, import-plan.ts) in the
 * child, so only the plan and the pictures it uses come back — the event loop neither renders 30,000
 * notes nor takes in the whole package.
 */
export async function planAnkiPackageOffThread(
  source: AnkiSource,
  options: ReadOptions = {},
): Promise<{ plan: ImportPlan; media: readonly AnkiMediaFile[] } | { error: AnkiReadError }> {
  const r = await run(source, options, { plan: true });
  if ('error' in r) return r;
  if (!('plan' in r.out)) throw new Error('the reader sent no plan');
  return { plan: r.out.plan, media: r.media };
}

/**
 * A student's progress import at `at` (epoch ms, issue 38): the package read, its cards' scheduling and
 * reviews checked and grouped in the child (progress-import-data.ts), so only those chunks come back —
 * the event loop never takes in the package nor a review object.
 */
export async function readAnkiHistoryOffThread(
  source: AnkiSource,
  at: number,
  options: Omit<ReadOptions, 'media'> = {},
): Promise<{ chunks: AnkiProgressChunk[] } | { error: AnkiReadError }> {
  const r = await run(source, { ...options, media: false }, { historyAt: at });
  if ('error' in r) return r;
  if (!('history' in r.out)) throw new Error('the reader sent no history');
  return { chunks: r.history };
}

async function run(
  source: AnkiSource,
  options: ReadOptions,
  mode: Pick<AnkiReadInput, 'plan' | 'historyAt'>,
): Promise<
  | {
      out: Exclude<AnkiReadOutput, { error: unknown }>;
      media: AnkiMediaFile[];
      history: AnkiProgressChunk[];
    }
  | { error: AnkiReadError }
> {
  const media: AnkiMediaFile[] = [];
  const history: AnkiProgressChunk[] = [];
  let out: AnkiReadOutput;
  try {
    out = await runOffThread<AnkiReadChunk, AnkiReadOutput>(
      { from: import.meta.url, name: 'read-package-worker' },
      {
        source,
        fileName: options.fileName,
        allowCollection: options.allowCollection,
        limits: options.limits,
        media: options.media,
        ...mode,
      } satisfies AnkiReadInput,
      {
        isolation: 'process',
        signal: options.signal,
        onChunk: (c) => {
          if ('progress' in c) options.onProgress?.(c.progress);
          else if ('history' in c) history.push(c.history);
          else media.push(...c.media);
        },
      },
    );
  } catch (err) {
    // Stopped from outside, or a full pool (429 SERVER_BUSY): not the package's doing; the caller answers.
    if (options.signal?.aborted || err instanceof AppError) throw err;
    if (err instanceof OffThreadFailure)
      return {
        error:
          err.reason === 'time'
            ? { code: 'too-large', message: ANKI_READ_STOPPED.time }
            : { code: 'bomb', message: ANKI_READ_STOPPED.memory },
      };
    return { error: { code: 'malformed', message: 'This Anki package is damaged: it cannot be read.' } };
  }
  if ('error' in out) return { error: out.error };
  return { out, media, history };
}
