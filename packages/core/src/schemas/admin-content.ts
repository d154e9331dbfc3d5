// Admin content API contract (issue 7; SPEC §2 admin tabs, §5 forms, §7 reads/writes, §9 paging):
// modules, subjects, topics, the select options, the archive and global modules. Routes are listed
// in apps/server/CONTEXT.md "Admin content API". Lists page ADMIN_PAGE_SIZE (archive ARCHIVE_PAGE_SIZE)
// with an opaque `nextCursor` (null on the last page).
import { z } from 'zod';
import { idSchema as id, text } from './common.ts';
import { listCursor as cursor, listSearch as search, nextCursor } from './admin-list.ts';
import { MIN_MODULE_STAGE } from '../constants.ts';
import { MSG } from '../messages.ts';
import { moduleDtoSchema, subjectDtoSchema, topicDtoSchema } from './content.ts';

const ms = z.number().int();
/** A trimmed name; empty gives the form's "required" message. */
const name = (required: string) =>
  text().trim().min(1, { message: required }).max(200, { message: required });
/** A parent's id; empty gives the form's "required" message (so does a missing one when `ifMissing`). */
const parentId = (required: string, ifMissing?: 'ifMissing') =>
  text(ifMissing && { message: required })
    .min(1, { message: required })
    .max(100);
const stage = z
  .number({ message: MSG.moduleRequired })
  .int({ message: MSG.stageMin })
  .min(MIN_MODULE_STAGE, { message: MSG.stageMin })
  .max(100, { message: MSG.stageMin });
const extraInfo = text().trim().max(2000).nullable().optional();
const archived = { archivedAt: ms.nullable(), archivedBy: text().nullable() };

// ---- Rows as the admin screens see them (the sync DTO plus names and archive facts) ----
const adminModuleSchema = moduleDtoSchema.extend({ collegeName: text().nullable(), ...archived });
export type AdminModule = z.infer<typeof adminModuleSchema>;
const adminSubjectSchema = subjectDtoSchema.extend({ moduleName: text(), ...archived });
export type AdminSubject = z.infer<typeof adminSubjectSchema>;
export const adminTopicSchema = topicDtoSchema.extend({
  subjectName: text(),
  moduleName: text(),
  ...archived,
});
export type AdminTopic = z.infer<typeof adminTopicSchema>;

// ---- Modules ----
/**
 * POST /api/admin/modules. An admin's module lands in their scope (collegeId / yearGroup may be
 * omitted or must equal it). A superadmin gives collegeId + yearGroup, or `isGlobal: true` with a
 * collegeId (global mode: yearGroup is forced to 'global'). Missing name / stage / college →
 * 'Module Name, Stage, and College are required.'
 */
export const moduleCreateBodySchema = z.strictObject({
  name: name(MSG.moduleRequired),
  stage,
  isFree: z.boolean().default(true),
  extraInfo,
  isGlobal: z.boolean().default(false),
  collegeId: text().max(100).optional(),
  yearGroup: text().max(200).optional(),
});
export type ModuleCreateBody = z.input<typeof moduleCreateBodySchema>;
/** PATCH /api/admin/modules/:id — any subset; moving college / year re-scopes the whole subtree. */
export const moduleUpdateBodySchema = z.strictObject({
  name: name(MSG.moduleRequired).optional(),
  stage: stage.optional(),
  isFree: z.boolean().optional(),
  extraInfo,
  collegeId: parentId(MSG.moduleRequired).optional(),
  yearGroup: text().min(1, { message: MSG.moduleRequired }).max(200).optional(),
});
export type ModuleUpdateBody = z.infer<typeof moduleUpdateBodySchema>;
/** GET /api/admin/modules?search=&cursor= — the caller's scope (superadmin: all), non-archived, by name. */
export const moduleListQuerySchema = z.strictObject({ search, cursor });
export type ModuleListQuery = z.infer<typeof moduleListQuerySchema>;
export const moduleListResponseSchema = z.object({ modules: z.array(adminModuleSchema), nextCursor });
export type ModuleListResponse = z.infer<typeof moduleListResponseSchema>;
export const moduleResponseSchema = z.object({ module: adminModuleSchema });
export type ModuleResponse = z.infer<typeof moduleResponseSchema>;

// ---- Subjects ----
/** POST /api/admin/subjects — global when the module is global or `isGlobal` (superadmin only). */
export const subjectCreateBodySchema = z.strictObject({
  name: name(MSG.subjectRequired),
  moduleId: parentId(MSG.subjectRequired, 'ifMissing'),
  isGlobal: z.boolean().default(false),
});
export type SubjectCreateBody = z.input<typeof subjectCreateBodySchema>;
/** PATCH /api/admin/subjects/:id — rename or move to another module (its topics follow). */
export const subjectUpdateBodySchema = z.strictObject({
  name: name(MSG.subjectRequired).optional(),
  moduleId: parentId(MSG.subjectRequired).optional(),
});
export type SubjectUpdateBody = z.infer<typeof subjectUpdateBodySchema>;
/** GET /api/admin/subjects?moduleId=&search=&cursor= — by name. */
export const subjectListQuerySchema = z.strictObject({ moduleId: id.optional(), search, cursor });
export type SubjectListQuery = z.infer<typeof subjectListQuerySchema>;
export const subjectListResponseSchema = z.object({ subjects: z.array(adminSubjectSchema), nextCursor });
export type SubjectListResponse = z.infer<typeof subjectListResponseSchema>;
export const subjectResponseSchema = z.object({ subject: adminSubjectSchema });
export type SubjectResponse = z.infer<typeof subjectResponseSchema>;

// ---- Topics ----
/**
 * POST /api/admin/topics — the module is derived from the subject (a given moduleId must match:
 * 'The selected subject ...'). `isGlobal` ('Make this a GLOBAL topic'): superadmin, global parent.
 */
export const topicCreateBodySchema = z.strictObject({
  name: name(MSG.topicRequired),
  subjectId: parentId(MSG.topicRequired, 'ifMissing'),
  moduleId: parentId(MSG.topicRequired).optional(),
  isGlobal: z.boolean().default(false),
});
export type TopicCreateBody = z.input<typeof topicCreateBodySchema>;
export const topicUpdateBodySchema = z.strictObject({
  name: name(MSG.topicRequired).optional(),
  subjectId: parentId(MSG.topicRequired).optional(),
  moduleId: parentId(MSG.topicRequired).optional(),
  isGlobal: z.boolean().optional(),
});
export type TopicUpdateBody = z.infer<typeof topicUpdateBodySchema>;
/**
 * GET /api/admin/topics?subjectId=&search=&cursor= — the spec's searchTopics: `search` matches the
 * topic, subject or module name (case-insensitive, contains); by topic name_lowercase.
 */
export const topicListQuerySchema = z.strictObject({ subjectId: id.optional(), search, cursor });
export type TopicListQuery = z.infer<typeof topicListQuerySchema>;
export const topicListResponseSchema = z.object({ topics: z.array(adminTopicSchema), nextCursor });
export type TopicListResponse = z.infer<typeof topicListResponseSchema>;
export const topicResponseSchema = z.object({ topic: adminTopicSchema });
export type TopicResponse = z.infer<typeof topicResponseSchema>;

// ---- Select options (Parent Module / Parent Subject, sorted by name, Global marked) ----
const moduleOptionSchema = z.object({
  id: text(),
  name: text(),
  isGlobal: z.boolean(),
  collegeId: text(),
  yearGroup: text(),
});
const subjectOptionSchema = z.object({
  id: text(),
  name: text(),
  moduleId: text(),
  isGlobal: z.boolean(),
});
/** GET /api/admin/options — every non-archived module and subject the caller may see, by name. */
export const contentOptionsResponseSchema = z.object({
  modules: z.array(moduleOptionSchema),
  subjects: z.array(subjectOptionSchema),
});
export type ContentOptionsResponse = z.infer<typeof contentOptionsResponseSchema>;

// ---- Archive (superadmin) ----
export const ARCHIVE_KINDS = ['modules', 'subjects', 'topics'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];
/** The '{Type}' of the notices for each kind ('Module restored successfully!'). */
export const ARCHIVE_TYPE_LABEL = {
  modules: 'Module',
  subjects: 'Subject',
  topics: 'Topic',
} as const satisfies Record<ArchiveKind, string>;
export const archiveKindParamsSchema = z.strictObject({ kind: z.enum(ARCHIVE_KINDS) });
export const archiveItemParamsSchema = z.strictObject({ kind: z.enum(ARCHIVE_KINDS), id });
export const archiveListQuerySchema = z.strictObject({ cursor });
const archivedItemSchema = z.object({
  id: text(),
  kind: z.enum(ARCHIVE_KINDS),
  name: text(),
  isGlobal: z.boolean(),
  collegeId: text(),
  collegeName: text().nullable(),
  yearGroup: text(),
  /** Subject: its module; topic: 'Subject · Module'. Null for modules. */
  parentName: text().nullable(),
  archivedAt: ms,
  archivedBy: text().nullable(),
  archivedByName: text().nullable(),
});
export type ArchivedItem = z.infer<typeof archivedItemSchema>;
/** GET /api/admin/archive/:kind?cursor= — newest archivedAt first, ARCHIVE_PAGE_SIZE per page. */
export const archiveListResponseSchema = z.object({ items: z.array(archivedItemSchema), nextCursor });
export type ArchiveListResponse = z.infer<typeof archiveListResponseSchema>;
const n = z.number().int();
/** Rows under (and including) an item: what a permanent delete removes. */
const subtreeCountsSchema = z.object({
  modules: n,
  subjects: n,
  topics: n,
  decks: n,
  cards: n,
  quizzes: n,
  questions: n,
  pages: n,
  images: n,
});
export type SubtreeCounts = z.infer<typeof subtreeCountsSchema>;
/** GET /api/admin/archive/:kind/:id — the item and what deleting it would remove (for the confirmation). */
export const archiveImpactResponseSchema = z.object({
  item: archivedItemSchema,
  counts: subtreeCountsSchema,
});
export type ArchiveImpactResponse = z.infer<typeof archiveImpactResponseSchema>;
/** DELETE /api/admin/archive/:kind/:id and DELETE /api/admin/global-modules/:id — what was removed. */
export const permanentDeleteResponseSchema = z.object({ ok: z.literal(true), deleted: subtreeCountsSchema });
export type PermanentDeleteResponse = z.infer<typeof permanentDeleteResponseSchema>;

// ---- Global modules (superadmin) ----
/** GET /api/admin/global-modules?search=&cursor= — every global module (archived ones excluded), by name. */
export const globalModuleListQuerySchema = z.strictObject({ search, cursor });
