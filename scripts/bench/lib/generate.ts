// The benchmark subject: one module, one subject, 50 topics with 10,000 cards (4 decks each),
// 2,000 MCQs (2 quizzes each) and 50 lecture pages (2–5 KB of HTML), deterministic from a seed and
// written the way content writers must write (domain/clock-repository.ts: stampContent first, rowVersion on every
// row, touchTopics for topic content) — one transaction for the tree, then one per topic.
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../../apps/server/src/db/client.ts';
import { stampContent } from '../../../apps/server/src/domain/clock-repository.ts';
import { touchTopics } from '../../../apps/server/src/domain/subtree-repository.ts';
import { insertUserWithPassword } from '../../../apps/server/src/db/seed/demo.ts';
import {
  card,
  college,
  flashcardDeck,
  htmlContent,
  mcqQuestion,
  mcqQuiz,
  module,
  subject,
  topic,
} from '../../../apps/server/src/db/schema/index.ts';
import { createRng, type Rng } from './rng.ts';

const SHAPE = {
  topics: 50,
  decksPerTopic: 4,
  cardsPerDeck: 50,
  quizzesPerTopic: 2,
  questionsPerQuiz: 20,
  pagesPerTopic: 1,
} as const;
export const EXPECTED = {
  modules: 1,
  subjects: 1,
  topics: SHAPE.topics,
  decks: SHAPE.topics * SHAPE.decksPerTopic,
  cards: SHAPE.topics * SHAPE.decksPerTopic * SHAPE.cardsPerDeck,
  quizzes: SHAPE.topics * SHAPE.quizzesPerTopic,
  questions: SHAPE.topics * SHAPE.quizzesPerTopic * SHAPE.questionsPerQuiz,
  pages: SHAPE.topics * SHAPE.pagesPerTopic,
} as const;

export const BENCH_COLLEGE = {
  id: 'bench-college',
  name: 'Benchmark Medical College',
  years: ['First Year, 2025-2026'],
};
export const BENCH_YEAR = 'First Year, 2025-2026';
export const BENCH_STUDENT = { email: 'bench-student@bench.test', password: 'bench-student-1' };

const STRUCTURES = [
  'left ventricle',
  'mitral valve',
  'renal cortex',
  'loop of Henle',
  'alveolar epithelium',
  'hepatic lobule',
  'sinoatrial node',
  'glomerulus',
  'bronchial tree',
  'adrenal medulla',
  'pancreatic islet',
  'thyroid follicle',
  'coronary sinus',
  'pulmonary artery',
  'collecting duct',
  'juxtaglomerular apparatus',
  'Purkinje fibres',
  'portal triad',
  'aortic arch',
  'diaphragm',
];
const CONCEPTS = [
  'blood supply',
  'innervation',
  'embryological origin',
  'histology',
  'main function',
  'venous drainage',
  'lymphatic drainage',
  'clinical relevance',
  'regulation',
  'response to hypoxia',
  'effect of ageing',
  'pharmacological target',
];
const TERMS = [
  'cardiac output',
  'stroke volume',
  'preload',
  'afterload',
  'glomerular filtration rate',
  'renin',
  'angiotensin II',
  'aldosterone',
  'ADH',
  'surfactant',
  'compliance',
  'tidal volume',
  'oxygen saturation',
  'bicarbonate',
  'potassium',
  'sodium reabsorption',
  'ejection fraction',
  'mean arterial pressure',
  'vascular resistance',
  'erythropoietin',
];
const VERBS = [
  'increases',
  'decreases',
  'is regulated by',
  'depends on',
  'is mediated by',
  'is inhibited by',
  'is stimulated by',
  'correlates with',
];
const FILLER = [
  'in healthy adults',
  'during exercise',
  'at rest',
  'in the supine position',
  'in chronic disease',
  'under sympathetic stimulation',
  'after a meal',
  'in the neonate',
  'at high altitude',
  'in heart failure',
];

const sentence = (r: Rng) => `The ${r.pick(TERMS)} ${r.pick(VERBS)} the ${r.pick(TERMS)} ${r.pick(FILLER)}.`;
const sentences = (r: Rng, n: number) => Array.from({ length: n }, () => sentence(r)).join(' ');

const cardFront = (r: Rng) =>
  r.next() < 0.7
    ? `<p>What is the ${r.pick(CONCEPTS)} of the <strong>${r.pick(STRUCTURES)}</strong>?</p>`
    : `<p>How does the <em>${r.pick(TERMS)}</em> change ${r.pick(FILLER)}, and why?</p>`;

function cardBack(r: Rng): string {
  const lead = `<p>${sentences(r, r.int(1, 2))}</p>`;
  if (r.next() < 0.5) return lead;
  const items = Array.from(
    { length: r.int(2, 5) },
    () => `<li>${r.pick(TERMS)}: ${r.pick(VERBS)} ${r.pick(TERMS)}</li>`,
  ).join('');
  return `${lead}<ul>${items}</ul>`;
}

function lecturePage(r: Rng, title: string): string {
  const target = r.int(2048, 5120);
  let html = `<h2>${title}</h2><p>${sentences(r, 3)}</p>`;
  for (let s = 1; html.length < target; s++) {
    html += `<h3>${s}. The ${r.pick(STRUCTURES)}</h3><p>${sentences(r, r.int(2, 4))}</p>`;
    if (r.next() < 0.5)
      html += `<ul>${Array.from({ length: r.int(3, 5) }, () => `<li>${sentence(r)}</li>`).join('')}</ul>`;
    if (r.next() < 0.3) html += `<blockquote><p><strong>Recall:</strong> ${sentence(r)}</p></blockquote>`;
  }
  return html;
}

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export type Generated = {
  studentId: string;
  moduleId: string;
  subjectId: string;
  topicIds: string[];
  version: number;
  genMs: number;
};

/** Writes the college, the verified student of its First Year and the subject. Deterministic from `seed`. */
export async function generateSubject(db: Database, seed = 20_250_901): Promise<Generated> {
  const started = performance.now();
  const r = createRng(seed);
  const base = Date.UTC(2025, 8, 1);
  let tick = 0;
  const at = () => new Date(base + tick++ * 1000);
  const scope = { collegeId: BENCH_COLLEGE.id, yearGroup: BENCH_YEAR };

  await db.insert(college).values(BENCH_COLLEGE).onConflictDoNothing();
  const student = await insertUserWithPassword(db, {
    email: BENCH_STUDENT.email,
    password: BENCH_STUDENT.password,
    role: 'user',
    firstName: 'Bench',
    lastName: 'Student',
    emailVerified: true,
    collegeId: BENCH_COLLEGE.id,
    yearGroup: BENCH_YEAR,
  });

  const moduleId = r.uuid();
  const subjectId = r.uuid();
  const topicIds = Array.from({ length: SHAPE.topics }, () => r.uuid());
  await db.transaction(async (tx) => {
    const v = await stampContent(tx);
    const stamp = { ...scope, rowVersion: v, createdAt: at(), updatedAt: at() };
    await tx.insert(module).values({
      id: moduleId,
      name: 'Cardiorespiratory and Renal Systems',
      stage: 1,
      isFree: true,
      ...stamp,
    });
    await tx.insert(subject).values({ id: subjectId, name: 'Physiology', moduleId, ...stamp });
    await tx.insert(topic).values(
      topicIds.map((id, i) => {
        const name = `${String(i + 1).padStart(2, '0')} ${r.pick(STRUCTURES)}: ${r.pick(CONCEPTS)}`;
        return {
          id,
          name,
          nameLowercase: name.toLowerCase(),
          subjectId,
          moduleId,
          ...scope,
          rowVersion: v,
          createdAt: at(),
          updatedAt: at(),
        };
      }),
    );
  });

  let version = 0;
  for (const [ti, topicId] of topicIds.entries()) {
    await db.transaction(async (tx) => {
      const v = await stampContent(tx);
      version = v;
      const stamp = () => ({ ...scope, rowVersion: v, createdAt: at(), updatedAt: at() });
      const decks = Array.from({ length: SHAPE.decksPerTopic }, (_, d) => ({
        id: r.uuid(),
        name: `Deck ${d + 1}`,
        topicId,
        cardCount: SHAPE.cardsPerDeck,
        ...stamp(),
      }));
      await tx.insert(flashcardDeck).values(decks);
      const cards = decks.flatMap((d) =>
        Array.from({ length: SHAPE.cardsPerDeck }, () => ({
          id: r.uuid(),
          front: cardFront(r),
          back: cardBack(r),
          deckId: d.id,
          ...stamp(),
        })),
      );
      for (const part of chunks(cards, 500)) await tx.insert(card).values(part);
      const quizzes = Array.from({ length: SHAPE.quizzesPerTopic }, (_, q) => ({
        id: r.uuid(),
        name: `Quiz ${q + 1}`,
        topicId,
        questionCount: SHAPE.questionsPerQuiz,
        ...stamp(),
      }));
      await tx.insert(mcqQuiz).values(quizzes);
      const questions = quizzes.flatMap((q) =>
        Array.from({ length: SHAPE.questionsPerQuiz }, () => {
          const five = r.next() < 0.6;
          const opt = () => `${r.pick(TERMS)} ${r.pick(VERBS)} ${r.pick(TERMS)}`;
          return {
            id: r.uuid(),
            question: `<p>A patient presents ${r.pick(FILLER)}. ${sentence(r)} Which of the following best explains the change in ${r.pick(TERMS)}?</p>`,
            option1: opt(),
            option2: opt(),
            option3: opt(),
            option4: opt(),
            option5: five ? opt() : null,
            correctOption: r.int(1, five ? 5 : 4),
            explanation: `<p>${sentences(r, r.int(2, 4))}</p>`,
            quizId: q.id,
            ...stamp(),
          };
        }),
      );
      await tx.insert(mcqQuestion).values(questions);
      const pages = Array.from({ length: SHAPE.pagesPerTopic }, (_, p) => {
        const title = `Lecture ${ti + 1}.${p + 1}: the ${r.pick(STRUCTURES)}`;
        return { id: r.uuid(), title, htmlBody: lecturePage(r, title), topicId, ...stamp() };
      });
      await tx.insert(htmlContent).values(pages);
      await touchTopics(tx, v, [topicId]);
    });
  }

  const [cards] = await db
    .select({ n: count() })
    .from(card)
    .innerJoin(flashcardDeck, eq(flashcardDeck.id, card.deckId))
    .innerJoin(topic, and(eq(topic.id, flashcardDeck.topicId), eq(topic.subjectId, subjectId)));
  if (cards?.n !== EXPECTED.cards)
    throw new Error(`generator wrote ${cards?.n} cards, expected ${EXPECTED.cards}`);
  return {
    studentId: student.id,
    moduleId,
    subjectId,
    topicIds,
    version,
    genMs: performance.now() - started,
  };
}
