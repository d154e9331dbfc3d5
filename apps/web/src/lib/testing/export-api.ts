// A fake admin API for the export tests: module m1 → subject s1 → topic t1 holding a deck, a quiz whose
// stem shows a picture, and a lecture page showing the same picture (the picture answered as PNG bytes).
import { vi } from 'vitest';
import { mockFetch, type Route } from './fakes.ts';

const scope = { collegeId: 'c1', yearGroup: 'Y1', isGlobal: false, createdAt: 0, updatedAt: 0 };
const archived = { isArchived: false, archivedAt: null };
const topic = {
  ...scope,
  ...archived,
  id: 't1',
  name: 'Heart',
  subjectId: 's1',
  moduleId: 'm1',
  subjectName: 'Cardiology',
  moduleName: 'Year 2',
};
const deck = { ...scope, id: 'd1', name: 'Valves', topicId: 't1', cardCount: 2 };
const quiz = { ...scope, id: 'q1', name: 'Heart quiz', topicId: 't1', questionCount: 1 };
const cards = [
  { ...scope, id: 'c1', deckId: 'd1', front: 'Mitral valve', back: 'Two cusps' },
  { ...scope, id: 'c2', deckId: 'd1', front: 'A &lt; B', back: '<b>bold</b>' },
];
const question = {
  ...scope,
  id: 'x1',
  quizId: 'q1',
  question: '<p>Which chamber?</p><p><img src="/files/heart.png" alt="heart"></p>',
  option1: 'Left atrium',
  option2: 'Right ventricle',
  option3: null,
  option4: null,
  option5: null,
  correctOption: 2,
  explanation: 'It pumps to the lungs.',
};
const page = {
  ...scope,
  id: 'p1',
  topicId: 't1',
  title: 'Heart anatomy',
  htmlBody: '<h2>Chambers</h2><p><img src="/files/heart.png" alt="heart"></p>',
};
export const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
/** What the fake server answers for deck d1's .apkg (a zip's first bytes). */
export const APKG = new Uint8Array([80, 75, 3, 4, 9, 9, 9]);

/** `pictures: false` answers every picture 404. */
export function fakeExportApi(extra: Record<string, Route> = {}, { pictures = true } = {}) {
  mockFetch({
    'GET /api/admin/subjects?moduleId=m1': () => ({
      status: 200,
      body: {
        subjects: [
          { ...scope, ...archived, id: 's1', name: 'Cardiology', moduleId: 'm1', moduleName: 'Year 2' },
        ],
        nextCursor: null,
      },
    }),
    'GET /api/admin/topics?subjectId=s1': () => ({
      status: 200,
      body: { topics: [topic], nextCursor: null },
    }),
    'GET /api/admin/topics/t1': () => ({ status: 200, body: { topic } }),
    'GET /api/admin/topics/t1/resources': () => ({
      status: 200,
      body: { topic, decks: [deck], quizzes: [quiz], pages: [{ ...page, htmlBody: undefined }] },
    }),
    'GET /api/admin/decks/d1': () => ({ status: 200, body: { topic, deck, cards } }),
    'GET /api/admin/quizzes/q1': () => ({ status: 200, body: { topic, quiz, questions: [question] } }),
    'GET /api/admin/pages/p1': () => ({ status: 200, body: { topic, page } }),
    ...extra,
  });
  const json = globalThis.fetch;
  // Pictures are bytes, not JSON.
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (url === '/api/admin/decks/d1/apkg')
      return new Response(APKG.slice(), {
        status: 200,
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': `attachment; filename="Valves_.apkg"; filename*=UTF-8''Valves%C3%A9.apkg`,
        },
      });
    if (url === '/files/heart.png')
      return pictures
        ? new Response(PNG.slice(), { status: 200, headers: { 'Content-Type': 'image/png' } })
        : new Response(null, { status: 404 });
    return json(input, init);
  });
  vi.stubGlobal('fetch', fetchImpl);
  return fetchImpl;
}
