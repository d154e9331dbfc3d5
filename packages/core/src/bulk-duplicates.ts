// Duplicates in a bulk import (issue 8): a row whose front or question matches an item already in the
// deck or quiz, or an earlier row, ignoring markup and spacing; each resolved by skip, update or add.
import type { CardDraft, QuestionDraft, ValidRow } from './bulk-import.ts';
import { MSG } from './messages.ts';
import { htmlToPlainText } from './plain-text.ts';

export type DuplicateResolution = 'skip' | 'update' | 'add';
export type Duplicate =
  /** The first row matching an existing item: skip it, update that item (keeps progress) or add a copy. */
  | { kind: 'existing'; existingId: string; choices: readonly ['skip', 'update', 'add'] }
  /** A later row repeating an earlier row's front or question: skip it or add it too. */
  | { kind: 'row'; firstRow: number; choices: readonly ['skip', 'add'] };
export type ExistingItem = { id: string; text: string };

/** Text compared for duplicates: the item's plain text (tags removed, entities decoded, spacing folded, NFC). */
export const duplicateKey = (html: string): string => htmlToPlainText(html);

export const cardKey = (c: CardDraft): string => duplicateKey(c.front);
export const questionKey = (q: QuestionDraft): string => duplicateKey(q.question);

/** Row number → duplicate, for rows matching an existing item or an earlier row. */
export function findDuplicates<T>(
  rows: readonly ValidRow<T>[],
  keyOf: (item: T) => string,
  existing: readonly ExistingItem[],
): Map<number, Duplicate> {
  const byKey = new Map<string, string>();
  for (const e of existing) {
    const k = duplicateKey(e.text);
    if (!byKey.has(k)) byKey.set(k, e.id);
  }
  const firstRowOf = new Map<string, number>();
  const found = new Map<number, Duplicate>();
  for (const { row, item } of rows) {
    const k = keyOf(item);
    const earlier = firstRowOf.get(k);
    if (earlier !== undefined) {
      found.set(row, { kind: 'row', firstRow: earlier, choices: ['skip', 'add'] });
      continue;
    }
    firstRowOf.set(k, row);
    const id = byKey.get(k);
    if (id !== undefined)
      found.set(row, { kind: 'existing', existingId: id, choices: ['skip', 'update', 'add'] });
  }
  return found;
}

export type ImportPlan<T> =
  { ok: true; add: T[]; update: { id: string; item: T }[]; skipped: number[] } | { ok: false; error: string };

/**
 * What to write: valid rows that are not duplicates are added; each duplicate follows its resolution
 * (`fallback` when none is given; 'update' on a repeated row counts as skip). Nothing to write →
 * 'No card data provided to import.'.
 */
export function planImport<T>(
  rows: readonly ValidRow<T>[],
  duplicates: ReadonlyMap<number, Duplicate>,
  resolutions: ReadonlyMap<number, DuplicateResolution> = new Map(),
  fallback: DuplicateResolution = 'skip',
): ImportPlan<T> {
  const add: T[] = [];
  const update: { id: string; item: T }[] = [];
  const skipped: number[] = [];
  for (const { row, item } of rows) {
    const dup = duplicates.get(row);
    if (!dup) {
      add.push(item);
      continue;
    }
    const choice = resolutions.get(row) ?? fallback;
    if (choice === 'add') add.push(item);
    else if (choice === 'update' && dup.kind === 'existing') update.push({ id: dup.existingId, item });
    else skipped.push(row);
  }
  if (add.length === 0 && update.length === 0) return { ok: false, error: MSG.importEmpty };
  return { ok: true, add, update, skipped };
}
