// 'Export .apkg' of a deck (issue 20): the deck's cards as Anki notes (export-model.ts) with the
// pictures they show read from the file storage, written as a Legacy 2 package. Who may: an admin who
// may open the deck in the deck editor (admin.area and the topic in their scope, as GET /api/admin/decks/:id).
// A student's own progress on a deck (progress-export.ts): anyone verified who can see the deck's topic.
import { can, MSG, type Actor } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { allow } from '../../domain/access.ts';
import { notFound } from '../../errors.ts';
import type { StorageDriver } from '../../platform/storage.ts';
import {
  ankiCardId,
  deckExportModel,
  imageSrcs,
  mediaNames,
  packageFileName,
  type ExportCardRow,
} from './export-model.ts';
import { exportRepository as repo } from './export-repository.ts';
import type { AnkiScheduling } from './model.ts';
import { ankiRevlog, ankiScheduling, collectionCreated } from './progress-export.ts';
import { writeAnkiPackage } from './write-package.ts';

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
    mediaBytes.set(src, new Uint8Array(Buffer.concat(chunks)));
  }
  // Only what the package holds is renamed; a src the storage lacks stays as it was.
  return { media: mediaNames(srcs.filter((s) => mediaBytes.has(s))), mediaBytes };
}

export function ankiExportService(deps: ExportDeps, clock: () => number = Date.now) {
  return {
    async deckPackage(actor: Actor, deckId: string): Promise<AnkiDownload> {
      allow(can(actor, 'admin.area'));
      const deck = await repo.visibleDeck(deps.db, actor, deckId);
      if (!deck) throw deckNotFound();
      const cards = await repo.cards(deps.db, deck.id);
      const model = deckExportModel({ deck, cards, ...(await cardMedia(deps.storage, cards)), now: clock() });
      return { fileName: packageFileName(deck.name), bytes: await writeAnkiPackage(model) };
    },

    /**
     * The caller's own progress on a deck they can see, as a package with scheduling and review log
     * (what the server holds: progress still waiting on a device is not in it until it syncs).
     */
    async progressPackage(actor: Actor, deckId: string): Promise<AnkiDownload> {
      const deck = await repo.visibleDeck(deps.db, actor, deckId);
      if (!deck) throw deckNotFound();
      const [cards, records, reviews] = await Promise.all([
        repo.cards(deps.db, deck.id),
        repo.progress(deps.db, actor.id, deck.id),
        repo.reviews(deps.db, actor.id, deck.id),
      ]);
      const now = clock();
      const createdSecs = collectionCreated(records, now);
      const scheduling = new Map<string, AnkiScheduling>();
      for (const r of records) {
        const s = ankiScheduling(r, createdSecs);
        if (s) scheduling.set(r.cardId, s);
      }
      const model = deckExportModel({
        deck,
        cards,
        ...(await cardMedia(deps.storage, cards)),
        now,
        scheduling,
        revlog: ankiRevlog(reviews, ankiCardId),
      });
      return {
        fileName: packageFileName(`${deck.name} (my progress)`),
        bytes: await writeAnkiPackage({ ...model, createdSecs }),
      };
    },
  };
}

export type AnkiExportService = ReturnType<typeof ankiExportService>;
