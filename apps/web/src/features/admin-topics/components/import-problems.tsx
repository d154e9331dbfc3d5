// An import's items that cannot be imported as written (issue 21): each error by line with its messages
// and 'Edit', which opens that item's source text to fix and 'Recheck' (the whole text read again with
// the fix in place, no re-upload); and the items left out, by line with the reason.
import type { ReadError, Skipped, SourceSpan } from '@zan/core';
import { useState, type ReactNode } from 'react';
import { Button, TextAreaField } from '../../../ui/index.ts';
import { plural } from '../hooks/use-import-upload.ts';

const SHOWN = 100;

function FixError({
  error,
  source,
  onRecheck,
  onCancel,
}: {
  error: ReadError;
  source: string;
  onRecheck: (fixed: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(source);
  return (
    <div className="mt-2 flex flex-col gap-2">
      <TextAreaField
        label={`Source of line ${error.line}`}
        rows={Math.min(10, Math.max(2, draft.split('\n').length + 1))}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        className="font-mono text-sm"
        spellCheck={false}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onRecheck(draft)}>
          Recheck
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

export function ImportErrors({
  errors,
  sourceOf,
  recheck,
  disabled,
  children,
}: {
  errors: readonly ReadError[];
  sourceOf: (span: SourceSpan) => string;
  recheck: (span: SourceSpan, fixed: string) => void;
  /** While the text is being read again: its spans are not yet those of the list. */
  disabled: boolean;
  /** 'Import valid items only'. */
  children: ReactNode;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  if (errors.length === 0) return null;
  return (
    <section
      aria-label="Items with errors"
      className="flex flex-col gap-2 rounded-xl border border-danger/40 bg-danger/5 p-3"
    >
      <p className="text-sm font-semibold text-danger">{`${plural(errors.length, 'item')} with errors`}</p>
      <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto text-sm text-fg">
        {errors.slice(0, SHOWN).map((e) => (
          <li key={e.start} className="flex flex-col">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <span className="min-w-0 flex-1">{`Line ${e.line}: ${e.messages.join(' ')}`}</span>
              {editing !== e.start && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={disabled}
                  onClick={() => setEditing(e.start)}
                  aria-label={`Edit line ${e.line}`}
                >
                  Edit
                </Button>
              )}
            </div>
            {editing === e.start && (
              <FixError
                error={e}
                source={sourceOf(e)}
                onCancel={() => setEditing(null)}
                onRecheck={(fixed) => (setEditing(null), recheck(e, fixed))}
              />
            )}
          </li>
        ))}
      </ul>
      {errors.length > SHOWN && <p className="text-sm text-muted">{`and ${errors.length - SHOWN} more`}</p>}
      {children}
    </section>
  );
}

export function ImportSkipped({ skipped }: { skipped: readonly Skipped[] }) {
  if (skipped.length === 0) return null;
  return (
    <section
      aria-label="Left out"
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-3"
    >
      <p className="text-sm font-semibold text-fg">{`${plural(skipped.length, 'item')} left out`}</p>
      <ul className="max-h-40 overflow-y-auto text-sm text-fg">
        {skipped.slice(0, SHOWN).map((s) => (
          <li key={s.start}>{`Line ${s.line}: ${s.what} — ${s.reason}`}</li>
        ))}
      </ul>
      {skipped.length > SHOWN && <p className="text-sm text-muted">{`and ${skipped.length - SHOWN} more`}</p>}
    </section>
  );
}
