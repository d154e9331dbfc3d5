// Admin 'Import Anki Deck' (issue 20): an uploaded .apkg becomes a job of its admin — read in a child
// process with progress and planned there too (read-off-thread.ts, import-plan.ts: the event loop renders
// no card), then previewed; then 'Import' writes every deck in ONE transaction through withContentWrite,
// recording a content_import row per deck written so 'Undo import' works. A re-import matches cards by
// (deck, Anki note id, ordinal): unchanged ones stay as they are (no new version, progress kept), changed
// ones are updated in place. Pictures are stored before the transaction and removed again when it fails;
// a re-import reuses the pictures its deck's cards already use. Jobs live in memory, expire after 30
// minutes and are bounded in number.
import { rm } from 'node:fs/promises';
import {
  ANKI_IMPORT_MESSAGES as M,
  can,
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
import type { StorageDriver } from '../../platform/storage.ts';
import { withChoice, type DeckChoice, type ImportPlan, type PlannedCard } from './import-plan.ts';
import { ankiImportRepository as repo, type ImportTopic } from './import-repository.ts';
import type { AnkiMediaFile, AnkiReadProgress } from './model.ts';
import { planAnkiPackageOffThread } from './read-off-thread.ts';
import { escapeAttr, unescapeAttr } from '../../platform/escape-html.ts';

export type AnkiImportDeps = WriteDeps & { storage?: StorageDriver };
/** The uploaded file in its own temporary directory (removed once read, or refused). */
export type AnkiUpload = { fileName: string; path: string; dir: string };

const ANKI_JOBS = { ttlMs: 30 * 60_000, maxJobs: 8, maxReading: 2 } as const;
const SAMPLES = 5;
const STAGES: Record<AnkiReadProgress['stage'], [number, number]> = {
  unzip: [0, 0.2],
  collection: [0.2, 0.3],
  media: [0.5, 0.5],
};

type Job = {
  id: string;
  ownerId: string;
  topicId: string;
  fileName: string;
  state: AnkiImportJob['state'];
  progress: number;
  /** Read and planned (one deck per Anki deck) in the child, with the pictures the plan uses; null once written. */
  planned: { plan: ImportPlan; media: ReadonlyMap<string, AnkiMediaFile> } | null;
  preview: AnkiImportPreview | null;
  result: AnkiImportResult | null;
  error: string | null;
  expiresAt: number;
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

export function ankiImportService(deps: AnkiImportDeps) {
  const jobs = new Map<string, Job>();
  const sweep = () => {
    const now = Date.now();
    for (const [id, j] of jobs) if (j.expiresAt < now && j.state !== 'importing') jobs.delete(id);
  };
  const ownJob = (actor: Actor, jobId: string) => {
    sweep();
    // Only its owner reaches a job: another's (a superadmin's included) answers as a missing one.
    return checkAccess(actor, 'ankiImport.job', jobs.get(jobId), {
      notFound: jobNotFound,
      target: (job) => ({ ownerId: job.ownerId }),
      hidden: true,
    });
  };
  const view = (j: Job): AnkiImportJob => ({
    jobId: j.id,
    state: j.state,
    progress: j.progress,
    preview: j.preview,
    result: j.result,
    error: j.error,
  });
  const topicFor = (db: Parameters<typeof repo.topic>[0], actor: Actor, topicId: string, lock = false) =>
    requireAccess(actor, 'resource.edit', {
      load: () => repo.topic(db, actor, topicId, lock),
      notFound: topicNotFound,
      target: targetOf,
    });

  async function read(job: Job, upload: AnkiUpload): Promise<void> {
    try {
      // The child reads the file itself: the server never holds the package (up to ANKI_MAX_MB).
      const r = await planAnkiPackageOffThread(
        { path: upload.path },
        {
          fileName: upload.fileName,
          onProgress: (p) => {
            const [base, span] = STAGES[p.stage];
            job.progress = Math.min(1, base + (p.total > 0 ? (span * p.done) / p.total : 0));
          },
        },
      );
      if ('error' in r) {
        job.state = 'failed';
        job.error = r.error.message;
        return;
      }
      job.planned = { plan: r.plan, media: new Map(r.media.map((m) => [m.name, m])) };
      job.preview = await previewOf(job.id, upload.fileName, r.plan, job.planned.media);
      job.progress = 1;
      job.state = 'ready';
    } catch (err) {
      deps.log?.warn({ err }, 'anki import read failed');
      job.state = 'failed';
      job.error = err instanceof AppError ? err.message : M.failed;
    } finally {
      await rm(upload.dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** The pictures the plan needs that the target decks' cards do not already use, stored as uploads. */
  async function storePictures(
    actor: Actor,
    media: ReadonlyMap<string, AnkiMediaFile>,
    names: readonly string[],
  ): Promise<StoredFile[]> {
    if (!names.length) return [];
    if (!deps.storage) throw new Error('an import with pictures needs file storage');
    const files = names.flatMap((name) => {
      const file = media.get(name);
      return file ? [{ name, bytes: file.bytes }] : [];
    });
    return storeEmbedded(deps.storage, actor.id, files, {
      // A picture sharp cannot read is left out (its card shows the rest), as the plan leaves out others.
      leaveOut: (name, err) => deps.log?.warn({ err, name }, 'anki import picture refused'),
    });
  }
  const removeFiles = async (stored: readonly StoredFile[]) => {
    if (deps.storage && stored.length) await removeEmbeddedFiles(deps.storage, stored);
  };

  async function write(
    actor: Actor,
    job: Job,
    planned: NonNullable<Job['planned']>,
    choice: DeckChoice,
  ): Promise<AnkiImportResult> {
    const plan = withChoice(planned.plan, choice);
    await topicFor(deps.db, actor, job.topicId);
    const existing = [];
    for (const d of plan.decks) {
      const found = await sets.deckByName(deps.db, job.topicId, d.name);
      if (found) existing.push(found.id);
    }
    const reused = await repo.picturesOfDecks(deps.db, existing);
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
      return await withContentWrite(deps, async (uow) => {
        const { tx } = uow;
        const t = await topicFor(tx, actor, job.topicId, true);
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
          const previous: { id: string; values: { front: string; back: string } }[] = [];
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
            previous.push({ id: old.id, values: { front: old.front, back: old.back } });
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
          const wrote = addedIds.length > 0 || previous.length > 0 || !found;
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
              previous,
              imageIds: imageRows.filter((r) => all.includes(r.storageUrl)).map((r) => r.id),
            });
            importId = record.id;
          }
          out.push({
            id: deck.id,
            name: deck.name,
            created: !found,
            added: addedIds.length,
            updated: previous.length,
            unchanged: d.cards.length - addedIds.length - previous.length,
            importId,
          });
        }
        if (changed || imageRows.length) await uow.topicContentChanged([t.id]);
        return { decks: out, pictures: stored.length };
      });
    } catch (err) {
      await removeFiles(stored);
      throw err;
    }
  }

  return {
    /** A job reading the uploaded package (the file is removed once read); 202 with its id. */
    async start(actor: Actor, topicId: string, upload: AnkiUpload): Promise<{ jobId: string }> {
      try {
        allow(can(actor, 'admin.area'));
        await topicFor(deps.db, actor, topicId);
        sweep();
        for (const [id, j] of jobs) if (j.ownerId === actor.id && j.state !== 'importing') jobs.delete(id);
        const reading = [...jobs.values()].filter((j) => j.state === 'reading').length;
        if (jobs.size >= ANKI_JOBS.maxJobs || reading >= ANKI_JOBS.maxReading)
          throw new AppError(429, 'ANKI_IMPORT_BUSY', M.busy);
      } catch (err) {
        await rm(upload.dir, { recursive: true, force: true }).catch(() => undefined);
        throw err;
      }
      const job: Job = {
        id: crypto.randomUUID(),
        ownerId: actor.id,
        topicId,
        fileName: upload.fileName,
        state: 'reading',
        progress: 0,
        planned: null,
        preview: null,
        result: null,
        error: null,
        expiresAt: Date.now() + ANKI_JOBS.ttlMs,
      };
      jobs.set(job.id, job);
      // An abandoned job lets go of its package when it expires, whether or not anyone calls again.
      const forget = () => {
        if (job.state === 'importing') setTimeout(forget, ANKI_JOBS.ttlMs).unref();
        else if (jobs.get(job.id) === job) jobs.delete(job.id);
      };
      setTimeout(forget, ANKI_JOBS.ttlMs).unref();
      void read(job, upload);
      return { jobId: job.id };
    },

    get(actor: Actor, jobId: string): AnkiImportJob {
      allow(can(actor, 'admin.area'));
      return view(ownJob(actor, jobId));
    },

    /** A picture of the job's package for its preview (raster images only), while the job holds it. */
    picture(actor: Actor, jobId: string, name: string): { bytes: Uint8Array; type: string } {
      allow(can(actor, 'admin.area'));
      const file = ownJob(actor, jobId).planned?.media.get(name);
      const type = file ? previewPictureType(file.bytes) : null;
      if (!file || !type) throw notFound(M.pictureNotFound, 'ANKI_PICTURE_NOT_FOUND');
      return { bytes: file.bytes, type };
    },

    /** Starts writing the previewed package; the job tells when it is done (or why it failed). */
    async import(actor: Actor, jobId: string, body: AnkiImportBody): Promise<AnkiImportJob> {
      allow(can(actor, 'admin.area'));
      const job = ownJob(actor, jobId);
      if (job.state === 'done' || job.state === 'importing')
        throw conflict(M.alreadyImported, 'ANKI_IMPORTED');
      if (job.state !== 'ready' || !job.planned) throw conflict(M.notReady, 'ANKI_NOT_READY');
      if (!job.preview?.cards) throw badRequest(M.nothingToImport, 'ANKI_EMPTY');
      const planned = job.planned;
      job.state = 'importing';
      job.expiresAt = Date.now() + ANKI_JOBS.ttlMs;
      const choice: DeckChoice =
        body.deckMode === 'one' ? { deckMode: 'one', deckName: body.deckName } : { deckMode: 'per-deck' };
      const done = write(actor, job, planned, choice).then(
        (result) => {
          job.result = result;
          job.state = 'done';
          job.planned = null;
        },
        (err: unknown) => {
          if (!(err instanceof AppError)) deps.log?.warn({ err }, 'anki import failed');
          job.state = 'failed';
          job.error = err instanceof AppError ? err.message : M.failed;
          job.planned = null;
        },
      );
      void done;
      return view(job);
    },
  };
}
