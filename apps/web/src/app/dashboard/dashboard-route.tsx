// /dashboard and /dashboard/:tab — the dashboard by role (SPEC §2). Students get their dashboard;
// admins and superadmins the admin dashboard (its own chunk); students on admin tabs see Access Denied.
import { can } from '@zan/core';
import { lazy } from 'react';
import { Outlet, useParams } from 'react-router';
import { AccessDenied, LoadingProfile, NotFoundPage } from '../../features/errors/index.ts';
import { actorOf } from '../../lib/permissions.ts';
import { useLiveAdminRefresh } from '../../lib/resources/use-live-refresh.ts';
import { useAuth } from '../../lib/session/index.ts';
import { isAdminTabId } from './admin-tabs.ts';
import { StudentDashboard } from './student-dashboard.tsx';

const AdminDashboard = lazy(() =>
  import('./admin-dashboard.tsx').then((m) => ({ default: m.AdminDashboard })),
);

export function DashboardRoute() {
  const { tab } = useParams();
  const { profile } = useAuth();
  if (!profile) return <LoadingProfile />;
  if (can(actorOf(profile), 'admin.area')) return <AdminDashboard profile={profile} tab={tab} />;
  if (tab === undefined) return <StudentDashboard profile={profile} />;
  if (isAdminTabId(tab)) return <AccessDenied />;
  return <NotFoundPage />;
}

/** /admin/* — admin pages (topic resources, editors) are its child routes; others see Access Denied. */
export function AdminGate() {
  const { profile } = useAuth();
  if (!profile) return <LoadingProfile />;
  if (!can(actorOf(profile), 'admin.area')) return <AccessDenied />;
  return <AdminPages />;
}

function AdminPages() {
  useLiveAdminRefresh();
  return <Outlet />;
}
