// Form fields: labelled input and select with an optional hint; ids wired for screen readers.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx.ts';

const control =
  'w-full rounded-lg border border-muted bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60';

type Common = { label: string; hint?: ReactNode };

export function TextField({ label, hint, className, id, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input id={fieldId} className={control} {...rest} />
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}

export function SelectField({
  label,
  hint,
  className,
  id,
  children,
  ...rest
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select id={fieldId} className={control} {...rest}>
        {children}
      </select>
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}
