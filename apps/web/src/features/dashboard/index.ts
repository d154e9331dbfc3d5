// Dashboard feature: the student dashboard (module groups from the local store).
export { StudentDashboard, MODULES_EMPTY } from './components/student-dashboard.tsx';
export { primeDashboardModules } from './local/dashboard-queries.ts';
