// /dashboard/stats — the student's stats page (SPEC §2). Admins and superadmins have no stats page in
// their shell: like any other unknown dashboard tab, it takes them to the admin home.
import { can } from '@zan/core';
import { Navigate } from 'react-router';
import { LoadingProfile } from '../../features/errors/index.ts';
import { StatsPage } from '../../features/stats/index.ts';
import { actorOf } from '../../lib/permissions.ts';
import { useAuth } from '../../lib/session/index.ts';
import { ADMIN_HOME } from './admin-tabs.ts';

export function StatsRoute() {
  const { profile } = useAuth();
  if (!profile) return <LoadingProfile />;
  if (can(actorOf(profile), 'admin.area')) return <Navigate to={ADMIN_HOME} replace />;
  return <StatsPage profile={profile} />;
}
