// New Deck / New Quiz bodies (issue 22): the name is trimmed, a blank one answers the bulk import's
// spec message, and nothing but the name is accepted.
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { deckCreateBodySchema, quizCreateBodySchema } from './admin-resources.ts';

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
