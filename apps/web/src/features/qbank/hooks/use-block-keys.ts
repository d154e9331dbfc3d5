// The block player's keyboard (issue 19): A–E or 1–5 choose the option in that place; Shift with the
// letter or digit strikes it out (or restores it); F flags; Enter checks (tutor) or moves on; ← / →
// (outside the options) or P / N go to the previous / next question. Keys typed into fields, inside a
// dialog or with Ctrl / Alt / Meta are left alone; a focused button other than an option keeps Enter.
import { useEffect, useLayoutEffect, useRef } from 'react';

export type BlockKeys = {
  enabled: boolean;
  choose: (place: number) => void;
  strike: (place: number) => void;
  flag: () => void;
  enter: () => void;
  previous: () => void;
  next: () => void;
};

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const DIALOG = '[aria-modal="true"], [role="dialog"]';
const OWN_ENTER = 'button:not([role="radio"]), a[href], summary, [role="tab"]';
const OPTIONS = '[role="radiogroup"]';

/** The place (1–5) a key stands for: a letter A–E or a digit 1–5 (by its code, so Shift still works). */
export function placeForKey(e: Pick<KeyboardEvent, 'key' | 'code'>): number | null {
  const m = /^(?:Key([A-E])|Digit([1-5])|Numpad([1-5]))$/.exec(e.code);
  if (m) return m[1] ? m[1].charCodeAt(0) - 64 : Number(m[2] ?? m[3]);
  const k = e.key.toLowerCase();
  if (k.length === 1 && k >= 'a' && k <= 'e') return k.charCodeAt(0) - 96;
  return k.length === 1 && k >= '1' && k <= '5' ? Number(k) : null;
}

/** What a key does in the player, or null (exported for tests). */
export function blockKeyAction(
  e: Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey'>,
  inOptions: boolean,
): { kind: 'choose' | 'strike'; place: number } | { kind: 'flag' | 'enter' | 'previous' | 'next' } | null {
  if (e.key === 'Enter') return { kind: 'enter' };
  if ((e.key === 'ArrowLeft' && !inOptions) || e.key === 'p' || e.key === 'P') return { kind: 'previous' };
  if ((e.key === 'ArrowRight' && !inOptions) || e.key === 'n' || e.key === 'N') return { kind: 'next' };
  if (e.key === 'f' || e.key === 'F') return { kind: 'flag' };
  const place = placeForKey(e);
  if (place === null) return null;
  return { kind: e.shiftKey ? 'strike' : 'choose', place };
}

export function useBlockKeys(keys: BlockKeys) {
  const latest = useRef(keys);
  useLayoutEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      const k = latest.current;
      if (!k.enabled || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(TYPING) || target?.closest(DIALOG)) return;
      const action = blockKeyAction(e, !!target?.closest(OPTIONS));
      if (!action) return;
      if (action.kind === 'enter' && target?.closest(OWN_ENTER) && target === document.activeElement) return;
      e.preventDefault();
      if (action.kind === 'choose') k.choose(action.place);
      else if (action.kind === 'strike') k.strike(action.place);
      else k[action.kind]();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
