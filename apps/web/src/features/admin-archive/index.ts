// Admin archive tab ('Archived Content', superadmin): mounted by the admin shell at /dashboard/archive.
export { ArchiveTab } from './archive-tab.tsx';
