// The deck editor's card type (issue 20): 'Basic' (front and back) or 'Cloze' (one text with
// deletions and a Back Extra), chosen for a new card; a saved card or note keeps its type. The cloze
// preview picks which of the note's cards it shows, as students see each one.
import { clozeOrdinals } from '@zan/core';
import { useId } from 'react';
import { cx } from '../../../ui/index.ts';
import type { EntryKind } from '../deck-entries.ts';

const KINDS: readonly { kind: EntryKind; label: string }[] = [
  { kind: 'basic', label: 'Basic' },
  { kind: 'cloze', label: 'Cloze' },
];

export function CardKindSwitch({
  kind,
  onKind,
  locked,
}: {
  kind: EntryKind;
  onKind: (k: EntryKind) => void;
  /** A saved item: its type shows but does not change. */
  locked: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">Card type</legend>
      <span aria-hidden="true" className="text-sm font-medium text-fg">
        Card type
      </span>
      <div className="inline-flex rounded-xl border border-line bg-surface-2 p-1">
        {KINDS.map((k) => (
          <label
            key={k.kind}
            className={cx(
              'cursor-pointer rounded-lg px-4 py-1.5 text-sm font-semibold focus-within:outline-2 focus-within:outline-primary',
              kind === k.kind ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
              locked && kind !== k.kind && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={k.kind}
              checked={kind === k.kind}
              disabled={locked && kind !== k.kind}
              onChange={() => onKind(k.kind)}
              className="sr-only"
            />
            {k.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Which card of the note the preview shows: one button per deletion number. */
export function ClozeCardPicker({
  text,
  ord,
  onOrd,
}: {
  text: string;
  ord: number;
  onOrd: (n: number) => void;
}) {
  const ords = clozeOrdinals(text);
  if (!ords.length)
    return <p className="text-sm text-muted">{'Add a deletion such as {{c1::answer}} to make a card.'}</p>;
  return (
    <div role="group" aria-label="Preview card" className="flex flex-wrap items-center gap-1">
      <span className="mr-1 text-sm text-muted">{`${ords.length} card${ords.length === 1 ? '' : 's'}:`}</span>
      {ords.map((n) => (
        <button
          key={n}
          type="button"
          aria-pressed={n === ord}
          onClick={() => onOrd(n)}
          className={cx(
            'h-8 min-w-10 rounded-lg border px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-primary',
            n === ord
              ? 'border-primary bg-primary/12 text-primary'
              : 'border-line text-fg hover:bg-surface-2',
          )}
        >
          {`c${n}`}
        </button>
      ))}
    </div>
  );
}
