// Admin 'Import Anki Deck' (issue 20): an uploaded .apkg becomes a job of its admin — read in a child
// process with progress and planned there too (read-off-thread.ts, import-plan.ts: the event loop renders
// no card), then previewed; then 'Import' writes every deck in ONE transaction through withContentWrite,
// recording a content_import row per deck written so 'Undo import' works. A re-import matches cards by
// (deck, Anki note id, ordinal): unchanged ones stay as they are (no new version, progress kept), changed
// ones are updated in place. Pictures are stored before the transaction and removed again when it fails;
// a re-import reuses the pictures its deck's cards already use.
//
// Issue 32: the job is a row of the job runner (platform/jobs/), so any instance answers for it and a
// restart loses none. The package goes to the configured storage (a private key, never served) — whichever
// instance runs a step reads it there; the preview's pictures are stored beside it. Both steps (read, then
// import) run as the same job, one after the other, in the college's queues; the import step reads the
// package again and marks the job done in its own transaction, so a retry never imports twice. The
// package is removed when the import ends or is cancelled, 24 hours after a failure ('Try again' until then).
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import {
  ANKI_IMPORT_MESSAGES as M,
  can,
  JOB_KINDS,
  MSG,
  type Actor,
  type AnkiCardType,
  type AnkiImportBody,
  type AnkiImportJob,
  type AnkiImportPreview,
  type AnkiImportResult,
  type AnkiImportSample,
} from '@zan/core';
import { allow, checkAccess, requireAccess } from '../../domain/access.ts';
import { withContentWrite, type WriteDeps } from '../../domain/content-write.ts';
import { imageUsesRepository as imageUses } from '../../domain/image-uses-repository.ts';
import {
  removeEmbeddedFiles,
  rewriteEmbedded,
  storeEmbedded,
  type StoredFile,
} from '../../domain/import-images.ts';
import { importRecordsRepository as records } from '../../domain/import-records-repository.ts';
import { sanitizeOrSlow } from '../../domain/sanitize-html.ts';
import { setsRepository as sets, type NewCard } from '../../domain/sets-repository.ts';
import { FACE_BOUNDS, FACE_CHARS } from '../../domain/stored-html.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { sniffConvertibleKind, sniffImageKind } from '../../platform/image-header.ts';
import { JobRefusal, type JobContext, type JobRunner } from '../../platform/jobs/job-runner.ts';
import type { JobRow } from '../../platform/jobs/jobs-repository.ts';
import { privateKey, type StorageDriver } from '../../platform/storage.ts';
import { withChoice, type DeckChoice, type ImportPlan, type PlannedCard } from './import-plan.ts';
import { ankiImportRepository as repo, type ImportTopic } from './import-repository.ts';
import type { AnkiMediaFile, AnkiReadProgress } from './model.ts';
import { planAnkiPackageOffThread } from './read-off-thread.ts';
import { escapeAttr, unescapeAttr } from '../../platform/escape-html.ts';

export type AnkiImportDeps = WriteDeps & { storage: StorageDriver; jobs: JobRunner };
/** The uploaded file in its own temporary directory (removed once read, or refused). */
export type AnkiUpload = { fileName: string; path: string; dir: string };

/** The job runner's kind for an admin's Anki import (both steps). */
const KIND = JOB_KINDS.ankiImport;
/** Imports one admin may have queued or running at once. */
const MAX_OPEN_PER_OWNER = 3;
const SAMPLES = 5;
const STAGES: Record<AnkiReadProgress['stage'], [number, number]> = {
  unzip: [0, 0.2],
  collection: [0.2, 0.3],
  media: [0.5, 0.5],
};

/** What the job row keeps: where the package is, and for the import step the admin's choice. */
type JobInput = {
  topicId: string;
  fileName: string;
  packageKey: string;
  step: 'read' | 'import';
  choice: DeckChoice | null;
};
/** What a step leaves: the preview with its stored pictures (name → key, type), then the import's result. */
type JobResult = {
  preview: AnkiImportPreview;
  pictures: Record<string, { key: string; type: string }>;
  result: AnkiImportResult | null;
};

const jobNotFound = () => notFound(M.jobNotFound, 'ANKI_IMPORT_NOT_FOUND');
const topicNotFound = () => notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND');
const targetOf = (t: ImportTopic) => ({
  collegeId: t.collegeId,
  yearGroup: t.yearGroup,
  isGlobal: t.isGlobal || t.yearGroup === 'global',
});
/** A card as the import writes it: its kind and note, and where in Anki it came from. */
type ImportCard = NewCard & {
  kind: 'basic' | 'cloze';
  noteId: string | null;
  ord: number | null;
  ankiNoteId: string;
  ankiOrd: number;
};
/** The picture's type by its first bytes, for the preview: a raster image a browser shows, else null. */
function previewPictureType(bytes: Uint8Array): string | null {
  const kind = sniffImageKind(bytes) ?? sniffConvertibleKind(bytes);
  return kind ? `image/${kind}` : null;
}

/** Where the preview shows a picture of the job's package (nothing is stored yet): its owner only. */
const previewPicturePath = (jobId: string, name: string) =>
  `/api/admin/anki-imports/${encodeURIComponent(jobId)}/pictures/${encodeURIComponent(name)}`;

/**
 * For the preview: each picture the package holds (a raster image) from the job's picture route, as the
 * student will see it once stored; one it lacks, or cannot show, as its name.
 */
const previewPictures = (html: string, jobId: string, media: ReadonlyMap<string, AnkiMediaFile>) =>
  html.replace(/<img\b[^>]*src="zan-import:([^"]*)"[^>]*>/g, (whole, raw: string) => {
    const name = unescapeAttr(raw);
    const file = media.get(name);
    return file && previewPictureType(file.bytes)
      ? whole.replace(`zan-import:${raw}`, escapeAttr(previewPicturePath(jobId, name)))
      : `<i>[${raw}]</i>`;
  });

/**
 * Faces sanitised (off the event loop), in order; null for a face over the face limits, or longer as
 * stored than a face may be (issue 38: cleaning can make HTML several times longer than its input).
 */
async function sanitizeFaces(faces: readonly string[]): Promise<({ html: string; blank: boolean } | null)[]> {
  const result = await sanitizeOrSlow(faces, FACE_BOUNDS, 'This import');
  return faces.map((_, i) => {
    const o = result[i];
    const html = o?.ok ? o.html.trim() : null;
    return o?.ok && html !== null && html.length <= FACE_CHARS ? { html, blank: o.blank } : null;
  });
}

function pickSamples(plan: ImportPlan): { card: PlannedCard; deck: string }[] {
  const all = plan.decks.flatMap((d) => d.cards.map((card) => ({ card, deck: d.name })));
  const picked: typeof all = [];
  for (const t of ['basic', 'reversed', 'cloze', 'custom'] satisfies AnkiCardType[]) {
    const one = all.find((x) => x.card.type === t && !picked.includes(x));
    if (one) picked.push(one);
  }
  for (const x of all) if (picked.length < SAMPLES && !picked.includes(x)) picked.push(x);
  return picked.slice(0, SAMPLES);
}

async function previewOf(
  jobId: string,
  fileName: string,
  plan: ImportPlan,
  media: ReadonlyMap<string, AnkiMediaFile>,
): Promise<AnkiImportPreview> {
  const samples = pickSamples(plan);
  const show = (html: string) => previewPictures(html, jobId, media);
  const faces = await sanitizeFaces(samples.flatMap((s) => [show(s.card.front), show(s.card.back)]));
  return {
    fileName,
    notes: plan.notes,
    cards: plan.decks.reduce((n, d) => n + d.cards.length, 0),
    cardsByType: plan.cardsByType,
    pictures: plan.pictures.length,
    skipped: [...plan.skipped],
    missingMedia: [...plan.missingMedia],
    decks: plan.decks.map((d) => ({ name: d.name, cards: d.cards.length })),
    samples: samples.map((s, i): AnkiImportSample => ({
      kind: s.card.kind,
      front: faces[2 * i]?.html ?? '',
      back: faces[2 * i + 1]?.html ?? '',
      ord: s.card.ord,
      deck: s.deck,
    })),
  };
}

/** The picture names a preview's faces show from the package (rewritten to the job's picture route). */
function picturesShown(preview: AnkiImportPreview, jobId: string): string[] {
  const prefix = previewPicturePath(jobId, '');
  const names = new Set<string>();
  for (const s of preview.samples)
    for (const m of (s.front + s.back).matchAll(/src="([^"]*)"/g)) {
      const src = unescapeAttr(m[1]!);
      if (src.startsWith(prefix)) names.add(decodeURIComponent(src.slice(prefix.length)));
    }
  return [...names];
}

export function ankiImportService(deps: AnkiImportDeps) {
  const { jobs, storage } = deps;
  /** Only its owner reaches a job: another's (a superadmin's included) answers as a missing one. */
  const ownJob = async (actor: Actor, jobId: string): Promise<JobRow> => {
    const found = await jobs.get(jobId);
    return checkAccess(actor, 'ankiImport.job', found?.kind === KIND ? found : null, {
      notFound: jobNotFound,
      target: (job) => ({ ownerId: job.ownerId }),
      hidden: true,
    });
  };
  const inputOf = (j: JobRow) => j.input as JobInput;
  const resultOf = (j: JobRow) => j.result as JobResult | null;
  const topicFor = (db: Parameters<typeof repo.topic>[0], actor: Actor, topicId: string, lock = false) =>
    requireAccess(actor, 'resource.edit', {
      load: () => repo.topic(db, actor, topicId, lock),
      notFound: topicNotFound,
      target: targetOf,
    });
  /** Everything the job keeps in storage: its package and its preview's pictures. */
  const keysOf = (j: JobRow) => [
    inputOf(j).packageKey,
    ...Object.values(resultOf(j)?.pictures ?? {}).map((p) => p.key),
  ];
  const removeKept = async (j: JobRow) => {
    for (const key of keysOf(j)) await storage.delete(key).catch(() => undefined);
  };

  async function view(j: JobRow): Promise<AnkiImportJob> {
    const input = inputOf(j);
    const result = resultOf(j);
    const state: AnkiImportJob['state'] =
      j.state === 'queued'
        ? 'queued'
        : j.state === 'running'
          ? input.step === 'read'
            ? 'reading'
            : 'importing'
          : j.state === 'done'
            ? input.step === 'read'
              ? 'ready'
              : 'done'
            : j.state;
    return {
      jobId: j.id,
      state,
      step: input.step,
      ahead: j.state === 'queued' ? await jobs.ahead(j) : null,
      canRetry: j.state === 'failed' && (await storage.exists(input.packageKey)),
      progress: j.state === 'done' ? 1 : j.progress,
      preview: result?.preview ?? null,
      result: j.state === 'done' ? (result?.result ?? null) : null,
      error: j.error,
    };
  }

  /** The package on this machine's disk for the child to read (a copy when the storage is a bucket). */
  async function withPackage<T>(j: JobRow, f: (path: string) => Promise<T>): Promise<T> {
    const file = await storage.fileFor(inputOf(j).packageKey);
    if (!file) throw new JobRefusal(M.retryExpired);
    try {
      return await f(file.path);
    } finally {
      await file.release();
    }
  }

  /** The package read and planned in the child; progress over [from, from + span]. */
  async function readPlan(ctx: JobContext, from: number, span: number) {
    const input = inputOf(ctx.job);
    const r = await withPackage(ctx.job, (path) =>
      planAnkiPackageOffThread(
        { path },
        {
          fileName: input.fileName,
          signal: ctx.signal,
          onProgress: (p) => {
            const [base, part] = STAGES[p.stage];
            const f = Math.min(1, base + (p.total > 0 ? (part * p.done) / p.total : 0));
            void ctx.progress(from + span * f).catch(() => undefined);
          },
        },
      ),
    );
    if ('error' in r) throw new JobRefusal(r.error.message);
    return { plan: r.plan, media: new Map(r.media.map((m) => [m.name, m])) };
  }

  /** Step 1: read the package, preview it, store the pictures the preview shows. */
  async function read(ctx: JobContext): Promise<JobResult> {
    const input = inputOf(ctx.job);
    const planned = await readPlan(ctx, 0, 0.95);
    const preview = await previewOf(ctx.job.id, input.fileName, planned.plan, planned.media);
    const pictures: JobResult['pictures'] = {};
    for (const [i, name] of picturesShown(preview, ctx.job.id).entries()) {
      const file = planned.media.get(name);
      const type = file ? previewPictureType(file.bytes) : null;
      if (!file || !type) continue;
      const key = privateKey('jobs', ctx.job.id, `preview-${i}`);
      await storage.put(key, file.bytes, { contentType: type });
      pictures[name] = { key, type };
    }
    return { preview, pictures, result: null };
  }

  /** The pictures the plan needs that the target decks' cards do not already use, stored as uploads. */
  async function storePictures(
    actor: Actor,
    media: ReadonlyMap<string, AnkiMediaFile>,
    names: readonly string[],
  ): Promise<StoredFile[]> {
    if (!names.length) return [];
    const files = names.flatMap((name) => {
      const file = media.get(name);
      return file ? [{ name, bytes: file.bytes }] : [];
    });
    return storeEmbedded(storage, actor.id, files, {
      // A picture sharp cannot read is left out (its card shows the rest), as the plan leaves out others.
      leaveOut: (name, err) => deps.log?.warn({ err, name }, 'anki import picture refused'),
    });
  }
  const removeFiles = async (stored: readonly StoredFile[]) => {
    if (stored.length) await removeEmbeddedFiles(storage, stored);
  };

  /** Step 2: the package read again and written in ONE transaction, which also marks the job done. */
  async function write(ctx: JobContext, actor: Actor): Promise<void> {
    const j = ctx.job;
    const input = inputOf(j);
    const previous = resultOf(j);
    if (!previous || !input.choice) throw new JobRefusal(M.notReady);
    const planned = await readPlan(ctx, 0, 0.5);
    const plan = withChoice(planned.plan, input.choice);
    await topicFor(deps.db, actor, input.topicId);
    const existing = [];
    for (const d of plan.decks) {
      const found = await sets.deckByName(deps.db, input.topicId, d.name);
      if (found) existing.push(found.id);
    }
    const reused = await repo.picturesOfDecks(deps.db, existing);
    await ctx.progress(0.6);
    const stored = await storePictures(
      actor,
      planned.media,
      plan.pictures.filter((n) => !reused.has(n)),
    );
    try {
      const urls = new Map([...reused, ...stored.map((s) => [s.name, s.stored.storageUrl] as const)]);
      const flat = plan.decks.flatMap((d) => d.cards);
      const faces = await sanitizeFaces(
        flat.flatMap((c) => [rewriteEmbedded(c.front, urls), rewriteEmbedded(c.back, urls)]),
      );
      await ctx.progress(0.8);
      let k = 0;
      const decks = plan.decks.map((d) => ({
        name: d.name,
        cards: d.cards.flatMap((c): ImportCard[] => {
          const front = faces[2 * k];
          const back = faces[2 * k + 1];
          k++;
          if (!front || !back || front.blank) return [];
          return [
            {
              front: front.html,
              back: back.html,
              kind: c.kind,
              noteId: null,
              ord: c.ord,
              ankiNoteId: c.ankiNoteId,
              ankiOrd: c.ankiOrd,
            },
          ];
        }),
      }));
      await withContentWrite(deps, async (uow) => {
        const { tx } = uow;
        const t = await topicFor(tx, actor, input.topicId, true);
        const imageRows = await records.insertPictures(
          tx,
          { uploadedBy: actor.id, collegeId: t.collegeId, yearGroup: t.yearGroup },
          stored,
        );
        uow.imagesChanged(imageRows);
        const out: AnkiImportResult['decks'] = [];
        let changed = false;
        for (const d of decks) {
          const found = await sets.deckByName(tx, t.id, d.name, { lock: true });
          const deck =
            found ??
            (await sets.insertDeck(tx, {
              name: d.name,
              topicId: t.id,
              createdBy: actor.id,
              collegeId: t.collegeId,
              yearGroup: t.yearGroup,
            }));
          const current = found ? await repo.ankiCards(tx, deck.id) : [];
          const byKey = new Map(current.map((c) => [`${c.ankiNoteId}:${c.ankiOrd}`, c]));
          const notes = new Map(current.filter((c) => c.noteId).map((c) => [c.ankiNoteId!, c.noteId!]));
          const add: ImportCard[] = [];
          const previousValues: { id: string; values: { front: string; back: string } }[] = [];
          const html = new Set<string>();
          for (const c of d.cards) {
            const noteId =
              c.kind === 'cloze'
                ? (notes.get(c.ankiNoteId) ?? notes.set(c.ankiNoteId, crypto.randomUUID()).get(c.ankiNoteId)!)
                : null;
            const v = { ...c, noteId };
            const old = byKey.get(`${c.ankiNoteId}:${c.ankiOrd}`);
            if (!old) {
              add.push(v);
              continue;
            }
            if (old.front === v.front && old.back === v.back && old.kind === v.kind && old.ord === v.ord)
              continue;
            previousValues.push({ id: old.id, values: { front: old.front, back: old.back } });
            await sets.updateCard(tx, old.id, v);
            await imageUses.sync(
              tx,
              { collegeId: t.collegeId, yearGroup: t.yearGroup, id: old.id },
              v.front + v.back,
            );
            html.add(v.front + v.back);
          }
          const addedIds = await sets.insertCards(tx, deck, add, new Date());
          const pictured = add.flatMap((c, i) =>
            /<img\b/i.test(c.front + c.back) ? [{ id: addedIds[i]!, html: c.front + c.back }] : [],
          );
          await imageUses.linkNew(tx, { collegeId: t.collegeId, yearGroup: t.yearGroup }, pictured);
          for (const c of pictured) html.add(c.html);
          const wrote = addedIds.length > 0 || previousValues.length > 0 || !found;
          let importId: string | null = null;
          if (wrote) {
            changed = true;
            await sets.recountDeck(tx, deck.id);
            const all = [...html].join('');
            const record = await records.insert(tx, {
              topicId: t.id,
              setKind: 'deck',
              setId: deck.id,
              setCreated: !found,
              source: 'anki',
              createdBy: actor.id,
              contentVersion: uow.version,
              addedIds,
              previous: previousValues,
              imageIds: imageRows.filter((r) => all.includes(r.storageUrl)).map((r) => r.id),
            });
            importId = record.id;
          }
          out.push({
            id: deck.id,
            name: deck.name,
            created: !found,
            added: addedIds.length,
            updated: previousValues.length,
            unchanged: d.cards.length - addedIds.length - previousValues.length,
            importId,
          });
        }
        if (changed || imageRows.length) await uow.topicContentChanged([t.id]);
        // The job ends with the write: a run after a crash finds it done and writes nothing again.
        await ctx.finish(tx, {
          ...previous,
          result: { decks: out, pictures: stored.length },
        } satisfies JobResult);
      });
    } catch (err) {
      await removeFiles(stored);
      throw err;
    }
  }

  jobs.define(KIND, {
    failedMessage: M.failed,
    async run(ctx) {
      const input = inputOf(ctx.job);
      if (input.step === 'read') return read(ctx);
      await write(ctx, await ctx.owner());
      return undefined;
    },
    // The package is kept for the import step after a read, and for 'Try again' after a failure (the
    // clean-up removes it a day later); an import done or a job cancelled lets go of it now.
    async ended(j, state) {
      const step = inputOf(j).step;
      if (state === 'cancelled' || (state === 'done' && step === 'import')) await removeKept(j);
    },
    expired: removeKept,
  });

  return {
    /** A job reading the uploaded package (moved to storage; the temporary file removed); 202 with its id. */
    async start(actor: Actor, topicId: string, upload: AnkiUpload): Promise<{ jobId: string }> {
      const id = crypto.randomUUID();
      const packageKey = privateKey('jobs', id, 'package.apkg');
      try {
        allow(can(actor, 'admin.area'));
        const t = await topicFor(deps.db, actor, topicId);
        if ((await jobs.openOf(actor.id, KIND)) >= MAX_OPEN_PER_OWNER)
          throw new AppError(429, 'ANKI_IMPORT_BUSY', M.busy);
        const { size } = await stat(upload.path);
        await storage.put(packageKey, createReadStream(upload.path), {
          contentType: 'application/octet-stream',
          size,
        });
        try {
          await deps.db.transaction((tx) =>
            jobs.queue(tx, {
              id,
              kind: KIND,
              ownerId: actor.id,
              collegeId: t.isGlobal ? '' : (t.collegeId ?? ''),
              input: {
                topicId,
                fileName: upload.fileName,
                packageKey,
                step: 'read',
                choice: null,
              } satisfies JobInput,
            }),
          );
        } catch (err) {
          await storage.delete(packageKey).catch(() => undefined);
          throw err;
        }
        return { jobId: id };
      } finally {
        await rm(upload.dir, { recursive: true, force: true }).catch(() => undefined);
      }
    },

    async get(actor: Actor, jobId: string): Promise<AnkiImportJob> {
      allow(can(actor, 'admin.area'));
      return view(await ownJob(actor, jobId));
    },

    /** A picture of the job's package for its preview (raster images only), while the job keeps it. */
    async picture(actor: Actor, jobId: string, name: string): Promise<{ bytes: Uint8Array; type: string }> {
      allow(can(actor, 'admin.area'));
      const pictures = resultOf(await ownJob(actor, jobId))?.pictures ?? {};
      const stored = Object.hasOwn(pictures, name) ? pictures[name] : undefined;
      const file = stored ? await storage.get(stored.key) : null;
      if (!stored || !file) throw notFound(M.pictureNotFound, 'ANKI_PICTURE_NOT_FOUND');
      const chunks: Buffer[] = [];
      for await (const c of file.body) chunks.push(c as Buffer);
      return { bytes: Buffer.concat(chunks), type: stored.type };
    },

    /** Queues the import step of a previewed package; the job tells when it is done (or why it failed). */
    async import(actor: Actor, jobId: string, body: AnkiImportBody): Promise<AnkiImportJob> {
      allow(can(actor, 'admin.area'));
      const j = await ownJob(actor, jobId);
      const input = inputOf(j);
      if (input.step === 'import') throw conflict(M.alreadyImported, 'ANKI_IMPORTED');
      if (j.state !== 'done') throw conflict(M.notReady, 'ANKI_NOT_READY');
      if (!resultOf(j)?.preview.cards) throw badRequest(M.nothingToImport, 'ANKI_EMPTY');
      const choice: DeckChoice =
        body.deckMode === 'one' ? { deckMode: 'one', deckName: body.deckName } : { deckMode: 'per-deck' };
      await deps.db.transaction((tx) =>
        jobs.retry(tx, j, { ...input, step: 'import', choice } satisfies JobInput, { keepResult: true }),
      );
      return view((await jobs.get(jobId))!);
    },

    /**
     * 'Cancel import': a queued job ends now, a running one at its next progress report, a previewed one
     * lets go of its package; nothing is written. An import that ended cannot be cancelled.
     */
    async cancel(actor: Actor, jobId: string): Promise<AnkiImportJob> {
      allow(can(actor, 'admin.area'));
      const j = await ownJob(actor, jobId);
      if (j.state === 'queued' || j.state === 'running') return view(await jobs.cancel(j));
      if (j.state === 'done' && inputOf(j).step === 'read') return view(await jobs.discard(j));
      throw conflict(M.notCancellable, 'ANKI_NOT_RUNNING');
    },

    /** 'Try again': a failed job runs its step again from the kept package, without a new upload. */
    async retry(actor: Actor, jobId: string): Promise<AnkiImportJob> {
      allow(can(actor, 'admin.area'));
      const j = await ownJob(actor, jobId);
      if (j.state !== 'failed') throw conflict(M.notReady, 'ANKI_NOT_FAILED');
      if (!(await storage.exists(inputOf(j).packageKey))) throw conflict(M.retryExpired, 'ANKI_EXPIRED');
      await deps.db.transaction((tx) => jobs.retry(tx, j, j.input, { keepResult: true }));
      return view((await jobs.get(jobId))!);
    },
  };
}
