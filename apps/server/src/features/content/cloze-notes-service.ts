// Cloze notes in the deck editor (issue 20): one text with `{{cN::…}}` deletions and a Back Extra make
// one card per distinct number. Saving a note keeps the cards of the numbers still there (same ids, so
// every student's progress stays), deletes those of removed numbers and adds new ones, cardCount
// recounted, in one unit of work. Permission: can(actor, 'resource.edit', topic), as for cards.
import {
  can,
  CLOZE_NOTE_MAX_CARDS,
  clozeOrdinals,
  MSG,
  type Actor,
  type ClozeNoteBody,
  type ClozeNoteResponse,
  type ItemDeletedResponse,
} from '@zan/core';
import type { Tx } from '../../db/client.ts';
import { cardDto } from '../../domain/content-dto.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { withContentWrite, type ContentUow } from '../../domain/content-write.ts';
import { imageUsesRepository as imageUses } from '../../domain/image-uses-repository.ts';
import { setsRepository as sets } from '../../domain/sets-repository.ts';
import { badRequest, notFound } from '../../errors.ts';
import { cleanFaces } from './clean-html.ts';
import { clozeNotesRepository as notes, type ClozeFaces } from './cloze-notes-repository.ts';
import type { ContentDeps } from './deps.ts';
import type { CardRow, DeckRow } from './resources-repository.ts';

const noteNotFound = () => notFound(MSG.clozeNoteNotFound, 'NOTE_NOT_FOUND');

/** The note as stored: the text and Back Extra sanitised like card faces, and its numbers from the
 *  sanitised text (a deletion the sanitiser dropped makes no card). */
async function cleanNote(body: ClozeNoteBody): Promise<{ faces: ClozeFaces; ords: number[] }> {
  const { front, back } = await cleanFaces(body.text, body.backExtra);
  const ords = front.blank ? [] : clozeOrdinals(front.html);
  if (!ords.length) throw badRequest(MSG.clozeTextRequired, 'VALIDATION');
  if (ords.length > CLOZE_NOTE_MAX_CARDS)
    throw badRequest(MSG.clozeTooManyDeletions(CLOZE_NOTE_MAX_CARDS), 'VALIDATION');
  return { faces: { front: front.html, back: back.blank ? '' : back.html }, ords };
}

export function clozeNotesService(deps: ContentDeps) {
  /** The note's deck, locked, when the caller may edit its topic's resources (404 NOTE_NOT_FOUND, or
   *  403); its cards read again under that lock (edits of one deck run one at a time). */
  const lockedNote = async (tx: Tx, actor: Actor, noteId: string) => {
    const { deck } = await requireAccess(actor, 'resource.edit', { note: noteId }, { db: tx, lock: true });
    const cards = await notes.noteCards(tx, noteId);
    if (!cards.length) throw noteNotFound();
    return { deck, cards };
  };
  /** Image uses follow each card's faces; the deck recounted; students get it at their next sync. */
  const finish = async (
    uow: ContentUow,
    deck: DeckRow,
    noteId: string,
    rows: CardRow[],
    removed: string[],
  ): Promise<ClozeNoteResponse> => {
    for (const row of rows) await imageUses.sync(uow.tx, row, row.front + row.back);
    await imageUses.drop(uow.tx, removed);
    const cardCount = await sets.recountDeck(uow.tx, deck.id);
    await uow.topicContentChanged([deck.topicId]);
    const cards = [...rows].sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0)).map(cardDto);
    return { noteId, cards, removedCardIds: removed, cardCount };
  };

  return {
    async addNote(actor: Actor, deckId: string, body: ClozeNoteBody): Promise<ClozeNoteResponse> {
      allow(can(actor, 'admin.area'));
      const { faces, ords } = await cleanNote(body);
      return withContentWrite(deps, async (uow) => {
        const { deck } = await requireAccess(
          actor,
          'resource.edit',
          { deck: deckId },
          { db: uow.tx, lock: true },
        );
        const noteId = crypto.randomUUID();
        const rows = await notes.insertCards(uow.tx, deck, noteId, ords, faces, new Date());
        return finish(uow, deck, noteId, rows, []);
      });
    },

    async updateNote(actor: Actor, noteId: string, body: ClozeNoteBody): Promise<ClozeNoteResponse> {
      allow(can(actor, 'admin.area'));
      const { faces, ords } = await cleanNote(body);
      return withContentWrite(deps, async (uow) => {
        const { deck, cards } = await lockedNote(uow.tx, actor, noteId);
        const wanted = new Set(ords);
        const have = new Set(cards.map((c) => c.ord));
        const kept = cards.filter((c) => c.ord !== null && wanted.has(c.ord));
        const removed = cards.filter((c) => !kept.includes(c)).map((c) => c.id);
        await notes.deleteCards(uow.tx, removed);
        const updated = await notes.updateCards(
          uow.tx,
          kept.map((c) => c.id),
          faces,
        );
        const fresh = ords.filter((o) => !have.has(o));
        const added = await notes.insertCards(uow.tx, deck, noteId, fresh, faces, new Date());
        return finish(uow, deck, noteId, [...updated, ...added], removed);
      });
    },

    /** The note's every card (tombstoned as any card delete); count is the deck's cards left. */
    async deleteNote(actor: Actor, noteId: string): Promise<ItemDeletedResponse> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const { deck, cards } = await lockedNote(uow.tx, actor, noteId);
        const ids = cards.map((c) => c.id);
        await notes.deleteCards(uow.tx, ids);
        await imageUses.drop(uow.tx, ids);
        const count = await sets.recountDeck(uow.tx, deck.id);
        await uow.topicContentChanged([deck.topicId]);
        return { ok: true as const, count };
      });
    },
  };
}

export type ClozeNotesService = ReturnType<typeof clozeNotesService>;
