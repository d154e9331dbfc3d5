// Spinner: an accessible loading indicator.
import { cx } from './cx.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cx(
          'inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent',
          className,
        )}
      />
      {label && <span>{label}</span>}
    </span>
  );
}
