// Admin 'Import Anki Deck' contract (issue 20): an uploaded .apkg is read in the background (a job the
// admin polls), previewed, then imported into the topic — one deck per Anki deck or one named deck.
// Routes are listed in apps/server/CONTEXT.md "Anki import API"; the texts the admin sees are here.
import { z } from 'zod';
import { text as storable } from './common.ts';

export const ANKI_IMPORT_MESSAGES = {
  jobNotFound: 'This Anki import is no longer available. Choose the file again.',
  /** The preview's picture route: not in the package, not a picture a browser shows, or already imported. */
  pictureNotFound: 'This picture is not in the Anki package being previewed.',
  notReady: 'This Anki package is not ready to import yet.',
  alreadyImported: 'This Anki package was already imported.',
  busy: 'Too many Anki packages are being read right now. Try again in a minute.',
  noFile: 'Choose an Anki package (.apkg) to import.',
  /** A multipart body that cannot be read (a field before the file, cut short, no boundary). */
  unreadable: 'The upload could not be read. Choose the Anki package (.apkg) again.',
  tooLarge: (mb: number) => `This Anki package is larger than ${mb} MB.`,
  deckNameRequired: 'Name the deck to import into.',
  nothingToImport: 'This Anki package has no cards Zan can import.',
  failed: 'The import failed; nothing was written. Try again.',
  /** Issue 32: the job waits for one of its college's two import slots. */
  queued: (ahead: number) =>
    ahead === 0
      ? 'Queued: starting in a moment.'
      : `Queued: ${ahead} ${ahead === 1 ? 'import' : 'imports'} ahead of yours.`,
  cancelled: 'Import cancelled. Nothing was written.',
  /** 'Try again' on a job whose package is no longer kept (24 hours after it failed). */
  retryExpired: 'This Anki package is no longer kept. Choose the file again.',
  notCancellable: 'This Anki import has already finished.',
  skippedImageOcclusion: 'Image Occlusion notes (not supported)',
  skippedEmptyFront: 'Cards whose front is empty',
  skippedEmptyCloze: 'Cloze cards whose deletion is missing',
  skippedSoundVideo: 'Sound and video files (not played in Zan)',
  skippedPictureFormat: 'Pictures in a format Zan does not take (only PNG and JPEG)',
  skippedMissingPicture: 'Pictures the package does not hold',
} as const;

const ankiCardTypeSchema = z.enum(['basic', 'reversed', 'cloze', 'custom']);
export type AnkiCardType = z.infer<typeof ankiCardTypeSchema>;

const ankiImportSampleSchema = z.object({
  kind: z.enum(['basic', 'cloze']),
  /** Cloze: the note's text with its deletions (render with clozeFront/clozeBack and `ord`). */
  front: z.string(),
  back: z.string(),
  ord: z.number().int().nullable(),
  deck: z.string(),
});
export type AnkiImportSample = z.infer<typeof ankiImportSampleSchema>;

const ankiImportPreviewSchema = z.object({
  fileName: z.string(),
  notes: z.number().int(),
  cards: z.number().int(),
  cardsByType: z.record(ankiCardTypeSchema, z.number().int()),
  pictures: z.number().int(),
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  missingMedia: z.array(z.string()),
  /** The Anki decks that hold cards, with how many each (`Parent::Child` for a subdeck). */
  decks: z.array(z.object({ name: z.string(), cards: z.number().int() })),
  samples: z.array(ankiImportSampleSchema),
});
export type AnkiImportPreview = z.infer<typeof ankiImportPreviewSchema>;

const ankiImportResultSchema = z.object({
  decks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      created: z.boolean(),
      added: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      importId: z.string().nullable(),
    }),
  ),
  pictures: z.number().int(),
});
export type AnkiImportResult = z.infer<typeof ankiImportResultSchema>;

/**
 * queued: waiting for a slot (`ahead` imports before it); reading / importing: running (`step` says which);
 * ready: read and previewed, waiting for Import; done, failed, cancelled: ended.
 */
const ankiImportStateSchema = z.enum([
  'queued',
  'reading',
  'ready',
  'importing',
  'done',
  'failed',
  'cancelled',
]);
export const ankiImportJobSchema = z.object({
  jobId: z.string(),
  state: ankiImportStateSchema,
  /** What the job does or waits to do: read the package (to preview it) or import it. */
  step: z.enum(['read', 'import']),
  /** While queued: how many imports of the college wait or run before this one. */
  ahead: z.number().int().nullable(),
  /** A failed job can run again without a new upload ('Try again'). */
  canRetry: z.boolean(),
  /** 0–1 while reading (unzip, collection, media). */
  progress: z.number(),
  preview: ankiImportPreviewSchema.nullable(),
  result: ankiImportResultSchema.nullable(),
  error: z.string().nullable(),
});
export type AnkiImportJob = z.infer<typeof ankiImportJobSchema>;
export const ankiImportStartedSchema = z.object({ jobId: z.string() });

/** A job id as the path gives it (no NUL: PostgreSQL's text refuses it). */
export const ankiImportJobParamsSchema = z.object({ jobId: storable().min(1).max(100) });
/** GET /api/admin/anki-imports/:jobId/pictures/:name — a picture of the package, for the preview. */
export const ankiImportPictureParamsSchema = ankiImportJobParamsSchema.extend({
  name: z.string().min(1).max(255),
});
export const ankiImportBodySchema = z.discriminatedUnion('deckMode', [
  z.strictObject({ deckMode: z.literal('per-deck') }),
  z.strictObject({
    deckMode: z.literal('one'),
    deckName: storable().trim().min(1, { message: ANKI_IMPORT_MESSAGES.deckNameRequired }).max(200),
  }),
]);
export type AnkiImportBody = z.infer<typeof ankiImportBodySchema>;
