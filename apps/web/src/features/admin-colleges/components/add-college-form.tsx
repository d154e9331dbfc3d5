// Add a college: a name and, optionally, its first year groups (one per line).
import { MSG } from '@zan/core';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Card, TextField, useToast } from '../../../ui/index.ts';
import { collegeFailureText, parseYearLines } from '../failure.ts';
import { useCollegeMutations } from '../hooks/use-colleges.ts';

export function AddCollegeForm() {
  const { create } = useCollegeMutations();
  const toast = useToast();
  const yearsId = useId();
  const [name, setName] = useState('');
  const [years, setYears] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(MSG.collegeNameEmpty);
      return;
    }
    try {
      const college = await create.mutateAsync({ name: name.trim(), years: parseYearLines(years) });
      toast.success(`College "${college.name}" added.`);
      setName('');
      setYears('');
      setError(null);
    } catch (err) {
      setError(collegeFailureText(MSG.addCollegeFailed, err));
    }
  }

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-fg">Add college</h2>
      <form onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-3" noValidate>
        <TextField
          label="College name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          placeholder="e.g. Kasr Al Ainy Faculty of Medicine"
          maxLength={200}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={yearsId} className="text-sm font-medium text-fg">
            Year groups <span className="font-normal text-muted">(optional, one per line)</span>
          </label>
          <textarea
            id={yearsId}
            value={years}
            onChange={(e) => {
              setYears(e.target.value);
              setError(null);
            }}
            rows={3}
            placeholder={'First Year, 2024-2025\nSecond Year, 2024-2025'}
            className="w-full resize-y rounded-lg border border-muted bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
          />
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <div>
          <Button type="submit" busy={create.isPending}>
            Add College
          </Button>
        </div>
      </form>
    </Card>
  );
}
