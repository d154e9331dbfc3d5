// The signed-in shell by role (SPEC §2 Shells): students get the student navigation, admins and
// superadmins the 'Admin Dashboard' link. Renders from the cached profile, so it works offline.
import { isAdminRole } from '@zan/core';
import { Outlet } from 'react-router';
import { LoadingProfile } from '../../features/errors/index.ts';
import { useAuth } from '../../lib/session/index.ts';
import { ADMIN_HOME } from '../dashboard/admin-tabs.ts';
import { STUDENT_NAV, type NavItem } from './nav.ts';
import { ShellLayout } from './shell-layout.tsx';
import { ACCOUNT_PATH } from './user-badge.tsx';

const ADMIN_NAV: NavItem[] = [
  {
    to: ADMIN_HOME,
    label: 'Admin Dashboard',
    activeWhen: (p) => (p.startsWith('/dashboard') && !p.startsWith(ACCOUNT_PATH)) || p.startsWith('/admin/'),
  },
];

export function AppShell() {
  const { profile, connection, status } = useAuth();
  // Without a profile the guards only let a signed-out visitor through to a path that is no route
  // at all: show its '404: Page Not Found' without the signed-in chrome.
  if (!profile)
    return status === 'signedOut' ? (
      <main id="main">
        <Outlet />
      </main>
    ) : (
      <LoadingProfile />
    );
  const admin = isAdminRole(profile.role);
  return (
    <ShellLayout
      profile={profile}
      connection={connection}
      nav={admin ? ADMIN_NAV : STUDENT_NAV}
      homeTo={admin ? ADMIN_HOME : '/dashboard'}
    >
      <Outlet />
    </ShellLayout>
  );
}
