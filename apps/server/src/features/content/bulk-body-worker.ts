// The worker thread behind bulk-body.ts (issue 17): parses a bulk import's JSON body and checks it against
// its @zan/core schema off the event loop — and a card import's faces are sanitised and judged here too
// (import-faces.ts), so a refused import never reaches the event loop — then sends the rows back in chunks
// of a few hundred KB.
import { readFileSync } from 'node:fs';
import {
  bulkCardsBodySchema,
  bulkQuestionsBodySchema,
  EMBEDDED_SRC_PREFIX,
  type BulkCardsBody,
  type EmbeddedFile,
  type ImportSource,
} from '@zan/core';
import { validationMessage } from '../../errors.ts';
import { sanitizeFragment } from '../../platform/html-sanitizer.ts';
import { taskPort } from '../../platform/off-thread.ts';
import { FACE_BOUNDS } from '../../domain/stored-html.ts';
import { judgeImportFaces, type Refusal } from './import-faces.ts';

export type BulkBodyKind = 'cards' | 'questions';
/** The body's bytes, or the file they were written to (a large body: no 30 MB message over IPC). */
export type BulkBodyInput = {
  readonly kind: BulkBodyKind;
  readonly body: ArrayBuffer | { readonly path: string };
};
export type BulkBodyChunk = { readonly part: 'add' | 'update' | 'files'; readonly rows: readonly unknown[] };
/**
 * The body's name (and issue 21's source format) once every row and embedded file was sent
 * (`facesJudged`: its faces are sanitised and judged; `files`: it has a `files` array), or why it was
 * refused (nothing was sent then).
 */
export type BulkBodyResult =
  | {
      readonly ok: true;
      readonly name: string;
      readonly source?: ImportSource;
      readonly files: boolean;
      readonly facesJudged: boolean;
    }
  | { readonly ok: false; readonly reason: 'json' }
  | { readonly ok: false; readonly reason: 'schema'; readonly message: string }
  | ({ readonly ok: false; readonly reason: 'html' } & Refusal);

/** A chunk holds about this many characters of row text, so the event loop takes each in a few ms. */
const CHUNK_CHARS = 256 * 1024;

const schemas = { cards: bulkCardsBodySchema, questions: bulkQuestionsBodySchema } as const;
const port = taskPort<BulkBodyInput, BulkBodyChunk, BulkBodyResult>();
const post = port.post;

/** Characters of text a row carries (what its chunk will cost to copy). */
function chars(row: unknown): number {
  if (typeof row === 'string') return row.length;
  if (row && typeof row === 'object') {
    let n = 0;
    for (const v of Object.values(row)) n += chars(v);
    return n;
  }
  return 8;
}

function send(part: BulkBodyChunk['part'], rows: readonly unknown[]): void {
  let start = 0;
  let size = 0;
  for (let i = 0; i < rows.length; i++) {
    size += chars(rows[i]);
    if (size >= CHUNK_CHARS || i === rows.length - 1) {
      post({ chunk: { part, rows: rows.slice(start, i + 1) } });
      start = i + 1;
      size = 0;
    }
  }
}

port.onInput((input) => {
  try {
    let json: unknown;
    try {
      const bytes =
        input.body instanceof ArrayBuffer ? Buffer.from(input.body) : readFileSync(input.body.path);
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      post({ done: { ok: false, reason: 'json' } });
      return;
    }
    const parsed = schemas[input.kind].safeParse(json);
    if (!parsed.success) {
      post({
        done: { ok: false, reason: 'schema', message: validationMessage(parsed.error.issues[0]?.message) },
      });
      return;
    }
    const { name, source, files } = parsed.data;
    const done = (facesJudged: boolean): BulkBodyResult => ({
      ok: true,
      name,
      ...(source !== undefined && { source }),
      files: files !== undefined,
      facesJudged,
    });
    const sendFiles = () => files && send('files', files satisfies EmbeddedFile[]);
    const body = parsed.data as BulkCardsBody;
    const cards = input.kind === 'cards' ? [...body.add, ...body.update.map((u) => u.item)] : [];
    // Faces with embedded pictures are judged by the service, once their srcs point at stored images
    // (the sanitiser would drop a `zan-import:` src).
    const embedded = cards.some(
      (c) => c.front.includes(EMBEDDED_SRC_PREFIX) || c.back.includes(EMBEDDED_SRC_PREFIX),
    );
    if (input.kind === 'cards' && !embedded) {
      const verdict = judgeImportFaces(cards, (_, html) => sanitizeFragment(html, FACE_BOUNDS));
      if (!verdict.ok) {
        post({ done: { ok: false, reason: 'html', code: verdict.code, message: verdict.message } });
        return;
      }
      const stored = verdict.cards.map((c) => ({ front: c.front.html, back: c.back.html }));
      send('add', stored.slice(0, body.add.length));
      send(
        'update',
        body.update.map((u, i) => ({ id: u.id, item: stored[body.add.length + i]! })),
      );
      sendFiles();
      post({ done: done(true) });
      return;
    }
    send('add', parsed.data.add);
    send('update', parsed.data.update);
    sendFiles();
    post({ done: done(false) });
  } catch (err) {
    post({ error: err instanceof Error ? err.message : String(err) });
  }
});
