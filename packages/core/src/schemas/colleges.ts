// College contracts (SPEC §3 college, §5 Colleges).
import { z } from 'zod';
import { MSG } from '../messages.ts';

export const collegeSchema = z.object({
  id: z.string(),
  name: z.string(),
  years: z.array(z.string()),
});
export type College = z.infer<typeof collegeSchema>;

const collegeName = z.string().trim().min(1, { message: MSG.collegeNameEmpty }).max(200);
const yearLabel = z.string().trim().min(1).max(200);

export const createCollegeBodySchema = z.strictObject({
  name: collegeName,
  years: z.array(yearLabel).max(100).default([]),
});
export const updateCollegeBodySchema = z.strictObject({
  name: collegeName.optional(),
  years: z.array(yearLabel).max(100).optional(),
});
export const deleteCollegeBodySchema = z.strictObject({ confirmName: z.string() });
