// Admin announcements and paid-module grants contract (SPEC §2 announcements / users tabs, §5
// Announcements and Users, §7 purchasedModules). Routes: apps/server/CONTEXT.md "Admin content API".
import { z } from 'zod';
import { idSchema, text } from './common.ts';
import { listCursor, listSearch, nextCursor } from './admin-list.ts';
import { MSG } from '../messages.ts';
import { ANNOUNCEMENT_TYPES, announcementDtoSchema } from './content.ts';

const ms = z.number({ message: MSG.announcementRequired }).int({ message: MSG.announcementRequired });
/** Dates travel as epoch ms, within years 1–9999 (inside PostgreSQL's timestamptz range). */
const date = ms
  .min(-62_135_596_800_000, { message: MSG.announcementRequired })
  .max(253_402_300_799_999, { message: MSG.announcementRequired });
const title = text({ message: MSG.announcementRequired })
  .trim()
  .min(1, { message: MSG.announcementRequired })
  .max(300);
const description = text().trim().max(5000).nullable().optional();

export const ANNOUNCEMENT_DEFAULT_TYPE = 'General' satisfies (typeof ANNOUNCEMENT_TYPES)[number];
/** SPEC §5 defaults: expiry seven days after the event date. */
export const ANNOUNCEMENT_DEFAULT_EXPIRY_DAYS = 7;

const adminAnnouncementSchema = announcementDtoSchema.extend({
  createdBy: text().nullable(),
  collegeName: text().nullable(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

/**
 * POST /api/admin/announcements. An admin's lands in their scope (collegeId / yearGroup omitted or
 * equal to it); a superadmin gives both (yearGroup may be 'global': the whole college).
 * 'Title, Event Date, and Expiration Date are required.'; 'Expiration date cannot be before the event date.'
 */
export const announcementCreateBodySchema = z
  .strictObject({
    title,
    description,
    type: z.enum(ANNOUNCEMENT_TYPES).default(ANNOUNCEMENT_DEFAULT_TYPE),
    date,
    expiresAt: date,
    collegeId: text().max(100).optional(),
    yearGroup: text().max(200).optional(),
  })
  .refine((b) => b.expiresAt >= b.date, { message: MSG.announcementExpiryBeforeDate, path: ['expiresAt'] });
export type AnnouncementCreateBody = z.input<typeof announcementCreateBodySchema>;
/** PATCH /api/admin/announcements/:id — any subset; the merged dates must keep expiry ≥ event date. */
export const announcementUpdateBodySchema = z.strictObject({
  title: title.optional(),
  description,
  type: z.enum(ANNOUNCEMENT_TYPES).optional(),
  date: date.optional(),
  expiresAt: date.optional(),
});
export type AnnouncementUpdateBody = z.infer<typeof announcementUpdateBodySchema>;
/** GET /api/admin/announcements?search=&cursor= — non-archived, newest event date first; search by title. */
export const announcementListQuerySchema = z.strictObject({ search: listSearch, cursor: listCursor });
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;
export const announcementListResponseSchema = z.object({
  announcements: z.array(adminAnnouncementSchema),
  nextCursor,
});
export type AnnouncementListResponse = z.infer<typeof announcementListResponseSchema>;
export const announcementResponseSchema = z.object({ announcement: adminAnnouncementSchema });
export type AnnouncementResponse = z.infer<typeof announcementResponseSchema>;

// ---- Paid-module grants (users tab) ----
const ownedModuleSchema = z.object({
  moduleId: text(),
  name: text(),
  stage: z.number().int(),
  isGlobal: z.boolean(),
  purchasedAt: z.number().int(),
  grantedBy: text().nullable(),
});
export type OwnedModule = z.infer<typeof ownedModuleSchema>;
const grantableModuleSchema = z.object({
  id: text(),
  name: text(),
  stage: z.number().int(),
  isGlobal: z.boolean(),
});
export type GrantableModule = z.infer<typeof grantableModuleSchema>;
/**
 * GET /api/admin/users/:id/modules — the paid modules the user owns, and those the caller may grant
 * (not free, not archived, in the user's — and an admin's own — college and year group or global, not owned).
 * PUT /api/admin/users/:id/modules/:moduleId grants, DELETE revokes; both answer this shape.
 */
export const userModulesResponseSchema = z.object({
  owned: z.array(ownedModuleSchema),
  grantable: z.array(grantableModuleSchema),
});
export type UserModulesResponse = z.infer<typeof userModulesResponseSchema>;
export const userModuleParamsSchema = z.strictObject({ id: idSchema, moduleId: idSchema });
