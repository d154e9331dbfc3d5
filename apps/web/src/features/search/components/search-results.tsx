// The search dialog's result list (issue 22): hits grouped by kind, each with its module › subject ›
// topic and the words that matched highlighted. A listbox the input drives (aria-activedescendant):
// the options are not tab stops; a pointer click opens one.
import { cx } from '../../../ui/index.ts';
import { highlight, type Segment } from '../highlight.ts';
import type { SearchKind, SearchPlace } from '../search-docs.ts';
import type { SearchAnswer, SearchHit } from '../search-index.ts';

const KIND_LABEL: Record<SearchKind, string> = {
  card: 'Cards',
  question: 'Questions',
  lecture: 'Lectures',
  announcement: 'Announcements',
};

export const optionId = (listId: string, hit: SearchHit) => `${listId}-${hit.doc.id.replace(/[^\w-]/g, '_')}`;

function placeOf(hit: SearchHit, places: ReadonlyMap<string, SearchPlace>): string {
  if (!hit.doc.topicId) return 'Announcement';
  const p = places.get(hit.doc.topicId);
  return p ? [p.module, p.subject, p.topic].filter(Boolean).join(' › ') : '';
}

type Props = {
  id: string;
  answer: SearchAnswer;
  places: ReadonlyMap<string, SearchPlace>;
  active: string | null;
  onActive: (docId: string) => void;
  onOpen: (hit: SearchHit) => void;
};

export function SearchResults({ id, answer, places, active, onActive, onOpen }: Props) {
  return (
    <div id={id} role="listbox" aria-label="Search results" className="flex flex-col gap-4">
      {answer.groups.map((g) => (
        <div key={g.kind} role="group" aria-labelledby={`${id}-${g.kind}`}>
          <div
            id={`${id}-${g.kind}`}
            role="presentation"
            className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted"
          >
            {KIND_LABEL[g.kind]}{' '}
            <span className="font-normal normal-case">
              ({g.total > g.hits.length ? `${g.hits.length} of ${g.total}` : g.total})
            </span>
          </div>
          {g.hits.map((hit) => {
            const selected = active === hit.doc.id;
            return (
              <div
                key={hit.doc.id}
                id={optionId(id, hit)}
                role="option"
                aria-selected={selected}
                onMouseMove={() => !selected && onActive(hit.doc.id)}
                onClick={() => onOpen(hit)}
                className={cx(
                  'cursor-pointer rounded-lg px-2 py-2',
                  selected ? 'bg-primary/10 ring-1 ring-primary/40' : 'hover:bg-surface-2',
                )}
              >
                <div className="line-clamp-2 text-sm font-medium text-fg">
                  <Marked segments={highlight(hit.doc.label, hit.words, 140)} />
                </div>
                {hit.doc.text && (
                  <div className="mt-0.5 line-clamp-2 text-sm text-muted">
                    <Marked segments={highlight(hit.doc.text, hit.words, 180)} />
                  </div>
                )}
                <div className="mt-1 truncate text-xs text-muted">{placeOf(hit, places)}</div>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function Marked({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          <mark key={i} className="rounded-sm bg-primary/10 px-0.5 font-semibold text-fg">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
