// What the search worker does with each message (issue 22), kept apart from the worker's entry so the
// tests (jsdom has no workers) run the same code in the page. A topic is read from the store and
// added in batches with a pause between them, so a query that arrives meanwhile is answered at once.
import { loadTopicDocs } from '../local/search-source.ts';
import { createSearchIndex } from '../search-index.ts';
import type { SearchReply, SearchRequest } from './search-protocol.ts';

const BATCH = 250;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createSearchHost() {
  const index = createSearchIndex();
  return {
    index,
    async handle(msg: SearchRequest): Promise<SearchReply> {
      switch (msg.type) {
        case 'search':
          return { type: 'answer', id: msg.id, answer: index.search(msg.query, msg.perKind) };
        case 'size':
          return { type: 'size', id: msg.id, bytes: index.memoryBytes(), docs: index.size };
        case 'drop':
          index.removeGroup(msg.group);
          return { type: 'done', id: msg.id, ok: true };
        case 'group':
          index.add(msg.group, msg.docs);
          index.removeGroup(msg.group, new Set(msg.docs.map((d) => d.id)));
          return { type: 'done', id: msg.id, ok: true };
        case 'topic': {
          const docs = await loadTopicDocs(msg.userId, msg.topicId, msg.subjectId).catch(() => null);
          // A topic that could not be read (the store closing) is left for the engine's next plan.
          if (!docs) return { type: 'done', id: msg.id, ok: false };
          for (let i = 0; i < docs.length; i += BATCH) {
            if (i > 0) await pause();
            index.add(msg.topicId, docs.slice(i, i + BATCH));
          }
          index.removeGroup(msg.topicId, new Set(docs.map((d) => d.id)));
          return { type: 'done', id: msg.id, ok: true };
        }
      }
    },
  };
}
