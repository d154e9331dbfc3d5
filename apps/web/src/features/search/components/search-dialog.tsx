// The student search (issue 22): a dialog over the page — centred under the header on wide screens,
// the whole screen on phones — with the field, the status of the index, the line about subjects not
// downloaded (with 'Download everything'), and the grouped results. Arrows move through the results,
// Enter opens one, Escape closes. Loaded on first use (its own chunk, with the index).
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { KeepOfflineButton } from '../../../sync/index.ts';
import { useSearch } from '../hooks/use-search.ts';
import type { SearchHit } from '../search-index.ts';
import { optionId, SearchResults } from './search-results.tsx';
import { SearchIcon } from '../../../ui/icons.tsx';

const SEARCH_HINT = 'Search the cards, questions, lectures and announcements on this device.';
const DOWNLOAD_EVERYTHING = 'Download everything';

type Props = { userId: string; open: boolean; onOpenChange: (open: boolean) => void };

export default function SearchDialog({ userId, open, onOpenChange }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string | null>(null);
  const { answer, status, stale } = useSearch(userId, query);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = useId();

  const hits = answer.groups.flatMap((g) => g.hits);
  const current = hits.find((h) => h.doc.id === active) ?? hits[0] ?? null;
  const openHit = (hit: SearchHit) => {
    onOpenChange(false);
    void navigate(hit.doc.to);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!hits.length) return;
      const at = current ? hits.indexOf(current) : -1;
      const next = e.key === 'ArrowDown' ? (at + 1) % hits.length : (at - 1 + hits.length) % hits.length;
      const hit = hits[next];
      if (!hit) return;
      setActive(hit.doc.id);
      document.getElementById(optionId(listId, hit))?.scrollIntoView?.({ block: 'nearest' });
    } else if (e.key === 'Enter' && current) {
      e.preventDefault();
      openHit(current);
    }
  };

  const building = status.indexed < status.topics;
  const q = answer.query;
  const message = !q
    ? building
      ? `Preparing search: ${status.indexed} of ${status.topics} downloaded topics ready.`
      : ''
    : answer.total === 0
      ? stale
        ? ''
        : `No results for “${q}”.`
      : `${answer.total} ${answer.total === 1 ? 'result' : 'results'}${building ? ` so far (${status.indexed} of ${status.topics} topics searched)` : ''}.`;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={hintId}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            input.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-surface text-fg shadow-2xl md:inset-x-0 md:bottom-auto md:top-[8vh] md:mx-auto md:max-h-[80dvh] md:w-[calc(100vw-2rem)] md:max-w-2xl md:rounded-2xl md:border md:border-line"
        >
          <Dialog.Title className="sr-only">Search</Dialog.Title>
          <div className="flex items-center gap-2 border-b border-line p-3">
            <SearchIcon className="ml-1 size-5 shrink-0 text-muted" />
            <input
              ref={input}
              type="search"
              role="combobox"
              aria-label="Search this device"
              aria-expanded={hits.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={current ? optionId(listId, current) : undefined}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(null);
              }}
              onKeyDown={onKeyDown}
              placeholder="Search cards, questions, lectures…"
              autoComplete="off"
              spellCheck={false}
              className="h-11 min-w-0 flex-1 rounded-lg bg-transparent px-2 text-base text-fg placeholder:text-muted focus:outline-none"
            />
            <Dialog.Close className="h-9 shrink-0 rounded-lg px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg">
              Close
            </Dialog.Close>
          </div>
          {/* Focusable: the results scroll, and offline nothing inside may take focus. */}
          <div
            role="region"
            aria-label="Results"
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto p-3 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <p id={hintId} className={q ? 'sr-only' : 'px-2 pb-2 text-sm text-muted'}>
              {SEARCH_HINT}
            </p>
            <p role="status" className="px-2 pb-2 text-sm text-muted empty:hidden">
              {message}
            </p>
            {status.missingSubjects > 0 && (
              <div className="mb-3 flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-3 text-sm text-fg sm:flex-row sm:items-center sm:justify-between">
                <p className="min-w-0 sm:flex-1">
                  {status.missingSubjects === 1
                    ? '1 subject is not downloaded to this device, so it is not searched.'
                    : `${status.missingSubjects} subjects are not downloaded to this device, so they are not searched.`}
                </p>
                <KeepOfflineButton target={{ kind: 'everything' }}>{DOWNLOAD_EVERYTHING}</KeepOfflineButton>
              </div>
            )}
            <SearchResults
              id={listId}
              answer={answer}
              places={status.places}
              active={current?.doc.id ?? null}
              onActive={setActive}
              onOpen={openHit}
            />
          </div>
          {hits.length > 0 && (
            <p className="hidden border-t border-line px-4 py-2 text-xs text-muted md:block">
              ↑ ↓ to move · Enter to open · Esc to close
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
