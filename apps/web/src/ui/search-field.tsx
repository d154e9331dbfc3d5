// SearchField: the admin lists' search box (User Management's too), with its error shown right under
// it (SPEC §8). The border is the muted token: input borders keep 3:1 contrast on every theme.
import { useId } from 'react';
import { cx } from './cx.ts';
import { SearchIcon } from './icons.tsx';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string | null | undefined;
  className?: string;
};

export function SearchField({ label, value, onChange, placeholder, error, className }: Props) {
  const id = useId();
  return (
    <div className={cx('w-full', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative mt-1">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full rounded-lg border border-muted bg-surface py-2 pl-9 pr-3 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
