import { describe, expect, it } from 'vitest';
import { impactText } from './impact.ts';

const none = {
  modules: 0,
  subjects: 0,
  topics: 0,
  decks: 0,
  cards: 0,
  quizzes: 0,
  questions: 0,
  pages: 0,
  images: 0,
};

describe('impactText', () => {
  it('names every kind that goes, with singulars and plurals', () => {
    expect(
      impactText({
        ...none,
        modules: 1,
        subjects: 2,
        topics: 1,
        decks: 1,
        cards: 1,
        quizzes: 2,
        questions: 30,
        pages: 1,
        images: 3,
      }),
    ).toBe(
      '1 module, 2 subjects, 1 topic, 1 flashcard deck (1 card), 2 MCQ quizzes (30 questions), 1 HTML page, 3 images',
    );
    expect(impactText(none)).toBe('nothing else');
  });
});
