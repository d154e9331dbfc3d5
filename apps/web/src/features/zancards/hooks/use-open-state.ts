// Which tree nodes are open, remembered in localStorage (SPEC §9 LOCAL_KEYS.deckBrowserOpen). Until the
// student opens or closes anything, the stage groups start open.
import { LOCAL_KEYS } from '@zan/core';
import { useCallback, useState } from 'react';

function readOpenKeys(): Set<string> | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.deckBrowserOpen);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? new Set(parsed.filter((k): k is string => typeof k === 'string')) : null;
  } catch {
    return null;
  }
}

function writeOpenKeys(keys: Set<string>): void {
  try {
    localStorage.setItem(LOCAL_KEYS.deckBrowserOpen, JSON.stringify([...keys]));
  } catch {
    // Storage full or blocked: the state just is not remembered.
  }
}

export type OpenState = { isOpen: (key: string) => boolean; setOpen: (key: string, open: boolean) => void };

/** `defaults`: the keys open while nothing is stored (the stage groups). */
export function useOpenState(defaults: readonly string[]): OpenState {
  const [stored, setStored] = useState<Set<string> | null>(readOpenKeys);
  const isOpen = useCallback(
    (key: string) => (stored ? stored.has(key) : defaults.includes(key)),
    [stored, defaults],
  );
  const setOpen = useCallback(
    (key: string, open: boolean) => {
      setStored((prev) => {
        // The first change writes down the defaults too, so what the student saw stays as it was.
        const next = new Set(prev ?? defaults);
        if (open) next.add(key);
        else next.delete(key);
        writeOpenKeys(next);
        return next;
      });
    },
    [defaults],
  );
  return { isOpen, setOpen };
}
