// An editor's draft kept as it is typed (issue 22): while the values differ from what is saved they are
// written to this device (per user, per item; draft-store.ts), removed once saved or undone; a draft
// found when the editor opens is offered back ('Restore draft' / 'Discard') instead of overwritten.
import { useContext, useEffect, useRef, useState } from 'react';
import { AuthContext } from '../session/index.ts';
import { draftKey, readDraft, removeDraft, writeDraft, type StoredDraft } from './draft-store.ts';

/** How long typing may pause before the draft is written (also written on leaving the page). */
export const DRAFT_WRITE_MS = 300;

type Options<T> = {
  /** The edited item ('page:<id>', 'deck:<id>'…), or null while it loads (nothing read or written). */
  item: string | null;
  values: T;
  /** True while `values` differ from what is saved. */
  dirty: boolean;
  parse: (raw: unknown) => T | null;
  /** True when a found draft holds nothing new (it is then dropped instead of offered). */
  same?: (draft: T) => boolean;
};

export type EditorDraft<T> = {
  /** A draft found on opening, until restored or discarded. */
  offer: StoredDraft<T> | null;
  /** Takes the offered draft's values (the caller puts them in the form); it stays stored until saved. */
  restore: () => T | null;
  discard: () => void;
  /** After a save: the draft goes now (even if the editor closes before it renders again). */
  clear: () => void;
};

export function useEditorDraft<T>({ item, values, dirty, parse, same }: Options<T>): EditorDraft<T> {
  const userId = useContext(AuthContext)?.profile?.uid ?? null;
  const key = userId && item ? draftKey(userId, item) : null;
  const [offer, setOffer] = useState<StoredDraft<T> | null>(null);
  const [readKey, setReadKey] = useState<string | null>(null);
  const pending = useRef<(() => void) | null>(null);
  const sameRef = useRef(same);
  sameRef.current = same;

  // Opening an item: offer its stored draft (once per item).
  if (key !== readKey) {
    setReadKey(key);
    const found = key ? readDraft(key, parse) : null;
    if (found && key && sameRef.current?.(found.data)) removeDraft(key);
    setOffer(found && !sameRef.current?.(found.data) ? found : null);
  }

  const offering = offer !== null;
  useEffect(() => {
    // An offered draft is never overwritten by the values on screen before the choice.
    if (!key || offering || readKey !== key) return;
    if (!dirty) {
      pending.current = null;
      removeDraft(key);
      return;
    }
    const flush = () => {
      pending.current = null;
      writeDraft(key, values);
    };
    pending.current = flush;
    const timer = setTimeout(flush, DRAFT_WRITE_MS);
    return () => clearTimeout(timer);
  }, [key, readKey, offering, dirty, values]);

  // Leaving the page or the editor writes what the pause had not written yet.
  useEffect(() => {
    const now = () => pending.current?.();
    window.addEventListener('pagehide', now);
    window.addEventListener('beforeunload', now);
    return () => {
      window.removeEventListener('pagehide', now);
      window.removeEventListener('beforeunload', now);
      now();
    };
  }, []);

  return {
    offer,
    restore: () => {
      const data = offer?.data ?? null;
      setOffer(null);
      return data;
    },
    discard: () => {
      if (key) removeDraft(key);
      setOffer(null);
    },
    clear: () => {
      pending.current = null;
      if (key) removeDraft(key);
    },
  };
}
