// The child process behind read-off-thread.ts (issue 20): reads an Anki package off the event loop — unzip,
// zstd, SQLite in WebAssembly — and sends back its progress and its media files in chunks of a few MB,
// then the rest of the package (or the refusal) once. Asked to plan (the admin import), it also renders
// every card here (import-plan.ts) and sends back only the plan and the pictures it uses. Asked for a
// student's history (the progress import, issue 38), it checks and groups every card's reviews here
// (progress-import-data.ts) and sends them in chunks, never the package.
import { readFile } from 'node:fs/promises';
import { taskPort } from '../../platform/off-thread.ts';
import type { AnkiLimits, AnkiMediaFile, AnkiPackage, AnkiReadError, AnkiReadProgress } from './model.ts';
import { planAnkiImport, type ImportPlan } from './import-plan.ts';
import { ankiProgressChunks, type AnkiProgressChunk } from './progress-import-data.ts';
import { readAnkiPackage } from './read-package.ts';

export type AnkiReadInput = {
  /** The package's bytes, or the file that holds them (an upload: the server never holds it whole). */
  readonly source: Uint8Array | { readonly path: string };
  readonly fileName?: string;
  readonly allowCollection?: boolean;
  readonly limits?: Partial<AnkiLimits>;
  readonly media?: boolean;
  /** The admin import: plan it here, send the plan and its pictures instead of the package. */
  readonly plan?: boolean;
  /** The progress import at this time (epoch ms): its history in chunks instead of the package. */
  readonly historyAt?: number;
};
export type AnkiReadChunk =
  | { readonly progress: AnkiReadProgress }
  | { readonly media: readonly AnkiMediaFile[] }
  | { readonly history: AnkiProgressChunk };
/** The package without its media (they came as chunks), or why it was refused. */
export type AnkiReadOutput =
  | { readonly package: Omit<AnkiPackage, 'media'> }
  | { readonly plan: ImportPlan }
  | { readonly history: true }
  | { readonly error: AnkiReadError };

/** A media chunk holds about this many bytes. */
const CHUNK_BYTES = 4 * 1024 * 1024;

const port = taskPort<AnkiReadInput, AnkiReadChunk, AnkiReadOutput>();

port.onInput((input) => {
  void (async () => {
    try {
      const bytes = input.source instanceof Uint8Array ? input.source : await readFile(input.source.path);
      const result = await readAnkiPackage(bytes, {
        fileName: input.fileName,
        allowCollection: input.allowCollection,
        limits: input.limits,
        media: input.media,
        onProgress: (progress) => port.post({ chunk: { progress } }),
      });
      if ('error' in result) {
        port.post({ done: { error: result.error } });
        return;
      }
      if (input.historyAt !== undefined) {
        for (const history of ankiProgressChunks(result.package, input.historyAt))
          port.post({ chunk: { history } });
        port.post({ done: { history: true } });
        return;
      }
      const { media: all, ...rest } = result.package;
      const plan = input.plan ? planAnkiImport(result.package) : null;
      const used = plan ? new Set(plan.pictures) : null;
      const media = used ? all.filter((m) => used.has(m.name)) : all;
      let batch: AnkiMediaFile[] = [];
      let size = 0;
      for (const file of media) {
        batch.push(file);
        size += file.bytes.length;
        if (size >= CHUNK_BYTES) {
          port.post({ chunk: { media: batch } });
          batch = [];
          size = 0;
        }
      }
      if (batch.length > 0) port.post({ chunk: { media: batch } });
      port.post({ done: plan ? { plan } : { package: rest } });
    } catch (err) {
      port.post({ error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
