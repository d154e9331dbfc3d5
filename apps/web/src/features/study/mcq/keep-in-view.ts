// After 'Check Answer' (issue 19, a new user's complaint): the verdict and explanation come into view,
// but never at the cost of 'Question n of m' and the stem — on a phone, scrolling the whole feedback up
// used to push the question out of sight. The page scrolls down only as far as keeps the counter visible
// (the rest of the explanation is a scroll away), and back up when the counter is already out of view.

/** The nearest ancestor that scrolls vertically, else the document's scroller. */
function scrollerOf(el: HTMLElement): HTMLElement {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if ((y === 'auto' || y === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return (document.scrollingElement ?? document.documentElement) satisfies Element as HTMLElement;
}

const GAP = 12;

/**
 * How far to scroll (px, down is positive) so that the feedback shows as fully as it can while the
 * counter stays visible: `view` is the visible band of the scroller (its top, and the top of the sticky
 * action bar below).
 */
export function scrollToKeep(
  counterTop: number,
  feedbackBottom: number,
  view: { top: number; bottom: number },
): number {
  if (counterTop < view.top) return counterTop - view.top - GAP;
  const wanted = feedbackBottom + GAP - view.bottom;
  const room = counterTop - view.top - GAP;
  return Math.max(0, Math.min(wanted, room));
}

/** Scrolls the player so the feedback shows with the counter (and the stem below it) still in view. */
export function revealFeedback(
  counter: HTMLElement,
  feedback: HTMLElement,
  bar: HTMLElement | null,
  smooth: boolean,
): void {
  const box = scrollerOf(feedback);
  const whole = box === document.scrollingElement || box === document.documentElement;
  const top = whole ? 0 : box.getBoundingClientRect().top;
  const bottom = bar
    ? bar.getBoundingClientRect().top
    : whole
      ? window.innerHeight
      : box.getBoundingClientRect().bottom;
  const by = scrollToKeep(counter.getBoundingClientRect().top, feedback.getBoundingClientRect().bottom, {
    top,
    bottom,
  });
  if (Math.abs(by) >= 1) box.scrollBy?.({ top: by, behavior: smooth ? 'smooth' : 'auto' });
}
