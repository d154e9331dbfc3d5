// New Deck / New Quiz bodies (issue 22): the name is trimmed, a blank one answers the bulk import's
// spec message, and nothing but the name is accepted. Import records (issue 21) below.
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  bulkImportResponseSchema,
  deckCreateBodySchema,
  importSummarySchema,
  importUndoResponseSchema,
  quizCreateBodySchema,
} from './admin-resources.ts';

describe('set create bodies', () => {
  it('trims the name', () => {
    expect(deckCreateBodySchema.parse({ name: '  Renal  ' })).toEqual({ name: 'Renal' });
    expect(quizCreateBodySchema.parse({ name: 'Renal MCQs' })).toEqual({ name: 'Renal MCQs' });
  });

  it('refuses a blank name with the spec message of its kind', () => {
    const deck = deckCreateBodySchema.safeParse({ name: '   ' });
    const quiz = quizCreateBodySchema.safeParse({ name: '' });
    expect(deck.success ? null : deck.error.issues[0]?.message).toBe(MSG.importNameRequired('Flashcards'));
    expect(quiz.success ? null : quiz.error.issues[0]?.message).toBe(MSG.importNameRequired('MCQs'));
  });

  it('refuses unknown fields, NUL and overlong names', () => {
    expect(deckCreateBodySchema.safeParse({ name: 'A', topicId: 'x' }).success).toBe(false);
    expect(deckCreateBodySchema.safeParse({ name: 'A\u0000' }).success).toBe(false);
    expect(quizCreateBodySchema.safeParse({ name: 'x'.repeat(201) }).success).toBe(false);
  });
});

// Issue 21: the import record's contract — the bulk response names the import, the topic resources list
// carries each set's latest import, and undo answers what it did.
describe('import records', () => {
  const summary = {
    id: 'i1',
    kind: 'deck',
    setId: 'd1',
    setCreated: true,
    source: 'moodle-xml',
    createdAt: 1,
    added: 2,
    updated: 0,
    images: 1,
    undoneAt: null,
    undoable: true,
  };
  it('a bulk import answers its import id', () => {
    const r = { id: 'd1', created: true, added: 1, updated: 0, count: 1 };
    expect(bulkImportResponseSchema.safeParse(r).success).toBe(false);
    expect(bulkImportResponseSchema.parse({ ...r, importId: 'i1' }).importId).toBe('i1');
  });
  it('an import summary knows the formats and the kinds of set', () => {
    expect(importSummarySchema.parse(summary)).toEqual(summary);
    expect(importSummarySchema.safeParse({ ...summary, source: 'xlsx' }).success).toBe(false);
    expect(importSummarySchema.safeParse({ ...summary, kind: 'page' }).success).toBe(false);
  });
  it('undo answers counts and whether the set went', () => {
    const r = { ok: true, removed: 2, restored: 1, imagesRemoved: 0, setDeleted: false };
    expect(importUndoResponseSchema.parse(r)).toEqual(r);
    expect(importUndoResponseSchema.safeParse({ ...r, ok: false }).success).toBe(false);
  });
  it('the edited-since refusal counts and names', () => {
    expect(MSG.importEditedSince(1, 'card', '"Aorta"')).toBe(
      'This import cannot be undone: one card it added or changed was edited or deleted since ("Aorta").',
    );
    expect(MSG.importEditedSince(3, 'question', null)).toBe(
      'This import cannot be undone: 3 questions it added or changed were edited or deleted since.',
    );
  });
});
