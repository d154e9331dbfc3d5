// The web's side of "permissions defined once": the signed-in profile as a core `Actor`, so screens
// ask core `can()` whether to show, hide or disable an action — no role check in a component.
import type { Actor, UserProfile } from '@zan/core';

export const actorOf = (p: UserProfile): Actor => ({
  id: p.uid,
  role: p.role,
  emailVerified: p.emailVerified,
  collegeId: p.collegeId,
  yearGroup: p.yearGroup,
  adminCollegeId: p.adminCollegeId,
  adminYearGroup: p.adminYearGroup,
});
