// A text-styled button for in-form switches (Forgot password?, Sign Up, Back to sign in).
import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../../ui/index.ts';

export function LinkButton({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={cx('rounded font-medium text-primary underline-offset-4 hover:underline', className)}
      {...rest}
    />
  );
}
