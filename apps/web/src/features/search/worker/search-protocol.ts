// The messages between the search engine (main thread) and the search worker (issue 22): the main
// thread only says which topics to (re)index or drop and asks queries; the worker reads the topics'
// rows from the local store itself, builds the documents and holds the index.
import type { SearchDoc } from '../search-docs.ts';
import type { SearchAnswer } from '../search-index.ts';

export type SearchRequest =
  /** Index topic `topicId` from the store, replacing what the index held for it. */
  | { type: 'topic'; id: number; userId: string; topicId: string; subjectId: string }
  /** Replace group `group` with `docs` (the announcements: a few, sent as documents). */
  | { type: 'group'; id: number; group: string; docs: SearchDoc[] }
  | { type: 'drop'; id: number; group: string }
  | { type: 'search'; id: number; query: string; perKind: number }
  | { type: 'size'; id: number };

export type SearchReply =
  | { type: 'done'; id: number; ok: boolean }
  | { type: 'answer'; id: number; answer: SearchAnswer }
  | { type: 'size'; id: number; bytes: number; docs: number };
