// Admin colleges tab ('College Management', superadmin): mounted by the admin shell at /dashboard/colleges.
export { CollegesTab } from './colleges-tab.tsx';
