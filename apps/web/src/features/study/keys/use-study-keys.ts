// The players' shared keyboard plumbing: one window keydown listener that always calls the latest
// handler, and leaves alone keys with modifiers, auto-repeats, keys typed into fields and keys pressed
// inside an open dialog. Each player maps the remaining keys itself. A control focused by a mouse or
// touch click (Suspend, the SRS / Free toggle, a rating) does not keep the keys: Space and digits go to
// the card whatever was clicked last (issue 11); a control reached with Tab keeps them.
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

/** The control the last pointer press landed on (null after Tab moves the focus by keyboard). */
let pointerPressed: Element | null = null;
const onPointerDown = (e: PointerEvent) => {
  pointerPressed = e.target instanceof Element ? e.target.closest(CONTROL) : null;
};
const onTab = (e: KeyboardEvent) => {
  if (e.key === 'Tab') pointerPressed = null;
};
const CONTROL = 'button, a[href], summary, [role="button"], [role="tab"], [role="switch"], [role="radio"]';

/**
 * True when the key event's target is a control (matching `selector`) the user moved to by keyboard, so
 * it handles Space / Enter itself. A control that only has the focus because it was clicked gives it
 * up: the focus leaves it (so its own Space / Enter activation cannot fire) and the page acts instead.
 */
export function keyboardFocusedControl(e: KeyboardEvent, selector: string): boolean {
  if (!(e.target instanceof Element)) return false;
  const control = e.target.closest(selector);
  if (!control) return false;
  if (control !== pointerPressed || control !== document.activeElement) return true;
  (control as HTMLElement).blur();
  pointerPressed = null;
  return false;
}

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
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('keydown', onTab, true);
    window.addEventListener('keydown', listener);
    return () => {
      window.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('keydown', onTab, true);
      window.removeEventListener('keydown', listener);
    };
  }, []);
}
