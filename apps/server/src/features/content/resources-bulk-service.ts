// Bulk import writes (SPEC §2 bulk import modal, §5 Bulk import, §7 "bulk create writes the deck or
// quiz and its children in one batch"): the deck or quiz of that name in the topic (created when
// missing), the rows to add and the duplicates to update (same ids: progress stays), the count, and
// the topic's contentVersion — one transaction through withContentWrite, all or nothing. Issue 21: the
// pictures the rows carry (`files`) become images of the topic's scope (domain/import-images.ts; their
// files removed again when the import fails), and the import is recorded (content_import,
// domain/import-records-repository.ts) so it can be undone (imports-service.ts). New Deck / New Quiz (issue 22) share the name rule: an
// empty set whose name no set of the topic has.
import {
  can,
  MSG,
  type Actor,
  type BulkCardsBody,
  type BulkImportResponse,
  type BulkQuestionsBody,
  type DeckCreateBody,
  type DeckCreatedResponse,
  type QuizCreateBody,
  type QuizCreatedResponse,
} from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { deckDto, quizDto } from '../../domain/content-dto.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { ContentDeps } from './deps.ts';
import {
  decodeEmbedded,
  embeddedNames,
  removeEmbeddedFiles,
  rewriteEmbedded,
  storeEmbedded,
  type StoredFile,
} from '../../domain/import-images.ts';
import { importRecordsRepository as records } from '../../domain/import-records-repository.ts';
import type { ImportPrevious } from './imports-repository.ts';
import { cards, questions, type BulkKind } from './bulk-kinds.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { targetOf } from './dto.ts';
import { readRepository as read } from './read-repository.ts';

export function resourcesBulkService(deps: ContentDeps) {
  const topicFor = (tx: DbOrTx, actor: Actor, topicId: string, opts = { lock: true }) =>
    requireAccess(actor, 'resource.edit', {
      load: () => read.topic(tx, actor, topicId, opts),
      notFound: () => notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND'),
      target: targetOf,
    });
  const updatesOf = <T>(ids: ReadonlySet<string>, update: readonly { id: string; item: T }[]) => {
    for (const u of update)
      if (!ids.has(u.id)) throw badRequest('An item to update is not in this set.', 'VALIDATION');
    return update;
  };

  /**
   * The pictures the items refer to, checked and stored (nothing stored when one is refused), after the
   * caller's right to import into the topic is checked; none when no item refers to one.
   */
  async function storePictures(
    actor: Actor,
    topicId: string,
    names: ReadonlySet<string>,
    files: BulkCardsBody['files'],
  ): Promise<StoredFile[]> {
    if (!names.size) return [];
    await topicFor(deps.db, actor, topicId, { lock: false });
    const decoded = decodeEmbedded(files, names);
    if (!deps.storage) throw new Error('an import with pictures needs file storage');
    return storeEmbedded(deps.storage, actor.id, decoded);
  }

  /**
   * The set of that name in the topic (created when missing), its rows added and updated, recounted, the
   * pictures stored as images of the topic's scope, and the import recorded.
   */
  async function importInto<Item, Values, Set extends { id: string }>(
    kind: BulkKind<Item, Values, Set>,
    actor: Actor,
    topicId: string,
    body: {
      name: string;
      add: readonly Item[];
      update: readonly { id: string; item: Item }[];
      source?: BulkCardsBody['source'];
      files?: BulkCardsBody['files'];
    },
  ): Promise<BulkImportResponse> {
    allow(can(actor, 'admin.area'));
    const raw = [...body.add, ...body.update.map((u) => u.item)];
    const names = embeddedNames(raw.flatMap((i) => kind.fields(i)));
    const stored = await storePictures(actor, topicId, names, body.files);
    try {
      const urls = new Map(stored.map((f) => [f.name, f.stored.storageUrl]));
      const items = names.size ? raw.map((i) => kind.mapFields(i, (h) => rewriteEmbedded(h, urls))) : raw;
      const values = await kind.clean(body, items);
      const add = values.slice(0, body.add.length);
      const update = body.update.map((u, i) => ({ id: u.id, item: values[body.add.length + i]! }));
      return await withContentWrite(deps, async (uow) => {
        const t = await topicFor(uow.tx, actor, topicId);
        const found = await kind.setByName(uow.tx, t.id, body.name);
        const set =
          found ??
          (await kind.insertSet(uow.tx, {
            name: body.name,
            topicId: t.id,
            createdBy: actor.id,
            collegeId: t.collegeId,
            yearGroup: t.yearGroup,
          }));
        // The image rows first: the items' image uses link them by URL.
        const imageRows = await records.insertPictures(
          uow.tx,
          { uploadedBy: actor.id, collegeId: t.collegeId, yearGroup: t.yearGroup },
          stored,
        );
        uow.imagesChanged(imageRows);
        const previous: ImportPrevious[] = [];
        if (update.length) {
          const current = new Map((await kind.items(uow.tx, set.id)).map((i) => [i.id, i]));
          for (const u of updatesOf(new Set(current.keys()), update)) {
            previous.push({ id: u.id, values: kind.valuesOf(current.get(u.id)!) });
            await kind.update(uow.tx, set, u.id, u.item);
          }
        }
        const addedIds = await kind.insert(uow.tx, set, add, new Date());
        const count = await kind.recount(uow.tx, set.id);
        await uow.topicContentChanged([t.id]);
        const record = await records.insert(uow.tx, {
          topicId: t.id,
          setKind: kind.setKind,
          setId: set.id,
          setCreated: !found,
          source: body.source ?? 'csv',
          createdBy: actor.id,
          contentVersion: uow.version,
          addedIds,
          previous,
          imageIds: imageRows.map((r) => r.id),
        });
        return {
          id: set.id,
          importId: record.id,
          created: !found,
          added: add.length,
          updated: update.length,
          count,
        };
      });
    } catch (err) {
      // Nothing was written: the pictures' files go too (as an upload whose row fails).
      if (stored.length && deps.storage) await removeEmbeddedFiles(deps.storage, stored);
      throw err;
    }
  }

  /** An empty set named `name` in the topic; 409 when the topic has one of that name (any case). */
  async function createSet<Item, Values, Set extends { id: string }>(
    kind: BulkKind<Item, Values, Set>,
    word: 'deck' | 'quiz',
    actor: Actor,
    topicId: string,
    name: string,
  ): Promise<Set> {
    allow(can(actor, 'admin.area'));
    return withContentWrite(deps, async (uow) => {
      const t = await topicFor(uow.tx, actor, topicId);
      if (await kind.setByName(uow.tx, t.id, name)) throw conflict(MSG.setNameTaken(word), 'NAME_TAKEN');
      const set = await kind.insertSet(uow.tx, {
        name,
        topicId: t.id,
        createdBy: actor.id,
        collegeId: t.collegeId,
        yearGroup: t.yearGroup,
      });
      await uow.topicContentChanged([t.id]);
      return set;
    });
  }

  return {
    createDeck: async (
      actor: Actor,
      topicId: string,
      body: DeckCreateBody,
    ): Promise<DeckCreatedResponse> => ({
      deck: deckDto(await createSet(cards, 'deck', actor, topicId, body.name)),
    }),
    createQuiz: async (
      actor: Actor,
      topicId: string,
      body: QuizCreateBody,
    ): Promise<QuizCreatedResponse> => ({
      quiz: quizDto(await createSet(questions, 'quiz', actor, topicId, body.name)),
    }),
    importCards: (actor: Actor, topicId: string, body: BulkCardsBody) =>
      importInto(cards, actor, topicId, body),
    importQuestions: (actor: Actor, topicId: string, body: BulkQuestionsBody) =>
      importInto(questions, actor, topicId, body),
  };
}

export type ResourcesBulkService = ReturnType<typeof resourcesBulkService>;
