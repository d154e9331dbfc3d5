// Route access by sign-in state (SPEC §2 "Access by sign-in state"), as one pure function.
import type { AuthStatus } from '../lib/session/index.ts';

/** Token pages reached from an email (like a hosted auth action page): open in every state. */
const PUBLIC_PATHS = ['/reset-password'] as const;
const VERIFY_PATH = '/verify-email';
const HOME_PATH = '/dashboard';

const isPublic = (pathname: string) => PUBLIC_PATHS.some((p) => pathname === p || pathname === p + '/');

/**
 * Where a user in `status` who asks for `pathname` must go instead, or null to let them in.
 * - signed out: only `/` (and public token pages); every other app path goes to `/`, and a path that
 *   is no route at all shows '404: Page Not Found' (`unknownPath`);
 * - unverified: only `/verify-email`; every other path goes there;
 * - verified: `/` and `/verify-email` go to `/dashboard`; everything else is theirs (unknown → 404).
 */
export function guardRedirect(status: AuthStatus, pathname: string, unknownPath = false): string | null {
  if (status === 'loading' || isPublic(pathname)) return null;
  if (status === 'signedOut') return pathname === '/' || unknownPath ? null : '/';
  if (status === 'unverified') return pathname === VERIFY_PATH ? null : VERIFY_PATH;
  if (pathname === '/' || pathname === VERIFY_PATH) return HOME_PATH;
  return null;
}
