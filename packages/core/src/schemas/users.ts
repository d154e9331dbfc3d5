// User profile, sign-up and user-management contracts.
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { ROLES, type Role } from '../roles.ts';
import { text } from './common.ts';
import { EMAIL_PATTERN } from './names.ts';

/** Kept here, not in roles.ts, so code that only needs role rules does not load zod. */
const roleSchema = z.enum(ROLES);

export const userProfileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  collegeId: z.string().nullable(),
  collegeName: z.string().nullable(),
  yearGroup: z.string().nullable(),
  role: roleSchema,
  adminCollegeId: z.string().nullable(),
  adminCollegeName: z.string().nullable(),
  adminYearGroup: z.string().nullable(),
  activeSessionId: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Trimmed and lower-cased before the format check, so ' Ana@X.com' signs in as 'ana@x.com'. */
export const emailSchema = text()
  .trim()
  .toLowerCase()
  .pipe(
    z.string().max(254, { message: MSG.invalidEmail }).regex(EMAIL_PATTERN, { message: MSG.invalidEmail }),
  );
export const passwordSchema = text().min(MIN_PASSWORD_LENGTH, { message: MSG.passwordTooShort }).max(128);

export const signUpBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  firstName: text().trim().min(1, { message: MSG.firstNameRequired }).max(80),
  lastName: text().trim().min(1, { message: MSG.lastNameRequired }).max(80),
  collegeId: text().min(1, { message: MSG.selectCollegeAndYear }).max(100),
  yearGroup: text().min(1, { message: MSG.selectCollegeAndYear }).max(200),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** One row of the admin users tab (SPEC §2 Users tab). College names are joined in for display. */
const userListItemSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  collegeId: z.string().nullable(),
  collegeName: z.string().nullable(),
  yearGroup: z.string().nullable(),
  adminCollegeId: z.string().nullable(),
  adminCollegeName: z.string().nullable(),
  adminYearGroup: z.string().nullable(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** The users tab's sections, in display order; each pages on its own (ADMIN_PAGE_SIZE, by email). */
export const USER_GROUPS = ['superadmin', 'admin', 'user'] as const satisfies readonly Role[];

/**
 * GET /api/users?role=&search=&cursor= — one group (`role`) or everyone visible, ordered by email,
 * ADMIN_PAGE_SIZE per page; `nextCursor` is opaque and null on the last page.
 */
export const userListQuerySchema = z.strictObject({
  search: text().max(200).optional(),
  role: roleSchema.optional(),
  cursor: text().max(400).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const userListResponseSchema = z.object({
  users: z.array(userListItemSchema),
  nextCursor: z.string().nullable(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/**
 * POST /api/users/:id/role — promote (user → admin), update an admin's scope (admin → admin),
 * demote (admin → user, clears the scope), make superadmin. collegeId + yearGroup only for admin.
 */
export const setRoleBodySchema = z.strictObject({
  newRole: roleSchema,
  collegeId: text().max(100).optional(),
  yearGroup: text().max(200).optional(),
});
export type SetRoleBody = z.infer<typeof setRoleBodySchema>;
export const userResponseSchema = z.object({ user: userListItemSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** DELETE /api/users/:id needs the user's email typed exactly ('Confirmation text does not match.'). */
export const deleteUserBodySchema = z.strictObject({ confirmEmail: text().max(300) });
export type DeleteUserBody = z.infer<typeof deleteUserBodySchema>;
