// College contracts (SPEC §3 college, §5 Colleges): the list the sign-up form reads and the
// superadmin's add / rename / year-group / delete requests.
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { text } from './common.ts';

const collegeSchema = z.object({
  id: z.string(),
  name: z.string(),
  years: z.array(z.string()),
});
export type College = z.infer<typeof collegeSchema>;

const collegeNameSchema = text().trim().min(1, { message: MSG.collegeNameEmpty }).max(200);
/** A year-group label (free text such as 'First Year, 2024-2025'); added only if non-empty. */
const yearLabelSchema = text().trim().min(1, { message: MSG.yearGroupEmpty }).max(200);

export const createCollegeBodySchema = z.strictObject({
  name: collegeNameSchema,
  years: z.array(yearLabelSchema).max(100).default([]),
});
export type CreateCollegeBody = z.input<typeof createCollegeBodySchema>;

/** PATCH: `years` replaces the whole list (duplicates are dropped; removing a year still in use is refused). */
export const updateCollegeBodySchema = z.strictObject({
  name: collegeNameSchema.optional(),
  years: z.array(yearLabelSchema).max(100).optional(),
});
export type UpdateCollegeBody = z.infer<typeof updateCollegeBodySchema>;

/** DELETE needs the exact college name typed ('Confirmation text does not match.'). */
export const deleteCollegeBodySchema = z.strictObject({ confirmName: text().max(300) });
export type DeleteCollegeBody = z.infer<typeof deleteCollegeBodySchema>;

export const collegeListResponseSchema = z.object({ colleges: z.array(collegeSchema) });
export type CollegeListResponse = z.infer<typeof collegeListResponseSchema>;
export const collegeResponseSchema = z.object({ college: collegeSchema });
export type CollegeResponse = z.infer<typeof collegeResponseSchema>;

/** Trimmed, non-empty, first occurrence kept: the one rule for a college's year list. */
export function normalizeYears(years: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of years) {
    const y = raw.trim();
    if (y && !out.includes(y)) out.push(y);
  }
  return out;
}
