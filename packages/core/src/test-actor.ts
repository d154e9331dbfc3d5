// Tests only: an Actor with defaults (a verified student of c1 / Y1), for the permission tests.
import type { Actor } from './roles.ts';

export const testActor = (over: Partial<Actor> = {}): Actor => ({
  id: 'u1',
  role: 'user',
  emailVerified: true,
  collegeId: 'c1',
  yearGroup: 'Y1',
  adminCollegeId: null,
  adminYearGroup: null,
  ...over,
});
