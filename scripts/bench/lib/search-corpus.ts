// The search benchmark's content (issue 22): 50,000 cards, 10,000 questions and 500 lecture pages as
// core DTOs, from a seeded vocabulary of ~20,000 made-up words with a skewed (Zipf-like) frequency, plus
// real phrases planted in a few items ('nephrotic syndrome', 'néphrotique') so queries have known hits.
import type { CardDto, HtmlContentDto, QuestionDto } from '@zan/core';
import { createRng, type Rng } from './rng.ts';

export const SEARCH_SIZES = { cards: 50_000, questions: 10_000, pages: 500, topics: 50 } as const;

const SYLLABLES =
  'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo fu ga ge gi go gu la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu tra tre tri pro pre phro neph hyp oste card pulm gastr hepat ren derm'.split(
    ' ',
  );

function vocabulary(rng: Rng, size = 20_000): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = rng.int(2, 5);
    let w = '';
    for (let i = 0; i < n; i++) w += rng.pick(SYLLABLES);
    words.add(w);
  }
  return [...words];
}

const stamps = { collegeId: 'c', yearGroup: 'Y1', createdAt: 0, updatedAt: 0 };

export type SearchCorpus = {
  vocab: string[];
  cards: { topicId: string; card: CardDto }[];
  questions: { topicId: string; question: QuestionDto }[];
  pages: HtmlContentDto[];
};

export function generateSearchCorpus(seed = 22): SearchCorpus {
  const rng = createRng(seed);
  const vocab = vocabulary(rng);
  // Skewed: a few words are everywhere, most are rare.
  const word = () => vocab[Math.floor(vocab.length * rng.next() ** 3)] as string;
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const topicOf = (i: number, of: number) => `topic-${Math.floor((i * SEARCH_SIZES.topics) / of)}`;
  const planted = (i: number) =>
    i % 997 === 0 ? ' nephrotic syndrome' : i % 1499 === 0 ? ' syndrome néphrotique' : '';
  const cards = Array.from({ length: SEARCH_SIZES.cards }, (_, i) => ({
    topicId: topicOf(i, SEARCH_SIZES.cards),
    card: {
      id: `card-${i}`,
      front: `<p>${words(rng.int(6, 16))}${planted(i)}?</p>`,
      back: `<p>${words(rng.int(10, 30))} <span class="recall">${words(4)}</span></p>`,
      deckId: `deck-${Math.floor(i / 1000)}`,
      ...stamps,
    },
  }));
  const questions = Array.from({ length: SEARCH_SIZES.questions }, (_, i) => ({
    topicId: topicOf(i, SEARCH_SIZES.questions),
    question: {
      id: `question-${i}`,
      question: `<p>A ${rng.int(18, 80)}-year-old ${words(rng.int(20, 40))}${planted(i + 1)}.</p>`,
      option1: words(3),
      option2: words(3),
      option3: words(3),
      option4: words(2),
      option5: words(2),
      correctOption: rng.int(1, 5),
      explanation: `<p>${words(rng.int(20, 50))}</p>`,
      quizId: `quiz-${Math.floor(i / 200)}`,
      ...stamps,
    },
  }));
  const pages = Array.from({ length: SEARCH_SIZES.pages }, (_, i) => {
    let html = `<p>${words(60)}</p>`;
    for (let h = 0; h < 8; h++)
      html += `<h2>${words(3)}${h === 0 ? planted(i + 2) : ''}</h2><p>${words(70)} <strong>${words(5)}</strong></p><ul><li>${words(12)}</li><li>${words(12)}</li></ul><p class="recall">${words(20)}</p>`;
    return {
      id: `page-${i}`,
      title: words(4),
      htmlBody: html,
      topicId: topicOf(i, SEARCH_SIZES.pages),
      ...stamps,
    };
  });
  return { vocab, cards, questions, pages };
}

/** The benchmark's queries: common and rare words, prefixes, typos, two words, accents. */
export function searchQueries(vocab: readonly string[]): string[] {
  const long = vocab.filter((w) => w.length >= 8);
  const typo = (w: string) => w.slice(0, 3) + w[4] + w[3] + w.slice(5);
  return [
    'nephrotic syndrome',
    'NEPHROTIQUE',
    'néphro',
    'syndr',
    vocab[0] as string,
    vocab[5] as string,
    vocab[5000] as string,
    vocab[19_000] as string,
    (vocab[100] as string).slice(0, 3),
    (vocab[2000] as string).slice(0, 4),
    typo(long[10] as string),
    typo(long[500] as string),
    `${vocab[3]} ${vocab[40]}`,
    `${vocab[1]} ${(vocab[900] as string).slice(0, 4)}`,
    'nephrotc syndrom',
  ];
}
