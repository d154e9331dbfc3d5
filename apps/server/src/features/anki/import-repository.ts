// Every query of the admin Anki import (issue 20): the topic the caller may write to, the decks of the
// topic by name, the cards an earlier Anki import wrote (matched by Anki note id and ordinal), the
// pictures those cards already use (a re-import reuses them), card inserts and updates with their image
// uses, recounts, image rows and the import record. Writes run inside withContentWrite only.
import { and, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP, type Actor } from '@zan/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { card, contentImport, flashcardDeck, image, module, subject, topic } from '../../db/schema/index.ts';
import { topicVisibleSql } from '../../domain/visibility-sql.ts';

export type ImportTopic = { id: string; collegeId: string; yearGroup: string; isGlobal: boolean };
export type ImportDeck = typeof flashcardDeck.$inferSelect;
export type ImportCardRow = typeof card.$inferSelect;
export type NewImportCard = {
  front: string;
  back: string;
  kind: 'basic' | 'cloze';
  noteId: string | null;
  ord: number | null;
  ankiNoteId: string;
  ankiOrd: number;
};
type Scope = { collegeId: string; yearGroup: string };
type ImageValues = typeof image.$inferInsert;

const BATCH = 250;
const anyOf = (ids: readonly string[]) => sql`any(${sql.param([...ids])}::text[])`;
const inScope = (s: Scope) =>
  sql`${image.collegeId} = ${s.collegeId} and (${image.yearGroup} = ${s.yearGroup} or ${image.yearGroup} = ${GLOBAL_YEAR_GROUP})`;

export const ankiImportRepository = {
  /** The topic when the caller may see it (its module's global flag counts as global). */
  async topic(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<ImportTopic | undefined> {
    const q = db
      .select({ ...getTableColumns(topic) })
      .from(topic)
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(eq(topic.id, id), topicVisibleSql(actor)));
    const [row] = lock ? await q.for('update', { of: topic }) : await q;
    return row && { id: row.id, collegeId: row.collegeId, yearGroup: row.yearGroup, isGlobal: row.isGlobal };
  },

  async deckByName(db: DbOrTx, topicId: string, name: string, lock = false): Promise<ImportDeck | undefined> {
    const q = db
      .select()
      .from(flashcardDeck)
      .where(and(eq(flashcardDeck.topicId, topicId), sql`lower(${flashcardDeck.name}) = lower(${name})`));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insertDeck(
    tx: Tx,
    v: { name: string; topicId: string; createdBy: string } & Scope,
  ): Promise<ImportDeck> {
    const [row] = await tx.insert(flashcardDeck).values(v).returning();
    return row!;
  },

  /** The deck's cards that came from Anki (their note id and ordinal set). */
  ankiCards: (tx: Tx, deckId: string): Promise<ImportCardRow[]> =>
    tx
      .select()
      .from(card)
      .where(and(eq(card.deckId, deckId), isNotNull(card.ankiNoteId)))
      .for('update'),

  /** Pictures (file name → URL) that Anki-imported cards of these decks already use. */
  async picturesOfDecks(db: DbOrTx, deckIds: readonly string[]): Promise<Map<string, string>> {
    if (!deckIds.length) return new Map();
    const rows = await db
      .select({ fileName: image.fileName, url: image.storageUrl })
      .from(image)
      .innerJoin(card, sql`${card.id} = any(${image.usedIn})`)
      .where(and(sql`${card.deckId} = ${anyOf(deckIds)}`, isNotNull(card.ankiNoteId)));
    return new Map(rows.map((r) => [r.fileName, r.url]));
  },

  /** The cards, their ids in order; created_at one millisecond apart, in the package's order. */
  async insertCards(tx: Tx, deck: ImportDeck, items: readonly NewImportCard[], now: Date): Promise<string[]> {
    const ids = items.map(() => crypto.randomUUID());
    const at = now.getTime();
    for (let start = 0; start < items.length; start += BATCH)
      await tx.insert(card).values(
        items.slice(start, start + BATCH).map((c, k) => ({
          ...c,
          id: ids[start + k]!,
          deckId: deck.id,
          collegeId: deck.collegeId,
          yearGroup: deck.yearGroup,
          createdAt: new Date(at + start + k),
          updatedAt: now,
        })),
      );
    return ids;
  },

  async updateCard(tx: Tx, id: string, v: NewImportCard): Promise<void> {
    await tx
      .update(card)
      .set({ front: v.front, back: v.back, kind: v.kind, ord: v.ord, updatedAt: new Date() })
      .where(eq(card.id, id));
  },

  /** image.used_in follows the card's HTML: images of its scope linked by an src gain it, others lose it. */
  async syncImageUses(tx: Tx, content: Scope & { id: string }, html: string): Promise<void> {
    const urls = [...html.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1]!);
    const list = sql`${sql.param(urls)}::text[]`;
    const linked = sql`(${image.storageUrl} = any(${list}) or ${image.webpUrl} = any(${list})) and ${inScope(content)}`;
    await tx
      .update(image)
      .set({ usedIn: sql`array_remove(${image.usedIn}, ${content.id})` })
      .where(sql`${content.id} = any(${image.usedIn}) and not ${linked}`);
    if (urls.length)
      await tx
        .update(image)
        .set({ usedIn: sql`array_append(${image.usedIn}, ${content.id})` })
        .where(sql`${linked} and not ${content.id} = any(${image.usedIn})`);
  },

  /**
   * New cards (in no image's used_in yet) linked to the images of their scope their HTML uses, in one
   * statement: a 30,000-note import with 2,000 pictured cards made 2,000 round trips one card at a time.
   */
  async linkNewCards(tx: Tx, scope: Scope, cards: readonly { id: string; html: string }[]): Promise<void> {
    const pairs = cards.flatMap((c) => [...c.html.matchAll(/\ssrc="([^"]+)"/g)].map((m) => [m[1]!, c.id]));
    if (!pairs.length) return;
    await tx.execute(sql`
      with u as (
        select * from unnest(${sql.param(pairs.map((p) => p[0]))}::text[], ${sql.param(pairs.map((p) => p[1]))}::text[])
          as u(url, card_id)
      ), m as (
        select ${image.id} as image_id, array_agg(distinct u.card_id) as ids
        from ${image} join u on (${image.storageUrl} = u.url or ${image.webpUrl} = u.url)
        where ${inScope(scope)}
        group by ${image.id}
      )
      update ${image} set used_in = ${image.usedIn} || m.ids from m where ${image.id} = m.image_id`);
  },

  async recountDeck(tx: Tx, deckId: string): Promise<number> {
    const [row] = await tx
      .update(flashcardDeck)
      .set({
        cardCount: sql`(select count(*)::int from card where deck_id = ${deckId})`,
        updatedAt: new Date(),
      })
      .where(eq(flashcardDeck.id, deckId))
      .returning({ n: flashcardDeck.cardCount });
    return row?.n ?? 0;
  },

  async insertImage(tx: Tx, v: ImageValues) {
    const [row] = await tx.insert(image).values(v).returning();
    return row!;
  },

  async insertRecord(tx: Tx, v: typeof contentImport.$inferInsert): Promise<string> {
    const [row] = await tx.insert(contentImport).values(v).returning({ id: contentImport.id });
    return row!.id;
  },
};
