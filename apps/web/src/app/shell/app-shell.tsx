// The signed-in shell by role (SPEC §2 Shells): students get the student navigation, admins and
// superadmins the 'Admin Dashboard' link. Renders from the cached profile, so it works offline.
// It is its own chunk and brings what only signed-in screens need: the sync engine (with the local
// store) and the query client.
import { can } from '@zan/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingProfile } from '../../features/errors/index.ts';
import { SearchLauncher } from '../../features/search/index.ts';
import { firstScreenCommitted } from '../../lib/first-screen.ts';
import { actorOf } from '../../lib/permissions.ts';
import { QueryProvider } from '../../lib/query-client.tsx';
import { useAuth } from '../../lib/session/index.ts';
import { SyncProvider } from '../../sync/sync-provider.tsx';
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
  const uid = profile?.uid;
  // Start-up: a study timer left by a page that died becomes a session (SPEC §4). A study page opened
  // at the same time handles its own timer (the saver skips a timer running here). Loaded on its own:
  // the study feature stays off the path to the first screen (offline reload ≤ 160 ms).
  useEffect(() => {
    if (uid)
      void import('../../features/study/index.ts').then(
        (m) => m.saveLeftoverTimer(uid),
        () => undefined,
      );
  }, [uid]);
  // The first signed-in screen is committed: requests that can wait start once it is painted.
  useEffect(() => {
    if (uid) firstScreenCommitted();
  }, [uid]);
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
  const admin = can(actorOf(profile), 'admin.area');
  return (
    <QueryProvider>
      <SyncProvider>
        <ShellLayout
          profile={profile}
          connection={connection}
          nav={admin ? ADMIN_NAV : STUDENT_NAV}
          homeTo={admin ? ADMIN_HOME : '/dashboard'}
          search={admin ? undefined : <SearchLauncher userId={profile.uid} />}
        >
          <Outlet />
        </ShellLayout>
      </SyncProvider>
    </QueryProvider>
  );
}
