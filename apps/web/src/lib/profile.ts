// Display helpers for a user profile (badge, account page): full name, initials.
import type { UserProfile } from '@zan/core';

type Named = Pick<UserProfile, 'firstName' | 'lastName' | 'displayName' | 'email'>;

/** The full name, else the display name, else the email (SPEC §2 user badge). */
export function fullName(p: Named): string {
  const name = `${p.firstName} ${p.lastName}`.trim();
  return name || p.displayName.trim() || p.email;
}

export function initials(p: Named): string {
  const first = p.firstName.trim().charAt(0);
  const last = p.lastName.trim().charAt(0);
  if (first || last) return (first + last).toUpperCase();
  const source = p.displayName.trim() || p.email;
  return source.charAt(0).toUpperCase() || '?';
}
