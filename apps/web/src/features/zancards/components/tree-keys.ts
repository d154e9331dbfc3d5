// Arrow-key navigation of the deck tree (WAI-ARIA tree keys on a disclosure list): Up/Down move between
// visible rows, Right opens a closed branch (or goes to its first child), Left closes an open branch (or
// goes to the parent), Home/End go to the first/last row.
import type { KeyboardEvent } from 'react';

const ROW = '[data-tree-row]';

export function onTreeKeyDown(e: KeyboardEvent<HTMLElement>): void {
  const target = e.target as HTMLElement;
  if (!target.matches(ROW)) return;
  const rows = [...e.currentTarget.querySelectorAll<HTMLElement>(ROW)];
  const i = rows.indexOf(target);
  const expanded = target.getAttribute('aria-expanded');
  let next: HTMLElement | undefined;
  switch (e.key) {
    case 'ArrowDown':
      next = rows[i + 1];
      break;
    case 'ArrowUp':
      next = rows[i - 1];
      break;
    case 'Home':
      next = rows[0];
      break;
    case 'End':
      next = rows.at(-1);
      break;
    case 'ArrowRight':
      if (expanded === 'false') target.click();
      else if (expanded === 'true') next = rows[i + 1];
      break;
    case 'ArrowLeft': {
      if (expanded === 'true') {
        target.click();
        break;
      }
      const parent = target.dataset['parentKey'];
      next = parent ? rows.find((r) => r.dataset['treeKey'] === parent) : undefined;
      break;
    }
    default:
      return;
  }
  e.preventDefault();
  next?.focus();
}
