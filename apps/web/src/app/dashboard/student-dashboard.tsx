// The student dashboard lives in features/dashboard; mounted here for /dashboard (role user).
export { StudentDashboard } from '../../features/dashboard/index.ts';
