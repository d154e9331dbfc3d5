// Form fields: labelled input and select with an optional hint; ids wired for screen readers.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx.ts';

const control =
  'w-full rounded-lg border border-muted bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60';

type Common = { label: string; hint?: ReactNode };

export function TextField({
  label,
  hint,
  className,
  id,
  ...rest
}: Common & InputHTMLAttributes<HTMLInputElement>) {
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

export function TextAreaField({
  label,
  hint,
  className,
  id,
  ...rest
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <textarea id={fieldId} className={cx(control, 'resize-y')} {...rest} />
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}

export function CheckboxField({
  label,
  hint,
  className,
  id,
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={cx('flex items-start gap-2', className)}>
      <input
        id={fieldId}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary disabled:opacity-60"
        {...rest}
      />
      <div className="min-w-0">
        <label htmlFor={fieldId} className="text-sm font-medium text-fg">
          {label}
        </label>
        {hint && <p className="text-xs text-muted">{hint}</p>}
      </div>
    </div>
  );
}
