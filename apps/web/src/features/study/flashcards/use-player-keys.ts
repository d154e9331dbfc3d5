// Keyboard for the flashcard player (SPEC §2, §9): Space flips; digits 1–4 rate (Again/Hard/Good/Easy)
// when the card is flipped in SRS mode; in free mode Space or Enter on a flipped card goes to the next.
// Keys typed into fields, pressed on a focused button or link, or inside an open dialog are left alone.
import { RATINGS, type Rating, type StudyMode } from '@zan/core';
import { useEffect, useRef } from 'react';

type Keys = {
  enabled: boolean;
  flipped: boolean;
  mode: StudyMode;
  flip: () => void;
  next: () => void;
  rate: (r: Rating) => void;
};

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const ACTIVATES = 'button, a[href], summary, [role="button"], [role="tab"], [role="switch"], [role="radio"]';

export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof Element && (target.closest(TYPING) !== null || (target as HTMLElement).isContentEditable === true);
}

export function usePlayerKeys(keys: Keys) {
  const ref = useRef(keys);
  useEffect(() => {
    ref.current = keys;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = ref.current;
      if (!k.enabled || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      if (isTypingTarget(e.target)) return;
      if (e.target instanceof Element && e.target.closest('[aria-modal="true"]')) return;
      const activation = e.key === ' ' || e.key === 'Enter';
      // A focused button handles Space/Enter itself; doing it here too would act twice.
      if (activation && e.target instanceof Element && e.target.closest(ACTIVATES)) return;
      if (activation) {
        e.preventDefault();
        if (!k.flipped) k.flip();
        else if (k.mode === 'free') k.next();
        return;
      }
      const digit = Number(e.key);
      if (k.flipped && k.mode === 'srs' && Number.isInteger(digit) && digit >= 1 && digit <= RATINGS.length) {
        e.preventDefault();
        k.rate(RATINGS[digit - 1] as Rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
