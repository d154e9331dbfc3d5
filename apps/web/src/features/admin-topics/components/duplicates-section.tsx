// The duplicates of an import (issue 8), shared by Bulk Add and Import Questions / Cards: how many rows
// repeat an existing item or an earlier row, one choice for all (skip, update, add) and one per row.
import type { DuplicateResolution } from '@zan/core';
import { SelectField } from '../../../ui/index.ts';
import type { ImportDuplicates } from '../hooks/use-import-duplicates.ts';

const plural = (n: number, w: string) => `${n.toLocaleString()} ${w}${n === 1 ? '' : 's'}`;

export function DuplicatesSection({
  dups,
  item,
  where,
}: {
  dups: ImportDuplicates;
  /** 'card' or 'question'. */
  item: string;
  /** How a row is named to the admin: 'Row 3' (a spreadsheet's row), 'Line 12' (a file's line). */
  where: (row: number) => string;
}) {
  const rows = [...dups.duplicates.entries()];
  if (rows.length === 0) return null;
  return (
    <section
      aria-label="Duplicates"
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-3"
    >
      <p className="text-sm font-semibold text-fg">{`${plural(rows.length, 'row')} repeat an existing ${item} or an earlier row`}</p>
      <SelectField
        label="For every duplicate"
        value={dups.fallback}
        onChange={(e) => dups.setFallback(e.target.value as DuplicateResolution)}
      >
        <option value="skip">Skip it</option>
        <option value="update">Update the existing {item} (keeps progress)</option>
        <option value="add">Add it anyway</option>
      </SelectField>
      <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto text-sm">
        {rows.slice(0, 50).map(([row, d]) => (
          <li key={row} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-fg">
              {d.kind === 'existing'
                ? `${where(row)}: already in this set`
                : `${where(row)}: repeats ${where(d.firstRow).toLowerCase()}`}
            </span>
            <select
              aria-label={where(row)}
              value={dups.choices.get(row) ?? dups.fallback}
              onChange={(e) => dups.choose(row, e.target.value as DuplicateResolution)}
              className="rounded-lg border border-line bg-surface px-2 py-1 text-fg"
            >
              {d.choices.map((c) => (
                <option key={c} value={c}>
                  {c === 'skip' ? 'Skip' : c === 'update' ? 'Update' : 'Add'}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </section>
  );
}
