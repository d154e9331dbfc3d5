// The user badge (SPEC §2): initials, full name or email, role label; leads to the account page.
import { roleLabel, type UserProfile } from '@zan/core';
import { Link } from 'react-router';
import { cx } from '../../ui/index.ts';
import { fullName, initials } from '../../lib/profile.ts';

export const ACCOUNT_PATH = '/dashboard/account';

export function UserBadge({
  profile,
  className,
  current,
}: {
  profile: UserProfile;
  className?: string;
  current?: boolean;
}) {
  return (
    <Link
      to={ACCOUNT_PATH}
      aria-current={current ? 'page' : undefined}
      title="Account"
      className={cx(
        'flex min-w-0 items-center gap-2.5 rounded-xl border border-transparent py-1 pl-1 pr-3 transition hover:border-line hover:bg-surface-2',
        current && 'border-line bg-surface-2',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-fg"
      >
        {initials(profile)}
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="max-w-[11rem] truncate text-sm font-medium text-fg">{fullName(profile)}</span>
        <span className="text-[0.7rem] font-semibold tracking-wider text-muted">
          {roleLabel(profile.role)}
        </span>
      </span>
    </Link>
  );
}
