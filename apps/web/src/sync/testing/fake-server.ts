// Test doubles for the sync units: a scripted fetch for /api/sync/* and DTO builders.
import type {
  AnnouncementDto,
  ContentPullResponse,
  ModuleDto,
  SubjectDto,
  TopicDto,
  UserProfile,
} from '@zan/core';
import { vi } from 'vitest';
import { openUserDb, type ZanDb } from '../../local/db.ts';
import type { SyncUser } from '../engine-context.ts';

export type FakeRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network';
export type FakeHandler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** Stubs global fetch; every call is recorded in `requests`. */
export function stubFetch(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://zan.test',
    );
    const req: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const answer = await handler(req);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', spy);
  return { spy, requests };
}

export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

let seq = 0;
export const freshDb = (): ZanDb => openUserDb(`test-user-${++seq}-${Math.random().toString(36).slice(2)}`);

export const student = (uid: string, over: Partial<UserProfile> = {}): SyncUser => ({
  uid,
  role: 'user',
  collegeId: 'c1',
  yearGroup: 'First Year',
  adminCollegeId: null,
  adminYearGroup: null,
  ...over,
});

const scope = { collegeId: 'c1', yearGroup: 'First Year', createdAt: 1, updatedAt: 1 };
export const mod = (id: string, over: Partial<ModuleDto> = {}): ModuleDto => ({
  id,
  name: `Module ${id}`,
  stage: 1,
  isFree: true,
  isGlobal: false,
  extraInfo: null,
  isArchived: false,
  ...scope,
  ...over,
});
export const subj = (id: string, moduleId: string): SubjectDto => ({
  id,
  name: `Subject ${id}`,
  moduleId,
  isGlobal: false,
  isArchived: false,
  ...scope,
});
export const topic = (id: string, subjectId: string, moduleId: string, contentVersion = 1): TopicDto => ({
  id,
  name: `Topic ${id}`,
  nameLowercase: `topic ${id}`,
  subjectId,
  moduleId,
  isGlobal: false,
  isArchived: false,
  contentVersion,
  ...scope,
});
export const announcement = (id: string, over: Partial<AnnouncementDto> = {}): AnnouncementDto => ({
  id,
  title: `Notice ${id}`,
  description: null,
  type: 'General',
  date: 1,
  expiresAt: Date.now() + 86_400_000,
  isArchived: false,
  ...scope,
  ...over,
});

export function page(over: Partial<ContentPullResponse> = {}): ContentPullResponse {
  return {
    reset: false,
    visibleSet: 'vs1',
    modules: [],
    subjects: [],
    topics: [],
    deleted: { modules: [], subjects: [], topics: [] },
    cursor: 'c1',
    hasMore: false,
    ...over,
  };
}

/** A topic's resources: one deck with two cards, one quiz with one question, one page. */
export function topicContent(t: TopicDto, tag = 'a') {
  const s = { ...scope };
  return {
    topic: t,
    decks: [{ id: `${t.id}-deck-${tag}`, name: 'Deck', topicId: t.id, cardCount: 2, ...s }],
    cards: [1, 2].map((n) => ({
      id: `${t.id}-card-${tag}${n}`,
      front: 'F',
      back: 'B',
      deckId: `${t.id}-deck-${tag}`,
      ...s,
    })),
    quizzes: [{ id: `${t.id}-quiz-${tag}`, name: 'Quiz', topicId: t.id, questionCount: 1, ...s }],
    questions: [
      {
        id: `${t.id}-q-${tag}`,
        question: 'Q?',
        option1: 'A',
        option2: 'B',
        option3: null,
        option4: null,
        option5: null,
        correctOption: 1,
        explanation: null,
        quizId: `${t.id}-quiz-${tag}`,
        ...s,
      },
    ],
    htmlContent: [{ id: `${t.id}-html-${tag}`, title: 'Notes', htmlBody: '<h1>N</h1>', topicId: t.id, ...s }],
  };
}

/** Counts rows per content table. */
export async function counts(db: ZanDb) {
  return {
    modules: await db.modules.count(),
    subjects: await db.subjects.count(),
    topics: await db.topics.count(),
    decks: await db.flashcardDecks.count(),
    cards: await db.cards.count(),
    quizzes: await db.mcqQuizzes.count(),
    questions: await db.mcqQuestions.count(),
    html: await db.htmlContent.count(),
  };
}
