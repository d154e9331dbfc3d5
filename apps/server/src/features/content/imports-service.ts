// 'Undo import' (issue 21; ARCHITECTURE §12 "imports are … undoable"): while nothing a bulk import added
// or changed has been edited since and its deck or quiz still exists, undo removes what it added (as a
// permanent delete does: tombstones by the delete trigger, image uses dropped), puts back the previous
// values of what it changed (same ids: progress stays), deletes the images it stored that nothing uses
// any more (files after the commit) and the set it created when that is left empty — one transaction
// through withContentWrite. Permission: can(actor, 'resource.edit', topic); other colleges get a 404.
import { can, MSG, plainTextLabel, type Actor, type ImportUndoResponse } from '@zan/core';
import { withContentWrite } from '../../domain/content-write.ts';
import { imageUsesRepository as imageUses } from '../../domain/image-uses-repository.ts';
import { setsRepository as sets, type QuestionValues } from '../../domain/sets-repository.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { conflict } from '../../errors.ts';
import type { ContentDeps } from './deps.ts';
import { removeImagesLeftUnused } from './image-removal.ts';
import { importsRepository as repo, type ImportPrevious, type ImportRow } from './imports-repository.ts';
import { resourcesRepository as resources } from './resources-repository.ts';
import { questionHtml } from './resources-service.ts';

/** A card's or question's previous values, as the record keeps them. */
const asCard = (p: ImportPrevious) => ({ front: String(p.values.front), back: String(p.values.back) });
const asQuestion = (p: ImportPrevious): QuestionValues => {
  const v = p.values;
  const opt = (x: unknown) => (typeof x === 'string' ? x : null);
  return {
    question: String(v.question),
    option1: String(v.option1),
    option2: String(v.option2),
    option3: opt(v.option3),
    option4: opt(v.option4),
    option5: opt(v.option5),
    correctOption: Number(v.correctOption),
    explanation: opt(v.explanation),
  };
};

export function importsService(deps: ContentDeps) {
  /** The set's items of the record, refused (409) when any is gone or was written since. */
  async function checkUntouched(tx: Parameters<typeof repo.items>[0], r: ImportRow) {
    const ids = [...r.addedIds, ...r.previous.map((p) => p.id)];
    const found = await repo.items(tx, r.setKind, r.setId, ids);
    const intact = new Set(found.filter((f) => f.rowVersion === r.contentVersion).map((f) => f.id));
    const touched = ids.filter((id) => !intact.has(id));
    if (!touched.length) return;
    const edited = found.find((f) => !intact.has(f.id));
    const first = edited ? `"${plainTextLabel(edited.label, 50)}"` : null;
    throw conflict(
      MSG.importEditedSince(touched.length, r.setKind === 'deck' ? 'card' : 'question', first),
      'IMPORT_EDITED',
    );
  }

  return {
    async undo(actor: Actor, importId: string): Promise<ImportUndoResponse> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const { tx } = uow;
        // The record and its topic locked (a bulk import into the topic locks it too).
        const { record: r } = await requireAccess(
          actor,
          'resource.edit',
          { import: importId },
          { db: tx, lock: true },
        );
        if (r.undoneAt) throw conflict(MSG.importAlreadyUndone, 'IMPORT_UNDONE');
        const deck = r.setKind === 'deck';
        const set = deck
          ? await resources.deck(tx, r.setId, { lock: true })
          : await resources.quiz(tx, r.setId, { lock: true });
        if (!set) throw conflict(MSG.importSetGone(r.setKind), 'IMPORT_SET_GONE');
        await checkUntouched(tx, r);

        const removed = await repo.deleteItems(tx, r.setKind, r.addedIds);
        await imageUses.drop(tx, r.addedIds);
        for (const p of r.previous) {
          const scoped = { id: p.id, collegeId: set.collegeId, yearGroup: set.yearGroup };
          if (deck) {
            const v = asCard(p);
            await sets.updateCard(tx, p.id, v);
            await imageUses.sync(tx, scoped, v.front + v.back);
          } else {
            const v = asQuestion(p);
            await sets.updateQuestion(tx, p.id, v);
            await imageUses.sync(tx, scoped, questionHtml(v));
          }
        }
        const imagesRemoved = await removeImagesLeftUnused(
          deps,
          uow,
          actor,
          await repo.unusedImages(tx, r.imageIds),
        );
        const count = deck ? await sets.recountDeck(tx, set.id) : await sets.recountQuiz(tx, set.id);
        const setDeleted = r.setCreated && count === 0;
        if (setDeleted) await (deck ? resources.deleteDeck(tx, set.id) : resources.deleteQuiz(tx, set.id));
        await uow.topicContentChanged([set.topicId]);
        await repo.markUndone(tx, r.id, actor.id);
        return {
          ok: true as const,
          removed,
          restored: r.previous.length,
          imagesRemoved,
          setDeleted,
        };
      });
    },
  };
}

export type ImportsService = ReturnType<typeof importsService>;
