// Reads an Anki package in a child process (issue 20, platform/off-thread.ts): a package is untrusted and
// its SQLite runs in WebAssembly, so the event loop never parses it and a crash or a runaway read ends that
// task alone. Progress comes back as it goes; a task stopped for time or memory is a clear refusal.
import { OffThreadFailure, runOffThread } from '../../platform/off-thread.ts';
import type { AnkiMediaFile, AnkiReadProgress, AnkiReadResult } from './model.ts';
import type { AnkiReadOptions } from './read-package.ts';
import type { AnkiReadChunk, AnkiReadInput, AnkiReadOutput } from './read-package-worker.ts';

export const ANKI_READ_STOPPED = {
  time: 'This Anki package took too long to read.',
  memory: 'This Anki package needs more memory to read than the server allows.',
} as const;

/** readAnkiPackage, off the event loop; never throws for what the package holds. */
export async function readAnkiPackageOffThread(
  bytes: Uint8Array,
  options: Omit<AnkiReadOptions, 'onProgress'> & { readonly onProgress?: (p: AnkiReadProgress) => void } = {},
): Promise<AnkiReadResult> {
  const media: AnkiMediaFile[] = [];
  let out: AnkiReadOutput;
  try {
    out = await runOffThread<AnkiReadChunk, AnkiReadOutput>(
      { from: import.meta.url, name: 'read-package-worker' },
      {
        bytes,
        fileName: options.fileName,
        allowCollection: options.allowCollection,
        limits: options.limits,
      } satisfies AnkiReadInput,
      {
        isolation: 'process',
        onChunk: (c) => {
          if ('progress' in c) options.onProgress?.(c.progress);
          else media.push(...c.media);
        },
      },
    );
  } catch (err) {
    if (err instanceof OffThreadFailure)
      return {
        error:
          err.reason === 'time'
            ? { code: 'too-large', message: ANKI_READ_STOPPED.time }
            : { code: 'bomb', message: ANKI_READ_STOPPED.memory },
      };
    return { error: { code: 'malformed', message: 'This Anki package is damaged: it cannot be read.' } };
  }
  if ('error' in out) return out;
  return { package: { ...out.package, media } };
}
