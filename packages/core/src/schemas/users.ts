// User profile, sign-up and user-management contracts.
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { roleSchema } from '../roles.ts';

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

export const emailSchema = z.email({ message: MSG.invalidEmail }).max(254);
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: MSG.passwordTooShort })
  .max(128);

export const signUpBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
  collegeId: z.string().min(1, { message: MSG.selectCollegeAndYear }),
  yearGroup: z.string().min(1, { message: MSG.selectCollegeAndYear }),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const userListItemSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  collegeId: z.string().nullable(),
  yearGroup: z.string().nullable(),
  adminCollegeId: z.string().nullable(),
  adminYearGroup: z.string().nullable(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListQuerySchema = z.strictObject({
  search: z.string().max(200).optional(),
  role: roleSchema.optional(),
  cursor: z.string().max(300).optional(),
});
export const userListResponseSchema = z.object({
  users: z.array(userListItemSchema),
  nextCursor: z.string().nullable(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const setRoleBodySchema = z.strictObject({
  newRole: roleSchema,
  collegeId: z.string().optional(),
  yearGroup: z.string().optional(),
});
export type SetRoleBody = z.infer<typeof setRoleBodySchema>;

export const deleteUserBodySchema = z.strictObject({ confirmEmail: z.string() });
