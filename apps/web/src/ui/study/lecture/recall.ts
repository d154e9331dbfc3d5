// Recall passages of a lecture (admin HTML marked class="recall"): with the recall toggle on, each
// is hidden behind a "Click to reveal" cover and becomes a focusable button that reveals it on click,
// Enter or Space. Attributes are set on the rendered (sanitised) DOM, so the HTML string stays as is.
import { RECALL_CLASS } from '@zan/core';

const RECALL_SELECTOR = `.${RECALL_CLASS}`;
const HIDDEN_LABEL = 'Hidden recall passage. Click to reveal';

export function applyRecall(root: HTMLElement, on: boolean, revealed: ReadonlySet<number>): void {
  root.querySelectorAll<HTMLElement>(RECALL_SELECTOR).forEach((el, i) => {
    el.dataset.recallIndex = String(i);
    const hidden = on && !revealed.has(i);
    if (hidden) {
      el.dataset.recall = 'hidden';
      el.setAttribute('role', 'button');
      el.setAttribute('tabindex', '0');
      el.setAttribute('aria-label', HIDDEN_LABEL);
    } else {
      if (on) el.dataset.recall = 'revealed';
      else delete el.dataset.recall;
      el.removeAttribute('role');
      el.removeAttribute('tabindex');
      el.removeAttribute('aria-label');
    }
  });
}

/** The index of the hidden recall passage an event happened in, or null. */
export function hiddenRecallAt(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest<HTMLElement>('[data-recall="hidden"]');
  return el ? Number(el.dataset.recallIndex) : null;
}
