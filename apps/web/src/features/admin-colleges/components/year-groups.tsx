// A college's year groups (sorted): add one (non-empty, no repeats), remove one after a confirmation.
import { MSG, sortedYears, type College } from '@zan/core';
import { useState, type FormEvent } from 'react';
import { Button, ConfirmDialog, useToast } from '../../../ui/index.ts';
import { collegeFailureText } from '../failure.ts';
import { useCollegeMutations } from '../hooks/use-colleges.ts';
import { CloseSmallIcon } from '../../../ui/icons.tsx';

export function YearGroups({ college }: { college: College }) {
  const { update } = useCollegeMutations();
  const toast = useToast();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const label = draft.trim();
  const duplicate = label !== '' && college.years.includes(label);

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!label || duplicate) return;
    try {
      await update.mutateAsync({ id: college.id, body: { years: [...college.years, label] } });
      toast.success(`Year group "${label}" added.`);
      setDraft('');
      setError(null);
    } catch (err) {
      setError(collegeFailureText(MSG.addYearFailed, err));
    }
  }

  async function remove(year: string) {
    try {
      await update.mutateAsync({ id: college.id, body: { years: college.years.filter((y) => y !== year) } });
    } catch (err) {
      throw new Error(collegeFailureText(MSG.deleteYearFailed, err), { cause: err });
    }
    toast.success(`Year group "${year}" removed.`);
  }

  const years = sortedYears(college.years);
  return (
    <div className="flex flex-col gap-3">
      {years.length === 0 ? (
        <p className="text-sm text-muted">No year groups yet. Students need one to sign up.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={`Year groups of ${college.name}`}>
          {years.map((y) => (
            <li
              key={y}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-line bg-surface-2 py-1 pl-3 pr-1 text-sm text-fg"
            >
              <span className="truncate">{y}</span>
              <button
                type="button"
                onClick={() => setRemoving(y)}
                aria-label={`Remove year group ${y}`}
                className="grid size-6 shrink-0 place-items-center rounded-full text-muted hover:bg-danger/10 hover:text-danger"
              >
                <CloseSmallIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void add(e)} className="flex gap-2" noValidate>
        <input
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          placeholder="Add a year group, e.g. First Year, 2025-2026"
          aria-label={`New year group for ${college.name}`}
          maxLength={200}
          className="min-w-0 flex-1 rounded-lg border border-muted bg-surface px-3 py-1.5 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          className="h-9"
          disabled={!label || duplicate}
          busy={update.isPending && !removing}
        >
          Add
        </Button>
      </form>
      {duplicate && <p className="text-xs text-muted">This year group already exists.</p>}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove year group?"
        body={`"${removing ?? ''}" will no longer be offered at sign-up for ${college.name}. A year group still used by students, admins or content cannot be removed.`}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : undefined)}
      />
    </div>
  );
}
