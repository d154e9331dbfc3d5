// The worker thread behind export-service.ts (issues 20, 38): a deck's package — with a student's own
// scheduling and review log when asked — modelled and written (SQLite in WebAssembly, then the zip) off the
// event loop, where a student's 20,000 reviews held every other request 1–4 s. The bytes come back moved.
import { taskPort } from '../../platform/off-thread.ts';
import { ankiCardId, deckExportModel, type DeckExportInput } from './export-model.ts';
import type { AnkiScheduling } from './model.ts';
import {
  ankiRevlog,
  ankiScheduling,
  collectionCreated,
  reviewRows,
  type ProgressRow,
} from './progress-export.ts';
import { writeAnkiPackage } from './write-package.ts';

export type ExportPackageInput = Omit<DeckExportInput, 'scheduling' | 'revlog'> & {
  /** A student's own progress on the deck: their records, and their rated reviews as JSON texts, in order. */
  readonly progress?: { readonly records: readonly ProgressRow[]; readonly reviewPages: readonly string[] };
};

/** The package's bytes. */
async function writeExportPackage(input: ExportPackageInput): Promise<Uint8Array> {
  const { progress, ...deck } = input;
  if (!progress) return writeAnkiPackage(deckExportModel(deck));
  const createdSecs = collectionCreated(progress.records, input.now);
  const scheduling = new Map<string, AnkiScheduling>();
  for (const r of progress.records) {
    const s = ankiScheduling(r, createdSecs);
    if (s) scheduling.set(r.cardId, s);
  }
  // One hash per card, not per review.
  const ids = new Map<string, number>();
  const cardIdOf = (id: string) => ids.get(id) ?? ids.set(id, ankiCardId(id)).get(id)!;
  const model = deckExportModel({
    ...deck,
    scheduling,
    revlog: ankiRevlog(progress.reviewPages.flatMap(reviewRows), cardIdOf),
  });
  return writeAnkiPackage({ ...model, createdSecs });
}

const port = taskPort<ExportPackageInput, never, Uint8Array>();

port.onInput((input) => {
  writeExportPackage(input).then(
    (bytes) => port.post({ done: bytes }, bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : []),
    (err: unknown) => port.post({ error: err instanceof Error ? err.message : String(err) }),
  );
});
