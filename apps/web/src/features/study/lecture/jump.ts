// 'On This Page' jumps: scroll smoothly to a lecture heading, move focus there (without a second jump)
// and highlight it briefly so the eye finds it.
const HIGHLIGHT_MS = 1800;
const timers = new WeakMap<Element, number>();

export function jumpToHeading(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  el.setAttribute('data-highlight', 'true');
  const prior = timers.get(el);
  if (prior !== undefined) window.clearTimeout(prior);
  timers.set(
    el,
    window.setTimeout(() => el.removeAttribute('data-highlight'), HIGHLIGHT_MS),
  );
  return true;
}
