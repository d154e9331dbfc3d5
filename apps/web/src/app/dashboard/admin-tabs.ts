// The admin dashboard's tabs as data (SPEC §2 Admin shell). Each loads its own chunk on first use and
// shows only when core `can()` allows its action; the first tab is the admin home ('Admin Dashboard').
import type { Action } from '@zan/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type AdminTab = {
  id: string;
  label: string;
  /** The action the tab needs (asked of can() with no target). */
  action: Action;
  component: LazyExoticComponent<ComponentType>;
};

const modules = () => import('../../features/admin-modules/index.ts');
const subjects = () => import('../../features/admin-subjects/index.ts');
const topics = () => import('../../features/admin-topics/index.ts');

export const ADMIN_TABS: AdminTab[] = [
  {
    id: 'modules',
    label: 'Modules',
    action: 'admin.area',
    component: lazy(() => modules().then((m) => ({ default: m.ModulesTab }))),
  },
  {
    id: 'subjects',
    label: 'Subjects',
    action: 'admin.area',
    component: lazy(() => subjects().then((m) => ({ default: m.SubjectsTab }))),
  },
  {
    id: 'topics',
    label: 'Topics',
    action: 'admin.area',
    component: lazy(() => topics().then((m) => ({ default: m.TopicsTab }))),
  },
  {
    id: 'announcements',
    label: 'Announcements',
    action: 'admin.area',
    component: lazy(() =>
      import('../../features/admin-announcements/index.ts').then((m) => ({ default: m.AnnouncementsTab })),
    ),
  },
  {
    id: 'images',
    label: 'Images',
    // Images belong to a college and year group's content: who may edit resources manages them.
    action: 'resource.edit',
    component: lazy(() =>
      import('../../features/admin-images/index.ts').then((m) => ({ default: m.ImagesTab })),
    ),
  },
  {
    id: 'users',
    label: 'User Management',
    action: 'admin.area',
    component: lazy(() =>
      import('../../features/admin-users/index.ts').then((m) => ({ default: m.UsersTab })),
    ),
  },
  {
    id: 'colleges',
    label: 'College Management',
    action: 'colleges.manage',
    component: lazy(() =>
      import('../../features/admin-colleges/index.ts').then((m) => ({ default: m.CollegesTab })),
    ),
  },
  {
    id: 'global_modules',
    label: 'Global Modules',
    action: 'globalModules.manage',
    component: lazy(() => modules().then((m) => ({ default: m.GlobalModulesTab }))),
  },
  {
    id: 'archive',
    label: 'Archived Content',
    action: 'archive.manage',
    component: lazy(() =>
      import('../../features/admin-archive/index.ts').then((m) => ({ default: m.ArchiveTab })),
    ),
  },
];

/** Every admin tab of SPEC §2: a student asking for one sees Access Denied. */
const ADMIN_TAB_IDS = ADMIN_TABS.map((t) => t.id);
export const isAdminTabId = (tab: string): boolean => ADMIN_TAB_IDS.includes(tab);

/** The admin home ('Admin Dashboard' link). */
export const ADMIN_HOME = '/dashboard/modules';
