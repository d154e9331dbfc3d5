// Database rows → the admin DTOs of @zan/core schemas/admin-content.ts, and the targets can() judges.
import { GLOBAL_YEAR_GROUP, type AdminModule, type AdminSubject, type AdminTopic, type ContentTarget } from '@zan/core';
import type { ModuleRow, SubjectRow, TopicRow } from './read-repository.ts';

const ms = (d: Date) => d.getTime();
const archived = (r: { archivedAt: Date | null; archivedBy: string | null }) => ({ archivedAt: r.archivedAt ? ms(r.archivedAt) : null, archivedBy: r.archivedBy });
const stamps = (r: { createdAt: Date; updatedAt: Date }) => ({ createdAt: ms(r.createdAt), updatedAt: ms(r.updatedAt) });

export const adminModuleDto = (r: ModuleRow): AdminModule => ({
  id: r.id,
  name: r.name,
  stage: r.stage,
  isFree: r.isFree,
  isGlobal: r.isGlobal,
  extraInfo: r.extraInfo,
  collegeId: r.collegeId,
  collegeName: r.collegeName,
  yearGroup: r.yearGroup,
  isArchived: r.isArchived,
  ...archived(r),
  ...stamps(r),
});

export const adminSubjectDto = (r: SubjectRow): AdminSubject => ({
  id: r.id,
  name: r.name,
  moduleId: r.moduleId,
  moduleName: r.moduleName,
  isGlobal: r.isGlobal,
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
  isArchived: r.isArchived,
  ...archived(r),
  ...stamps(r),
});

export const adminTopicDto = (r: TopicRow): AdminTopic => ({
  id: r.id,
  name: r.name,
  nameLowercase: r.nameLowercase,
  subjectId: r.subjectId,
  subjectName: r.subjectName,
  moduleId: r.moduleId,
  moduleName: r.moduleName,
  isGlobal: r.isGlobal,
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
  isArchived: r.isArchived,
  contentVersion: r.contentVersion,
  ...archived(r),
  ...stamps(r),
});

/** What can() judges: where the row lives and whether it is global (flag or the 'global' year). */
export const targetOf = (r: { collegeId: string; yearGroup: string; isGlobal: boolean }): ContentTarget => ({
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
  isGlobal: r.isGlobal || r.yearGroup === GLOBAL_YEAR_GROUP,
});
