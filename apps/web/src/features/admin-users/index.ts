// Admin users tab ('User Management'): mounted by the admin shell at /dashboard/users.
export { UsersTab } from './users-tab.tsx';
