// College and Year Group selects of an admin form whose caller picks where the item lives (a
// superadmin): choosing a college clears the year group; the years are the college's, sorted.
import { GLOBAL_YEAR_GROUP, sortedYears } from '@zan/core';
import { SelectField } from '../../ui/index.ts';

type Scope = { collegeId: string; yearGroup: string };

type Props = {
  form: {
    values: Scope;
    set: (key: 'yearGroup', value: string) => void;
    patch: (next: Scope) => void;
    invalid: (key: keyof Scope) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  };
  colleges: { data?: { id: string; name: string; years: string[] }[] | undefined; isPending: boolean };
  /** Show the Year Group select (off for a global module: every year group). */
  withYear?: boolean;
  /** Offer 'Every year group' first. */
  everyYear?: boolean;
  /** Disable the College select while the colleges load. */
  lockWhileLoading?: boolean;
};

export function CollegeYearFields({ form, colleges, withYear = true, everyYear, lockWhileLoading }: Props) {
  const college = colleges.data?.find((c) => c.id === form.values.collegeId);
  return (
    <>
      <SelectField
        label="College"
        value={form.values.collegeId}
        onChange={(e) => form.patch({ collegeId: e.target.value, yearGroup: '' })}
        {...(lockWhileLoading ? { disabled: colleges.isPending } : {})}
        {...form.invalid('collegeId')}
      >
        <option value="">{colleges.isPending ? 'Loading colleges…' : 'Select college'}</option>
        {colleges.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {withYear && (
        <SelectField
          label="Year Group"
          value={form.values.yearGroup}
          onChange={(e) => form.set('yearGroup', e.target.value)}
          disabled={!college}
          {...form.invalid('yearGroup')}
        >
          <option value="">Select year group</option>
          {college && everyYear && <option value={GLOBAL_YEAR_GROUP}>Every year group</option>}
          {college &&
            sortedYears(college.years).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
        </SelectField>
      )}
    </>
  );
}
