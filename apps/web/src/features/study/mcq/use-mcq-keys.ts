// Keyboard for the MCQ player: A–E or 1–5 choose an option (only those present, until checked); Enter
// checks the chosen answer, then goes to the next question. Keys typed into fields or inside an open
// dialog are left alone, and a focused button other than an option handles Enter itself.
import { keyboardFocusedControl, useStudyKeys } from '../keys/use-study-keys.ts';

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
function optionForKey(key: string): number | null {
  const letter = LETTERS.indexOf(key.toLowerCase());
  if (key.length === 1 && letter >= 0) return letter + 1;
  const digit = Number(key);
  return key.length === 1 && Number.isInteger(digit) && digit >= 1 && digit <= 5 ? digit : null;
}

export function useMcqKeys(k: Keys) {
  useStudyKeys(k.enabled, (e) => {
    if (e.key === 'Enter') {
      // A button other than an option, reached by keyboard, handles Enter itself (a clicked one does not).
      if (keyboardFocusedControl(e, ACTIVATES)) return;
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
  });
}
