// The student dashboard lives in features/dashboard; mounted here for /dashboard (role user).
export { MODULES_EMPTY, StudentDashboard } from '../../features/dashboard/index.ts';
