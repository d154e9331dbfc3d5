// 'Export .apkg' of a deck (issue 20): the deck's cards as Anki notes (export-model.ts) with the
// pictures they show read from the file storage, written as a Legacy 2 package. Who may: an admin who
// may open the deck in the deck editor (admin.area and the topic in their scope, as GET /api/admin/decks/:id).
// A student's own progress on a deck (progress-export.ts): anyone verified who can see the deck's topic.
// Both are written in a worker thread (export-package-worker.ts, issue 38); the event loop only reads.
import { can, MSG, type Actor } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { allow } from '../../domain/access.ts';
import { AppError, notFound } from '../../errors.ts';
import { OffThreadFailure, runOffThread } from '../../platform/off-thread.ts';
import type { StorageDriver } from '../../platform/storage.ts';
import type { ExportPackageInput } from './export-package-worker.ts';
import { imageSrcs, mediaNames, packageFileName, type ExportCardRow } from './export-model.ts';
import { exportRepository as repo } from './export-repository.ts';

export type AnkiDownload = { readonly fileName: string; readonly bytes: Uint8Array };

export type ExportDeps = { readonly db: Database; readonly storage: StorageDriver };

const deckNotFound = () => notFound(MSG.deckNotFound, 'DECK_NOT_FOUND');

/** The pictures of the cards that this storage holds: media names by src, and their bytes. */
export async function cardMedia(
  storage: StorageDriver,
  cards: readonly ExportCardRow[],
): Promise<{ media: Map<string, string>; mediaBytes: Map<string, Uint8Array> }> {
  const srcs = [...new Set(cards.flatMap((c) => [...imageSrcs(c.front), ...imageSrcs(c.back)]))];
  const mediaBytes = new Map<string, Uint8Array>();
  for (const src of srcs) {
    const key = storage.keyForUrl(src);
    const file = key === null ? null : await storage.get(key);
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
    // Its own memory (never a slice of Node's shared pool): it is moved to the writer's thread.
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    mediaBytes.set(src, bytes);
  }
  // Only what the package holds is renamed; a src the storage lacks stays as it was.
  return { media: mediaNames(srcs.filter((s) => mediaBytes.has(s))), mediaBytes };
}

/**
 * The package written in the off-thread pool (a full pool: its 429 SERVER_BUSY goes through); the media
 * bytes are moved there, not copied. A package past the task's time or memory bound is refused (413).
 */
async function writeOffThread(input: ExportPackageInput): Promise<Uint8Array> {
  try {
    return await runOffThread<never, Uint8Array>(
      { from: import.meta.url, name: 'export-package-worker' },
      input,
      {
        transfer: [...input.mediaBytes.values()].map((b) => b.buffer).filter((b) => b instanceof ArrayBuffer),
        onChunk: () => undefined,
      },
    );
  } catch (err) {
    if (err instanceof OffThreadFailure) throw new AppError(413, 'EXPORT_LIMIT', MSG.exportTooLarge);
    throw err;
  }
}

export function ankiExportService(deps: ExportDeps, clock: () => number = Date.now) {
  /** A deck's package, with the caller's progress when given: its pictures read, written off the loop. */
  async function packageOf(
    deck: { id: string; name: string },
    cards: Parameters<typeof cardMedia>[1],
    progress?: Parameters<typeof writeOffThread>[0]['progress'],
  ): Promise<Uint8Array> {
    const media = await cardMedia(deps.storage, cards);
    return writeOffThread({
      deck: { id: deck.id, name: deck.name },
      cards,
      ...media,
      now: clock(),
      ...(progress ? { progress } : {}),
    });
  }
  return {
    async deckPackage(actor: Actor, deckId: string): Promise<AnkiDownload> {
      allow(can(actor, 'admin.area'));
      const deck = await repo.visibleDeck(deps.db, actor, deckId);
      if (!deck) throw deckNotFound();
      const bytes = await packageOf(deck, await repo.cards(deps.db, deck.id));
      return { fileName: packageFileName(deck.name), bytes };
    },

    /**
     * The caller's own progress on a deck they can see, as a package with scheduling and review log
     * (what the server holds: progress still waiting on a device is not in it until it syncs).
     */
    async progressPackage(actor: Actor, deckId: string): Promise<AnkiDownload> {
      const deck = await repo.visibleDeck(deps.db, actor, deckId);
      if (!deck) throw deckNotFound();
      const [cards, records, reviewPages] = await Promise.all([
        repo.cards(deps.db, deck.id),
        repo.progress(deps.db, actor.id, deck.id),
        repo.reviewPages(deps.db, actor.id, deck.id),
      ]);
      const bytes = await packageOf(deck, cards, { records, reviewPages });
      return { fileName: packageFileName(`${deck.name} (my progress)`), bytes };
    },
  };
}
