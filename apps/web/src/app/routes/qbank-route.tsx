// /qbank, /qbank/block/:blockId, /qbank/review/:blockId — the question bank (issue 19), a student's
// screens: admins and superadmins, who have no study data in their shell, go to the admin home.
import { can } from '@zan/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingProfile } from '../../features/errors/index.ts';
import { BlockPage, BlockReviewPage, QbankPage } from '../../features/qbank/index.ts';
import { actorOf } from '../../lib/permissions.ts';
import { useAuth } from '../../lib/session/index.ts';
import { ADMIN_HOME } from '../dashboard/admin-tabs.ts';

function StudentOnly({ children }: { children: ReactNode }) {
  const { profile } = useAuth();
  if (!profile) return <LoadingProfile />;
  if (can(actorOf(profile), 'admin.area')) return <Navigate to={ADMIN_HOME} replace />;
  return children;
}

export const QbankRoute = () => (
  <StudentOnly>
    <QbankPage />
  </StudentOnly>
);
export const QbankBlockRoute = () => (
  <StudentOnly>
    <BlockPage />
  </StudentOnly>
);
export const QbankReviewRoute = () => (
  <StudentOnly>
    <BlockReviewPage />
  </StudentOnly>
);
