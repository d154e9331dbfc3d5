// The topic resources API's rows of the authorization table (authorization.test.ts): fresh decks,
// quizzes, cards, questions and pages of the admin's scope (written through the one write path), one
// entry per route; every allowed call acts on its own fresh row.
import type { Database } from '../src/db/client.ts';
import {
  contentImport,
  flashcardDeck,
  htmlContent,
  image,
  mcqQuestion,
  mcqQuiz,
} from '../src/db/schema/index.ts';
import { withContentWrite } from '../src/domain/content-write.ts';
import { card } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { write } from './sync-fixtures.ts';

type Req = { url?: string; payload?: unknown; headers?: Record<string, string> };

export type ResourceFixture = {
  topic: string;
  deck: () => Promise<string>;
  card: () => Promise<string>;
  /** A cloze note (issue 20) of a fresh deck: its two cards share the note id. */
  clozeNote: () => Promise<string>;
  quiz: () => Promise<string>;
  question: () => Promise<string>;
  page: () => Promise<string>;
  image: () => Promise<string>;
  /** An import record (issue 21) of a fresh deck with one card, as a bulk import writes it. */
  importRecord: () => Promise<string>;
  /** Issue 20: an Anki import job of the caller (the admin's for callers who cannot own one), read and
   *  ready to import — a new one when `fresh`; set by the authorization test once its callers sign in. */
  ankiJob: (kind: string, fresh: boolean, failed?: boolean) => Promise<string>;
  /** A small current-format Anki package. */
  ankiPackage: Buffer;
};

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one `file` part. */
export function multipartFile(
  name: string,
  bytes: Buffer,
  type = 'image/png',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----zanAuthzBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function createResourceFixture(
  db: Database,
  topicId: string,
  scope: { collegeId: string; yearGroup: string },
  anki: Pick<ResourceFixture, 'ankiJob' | 'ankiPackage'>,
): ResourceFixture {
  const deck = () => write(db, (w) => w.deck(topicId, 2));
  const quizWith = () =>
    withContentWrite({ db, events: null }, async ({ tx }) => {
      const [q] = await tx
        .insert(mcqQuiz)
        .values({ name: 'Quiz', topicId, questionCount: 1, ...scope })
        .returning({ id: mcqQuiz.id });
      const [qq] = await tx
        .insert(mcqQuestion)
        .values({ question: 'Q?', option1: 'A', option2: 'B', correctOption: 1, quizId: q!.id, ...scope })
        .returning({ id: mcqQuestion.id });
      return { quiz: q!.id, question: qq!.id };
    });
  return {
    ...anki,
    topic: topicId,
    deck,
    async card() {
      const d = await deck();
      const [c] = await db.select({ id: card.id }).from(card).where(eq(card.deckId, d));
      return c!.id;
    },
    async clozeNote() {
      const d = await deck();
      const noteId = crypto.randomUUID();
      await withContentWrite({ db, events: null }, async ({ tx }) => {
        await tx.insert(card).values(
          [1, 2].map((ord) => ({
            front: '{{c1::A}} {{c2::B}}',
            back: '',
            kind: 'cloze' as const,
            noteId,
            ord,
            deckId: d,
            ...scope,
          })),
        );
      });
      return noteId;
    },
    quiz: async () => (await quizWith()).quiz,
    question: async () => (await quizWith()).question,
    image: async () => {
      const [row] = await db
        .insert(image)
        .values({ fileName: 'a.png', ...scope, storageUrl: '/files/html_content_images/none.png' })
        .returning({ id: image.id });
      return row!.id;
    },
    importRecord: () =>
      withContentWrite({ db, events: null }, async ({ tx, version }) => {
        const [d] = await tx
          .insert(flashcardDeck)
          .values({ name: 'Imported', topicId, cardCount: 1, ...scope })
          .returning({ id: flashcardDeck.id });
        const [c] = await tx
          .insert(card)
          .values({ front: '<p>F</p>', back: '<p>B</p>', deckId: d!.id, ...scope })
          .returning({ id: card.id });
        const [r] = await tx
          .insert(contentImport)
          .values({
            topicId,
            setKind: 'deck',
            setId: d!.id,
            setCreated: true,
            source: 'csv',
            contentVersion: version,
            addedIds: [c!.id],
            previous: [],
            imageIds: [],
          })
          .returning({ id: contentImport.id });
        return r!.id;
      }),
    page: () =>
      withContentWrite({ db, events: null }, async ({ tx }) => {
        const [p] = await tx
          .insert(htmlContent)
          .values({ title: 'Page', htmlBody: '<p>x</p>', topicId, ...scope })
          .returning({ id: htmlContent.id });
        return p!.id;
      }),
  };
}

type Presets<E> = { IN_SCOPE: E };
type F = { resources: ResourceFixture };
export type ResourceEntry<E> = {
  route: string;
  expect: E;
  request?: (f: F, kind: string) => Req | Promise<Req>;
  timeout?: number;
};

const cardBody = { front: '<p>Front</p>', back: '<p>Back</p>' };
const clozeBody = { text: '<p>{{c1::Front}} and {{c3::more}}</p>', backExtra: '<p>Extra</p>' };
const questionBody = { question: 'Which?', option1: 'One', option2: 'Two', correctOption: 2 };

export function resourceEntries<E>({ IN_SCOPE }: Presets<E>): ResourceEntry<E>[] {
  return [
    {
      route: 'GET /api/admin/topics/:id/resources',
      expect: IN_SCOPE,
      request: (f) => ({ url: `/api/admin/topics/${f.resources.topic}/resources` }),
    },
    {
      route: 'POST /api/admin/topics/:id/decks',
      expect: IN_SCOPE,
      request: (f, k) => ({
        url: `/api/admin/topics/${f.resources.topic}/decks`,
        payload: { name: `New deck ${k}` },
      }),
    },
    {
      route: 'POST /api/admin/topics/:id/quizzes',
      expect: IN_SCOPE,
      request: (f, k) => ({
        url: `/api/admin/topics/${f.resources.topic}/quizzes`,
        payload: { name: `New quiz ${k}` },
      }),
    },
    {
      route: 'POST /api/admin/topics/:id/bulk/cards',
      expect: IN_SCOPE,
      request: (f, k) => ({
        url: `/api/admin/topics/${f.resources.topic}/bulk/cards`,
        payload: { name: `Bulk ${k}`, add: [cardBody], update: [] },
      }),
    },
    {
      route: 'POST /api/admin/topics/:id/bulk/questions',
      expect: IN_SCOPE,
      request: (f, k) => ({
        url: `/api/admin/topics/${f.resources.topic}/bulk/questions`,
        payload: {
          name: `Bulk ${k}`,
          add: [{ ...questionBody, option3: null, option4: null, option5: null, explanation: null }],
          update: [],
        },
      }),
    },
    {
      route: 'GET /api/admin/decks/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/decks/${await f.resources.deck()}` }),
    },
    {
      route: 'GET /api/admin/decks/:id/apkg',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/decks/${await f.resources.deck()}/apkg` }),
    },
    {
      route: 'DELETE /api/admin/decks/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/decks/${await f.resources.deck()}` }),
    },
    {
      route: 'POST /api/admin/decks/:id/cards',
      expect: IN_SCOPE,
      request: async (f) => ({
        url: `/api/admin/decks/${await f.resources.deck()}/cards`,
        payload: cardBody,
      }),
    },
    {
      route: 'PATCH /api/admin/cards/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/cards/${await f.resources.card()}`, payload: cardBody }),
    },
    {
      route: 'DELETE /api/admin/cards/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/cards/${await f.resources.card()}` }),
    },
    {
      route: 'POST /api/admin/decks/:id/cloze-notes',
      expect: IN_SCOPE,
      request: async (f) => ({
        url: `/api/admin/decks/${await f.resources.deck()}/cloze-notes`,
        payload: clozeBody,
      }),
    },
    {
      route: 'PATCH /api/admin/cloze-notes/:id',
      expect: IN_SCOPE,
      request: async (f) => ({
        url: `/api/admin/cloze-notes/${await f.resources.clozeNote()}`,
        payload: clozeBody,
      }),
    },
    {
      route: 'DELETE /api/admin/cloze-notes/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/cloze-notes/${await f.resources.clozeNote()}` }),
    },
    {
      route: 'GET /api/admin/quizzes/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/quizzes/${await f.resources.quiz()}` }),
    },
    {
      route: 'DELETE /api/admin/quizzes/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/quizzes/${await f.resources.quiz()}` }),
    },
    {
      route: 'GET /api/admin/quizzes/:id/item-stats',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/quizzes/${await f.resources.quiz()}/item-stats` }),
    },
    {
      route: 'POST /api/admin/quizzes/:id/questions',
      expect: IN_SCOPE,
      request: async (f) => ({
        url: `/api/admin/quizzes/${await f.resources.quiz()}/questions`,
        payload: questionBody,
      }),
    },
    {
      route: 'PATCH /api/admin/questions/:id',
      expect: IN_SCOPE,
      request: async (f) => ({
        url: `/api/admin/questions/${await f.resources.question()}`,
        payload: questionBody,
      }),
    },
    {
      route: 'DELETE /api/admin/questions/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/questions/${await f.resources.question()}` }),
    },
    {
      route: 'POST /api/admin/imports/:id/undo',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/imports/${await f.resources.importRecord()}/undo` }),
    },
    {
      route: 'POST /api/admin/topics/:id/anki-imports',
      expect: IN_SCOPE,
      request: (f) => ({
        url: `/api/admin/topics/${f.resources.topic}/anki-imports`,
        ...multipartFile('cardio.apkg', f.resources.ankiPackage, 'application/octet-stream'),
      }),
    },
    {
      route: 'GET /api/admin/anki-imports/:jobId',
      expect: IN_SCOPE,
      timeout: 180_000,
      request: async (f, kind) => ({
        url: `/api/admin/anki-imports/${await f.resources.ankiJob(kind, false)}`,
      }),
    },
    {
      route: 'GET /api/admin/anki-imports/:jobId/pictures/:name',
      expect: IN_SCOPE,
      timeout: 180_000,
      request: async (f, kind) => ({
        url: `/api/admin/anki-imports/${await f.resources.ankiJob(kind, false)}/pictures/heart.png`,
      }),
    },
    {
      route: 'POST /api/admin/anki-imports/:jobId/import',
      expect: IN_SCOPE,
      timeout: 180_000,
      request: async (f, kind) => ({
        url: `/api/admin/anki-imports/${await f.resources.ankiJob(kind, true)}/import`,
        payload: { deckMode: 'one', deckName: `Anki ${kind}` },
      }),
    },
    // Issue 32: Cancel discards a previewed package; Try again runs a failed read again.
    {
      route: 'POST /api/admin/anki-imports/:jobId/cancel',
      expect: IN_SCOPE,
      timeout: 180_000,
      request: async (f, kind) => ({
        url: `/api/admin/anki-imports/${await f.resources.ankiJob(kind, true)}/cancel`,
      }),
    },
    {
      route: 'POST /api/admin/anki-imports/:jobId/retry',
      expect: IN_SCOPE,
      timeout: 180_000,
      request: async (f, kind) => ({
        url: `/api/admin/anki-imports/${await f.resources.ankiJob(kind, true, true)}/retry`,
      }),
    },
    {
      route: 'GET /api/admin/images',
      expect: IN_SCOPE,
      request: (f) => ({ url: `/api/admin/images?topicId=${f.resources.topic}` }),
    },
    {
      route: 'POST /api/admin/images',
      expect: IN_SCOPE,
      request: (f) => ({
        url: `/api/admin/images?topicId=${f.resources.topic}`,
        ...multipartFile('tiny.png', TINY_PNG),
      }),
    },
    {
      route: 'DELETE /api/admin/images/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/images/${await f.resources.image()}` }),
    },
    {
      route: 'POST /api/admin/pages',
      expect: IN_SCOPE,
      request: (f, k) => ({
        url: '/api/admin/pages',
        payload: { topicId: f.resources.topic, title: `Lecture ${k}`, htmlBody: '<h2>Heart</h2><p>x</p>' },
      }),
    },
    {
      route: 'GET /api/admin/pages/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/pages/${await f.resources.page()}` }),
    },
    {
      route: 'PATCH /api/admin/pages/:id',
      expect: IN_SCOPE,
      request: async (f) => ({
        url: `/api/admin/pages/${await f.resources.page()}`,
        payload: { title: 'Renamed', htmlBody: '<p>y</p>' },
      }),
    },
    {
      route: 'DELETE /api/admin/pages/:id',
      expect: IN_SCOPE,
      request: async (f) => ({ url: `/api/admin/pages/${await f.resources.page()}` }),
    },
  ];
}
