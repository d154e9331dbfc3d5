// Keyboard for the MCQ player: A–E or 1–5 choose an option (only those present, until checked); Enter
// checks the chosen answer, then goes to the next question. Keys typed into fields or inside an open
// dialog are left alone, and a focused button other than an option handles Enter itself.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isTypingTarget } from '../flashcards/use-player-keys.ts';

type Keys = {
  enabled: boolean;
  checked: boolean;
  choose: (option: number) => void;
  check: () => void;
  next: () => void;
};

const LETTERS = ['a', 'b', 'c', 'd', 'e'];
const ACTIVATES =
  'button:not([role="radio"]), a[href], summary, [role="button"], [role="tab"], [role="switch"]';

/** The option number (1–5) a key stands for, or null. */
export function optionForKey(key: string): number | null {
  const letter = LETTERS.indexOf(key.toLowerCase());
  if (key.length === 1 && letter >= 0) return letter + 1;
  const digit = Number(key);
  return key.length === 1 && Number.isInteger(digit) && digit >= 1 && digit <= 5 ? digit : null;
}

export function useMcqKeys(keys: Keys) {
  const ref = useRef(keys);
  // Layout effect: the handler sees the question as soon as it is on screen.
  useLayoutEffect(() => {
    ref.current = keys;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = ref.current;
      if (!k.enabled || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      if (isTypingTarget(e.target)) return;
      if (e.target instanceof Element && e.target.closest('[aria-modal="true"], [role="dialog"]')) return;
      if (e.key === 'Enter') {
        if (e.target instanceof Element && e.target.closest(ACTIVATES)) return;
        e.preventDefault();
        if (k.checked) k.next();
        else k.check();
        return;
      }
      const option = optionForKey(e.key);
      if (option !== null && !k.checked) {
        e.preventDefault();
        k.choose(option);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
