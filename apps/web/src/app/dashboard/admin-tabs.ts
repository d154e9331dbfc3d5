// The admin dashboard's tabs as data (SPEC §2 Admin shell). Each loads its own chunk on first use.
// Content tabs (modules, subjects, topics, announcements, global_modules, archive) join this list as
// they are built; the first tab is the admin home ('Admin Dashboard' link, /dashboard for admins).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type AdminTab = {
  id: string;
  label: string;
  superadminOnly?: boolean;
  component: LazyExoticComponent<ComponentType>;
};

export const ADMIN_TABS: AdminTab[] = [
  {
    id: 'users',
    label: 'User Management',
    component: lazy(() => import('../../features/admin-users/index.ts').then((m) => ({ default: m.UsersTab }))),
  },
  {
    id: 'colleges',
    label: 'College Management',
    superadminOnly: true,
    component: lazy(() => import('../../features/admin-colleges/index.ts').then((m) => ({ default: m.CollegesTab }))),
  },
];

/** Every admin tab of SPEC §2, built or not: a student asking for one sees Access Denied. */
export const ADMIN_TAB_IDS = [
  'modules',
  'subjects',
  'topics',
  'announcements',
  'users',
  'colleges',
  'global_modules',
  'archive',
] as const;
export const SUPERADMIN_TAB_IDS = ['colleges', 'global_modules', 'archive'] as const;

export const isAdminTabId = (tab: string): boolean => (ADMIN_TAB_IDS as readonly string[]).includes(tab);
export const isSuperadminTabId = (tab: string): boolean => (SUPERADMIN_TAB_IDS as readonly string[]).includes(tab);

export const tabsFor = (superadmin: boolean): AdminTab[] => ADMIN_TABS.filter((t) => superadmin || !t.superadminOnly);

/** The admin home: the first tab ('/dashboard/modules' once the modules tab exists). */
export const ADMIN_HOME = `/dashboard/${ADMIN_TABS[0]?.id ?? 'users'}`;
