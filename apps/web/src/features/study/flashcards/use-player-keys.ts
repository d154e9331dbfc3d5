// Keyboard for the flashcard player (SPEC §2, §9): Space flips; digits 1–4 rate (Again/Hard/Good/Easy)
// when the card is flipped in SRS mode; in free mode Space or Enter on a flipped card goes to the next;
// Ctrl/Cmd+Z takes back the last answer (issue 18), also from the Complete screen.
// Keys typed into fields, pressed on a button or link reached by keyboard, or inside an open dialog are
// left alone; a button that only has the focus because it was clicked does not keep Space.
import { RATINGS, type Rating, type StudyMode } from '@zan/core';
import { useEffect } from 'react';
import {
  isTypingTarget,
  keyboardFocusedControl,
  targetWithin,
  useStudyKeys,
} from '../keys/use-study-keys.ts';

type Keys = {
  enabled: boolean;
  /** Ctrl/Cmd+Z: takes back the last answer (works without a card shown). */
  undo?: () => void;
  flipped: boolean;
  mode: StudyMode;
  flip: () => void;
  next: () => void;
  rate: (r: Rating) => void;
};

const ACTIVATES = 'button, a[href], summary, [role="button"], [role="tab"], [role="switch"], [role="radio"]';

export function usePlayerKeys(k: Keys) {
  const { undo } = k;
  useEffect(() => {
    if (!undo) return;
    // The study keys leave modified keys alone; Undo is the one the player takes with Ctrl/Cmd.
    const listener = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
      if (
        e.defaultPrevented ||
        isTypingTarget(e.target) ||
        targetWithin(e, '[aria-modal="true"], [role="dialog"]')
      )
        return;
      e.preventDefault();
      undo();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [undo]);
  useStudyKeys(k.enabled, (e) => {
    const activation = e.key === ' ' || e.key === 'Enter';
    if (activation) {
      // A button reached by keyboard handles Space/Enter itself; doing it here too would act twice.
      if (keyboardFocusedControl(e, ACTIVATES)) return;
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
  });
}
