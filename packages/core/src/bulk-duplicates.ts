// Duplicates in a bulk import (issue 8): a row whose front or question matches an item already in the
// deck or quiz, or an earlier row, ignoring markup and spacing; each resolved by skip, update or add.
import type { CardDraft, QuestionDraft, ValidRow } from './bulk-import.ts';
import { MSG } from './messages.ts';

export type DuplicateResolution = 'skip' | 'update' | 'add';
export type Duplicate =
  /** The first row matching an existing item: skip it, update that item (keeps progress) or add a copy. */
  | { kind: 'existing'; existingId: string; choices: readonly ['skip', 'update', 'add'] }
  /** A later row repeating an earlier row's front or question: skip it or add it too. */
  | { kind: 'row'; firstRow: number; choices: readonly ['skip', 'add'] };
export type ExistingItem = { id: string; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text compared for duplicates: tags removed, common entities decoded, whitespace collapsed, NFC. */
export function duplicateKey(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

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
