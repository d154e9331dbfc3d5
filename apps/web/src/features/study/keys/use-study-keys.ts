// The players' shared keyboard plumbing: one window keydown listener that always calls the latest
// handler, and leaves alone keys with modifiers, auto-repeats, keys typed into fields and keys pressed
// inside an open dialog. Each player maps the remaining keys itself.
import { useEffect, useLayoutEffect, useRef } from 'react';

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const DIALOG = '[aria-modal="true"], [role="dialog"]';

export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    (target.closest(TYPING) !== null || (target as HTMLElement).isContentEditable === true)
  );
}

/** True when the key event's target is inside an element matching `selector`. */
export const targetWithin = (e: KeyboardEvent, selector: string): boolean =>
  e.target instanceof Element && e.target.closest(selector) !== null;

export function useStudyKeys(enabled: boolean, onKey: (e: KeyboardEvent) => void): void {
  const latest = useRef({ enabled, onKey });
  // Layout effect: the handler sees what is on screen as soon as it is rendered.
  useLayoutEffect(() => {
    latest.current = { enabled, onKey };
  });

  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      const { enabled: on, onKey: handle } = latest.current;
      if (!on || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      if (isTypingTarget(e.target) || targetWithin(e, DIALOG)) return;
      handle(e);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
