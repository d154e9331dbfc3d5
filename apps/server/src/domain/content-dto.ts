// Module/subject/topic rows → the wire DTOs of @zan/core schemas/content.ts (timestamps as epoch ms).
// Shared by sync (which sends them as they are) and the admin API (which extends them).
import type { ModuleDto, SubjectDto, TopicDto } from '@zan/core';
import type { module, subject, topic } from '../db/schema/index.ts';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
export const stamps = (r: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});
export const scope = (r: { collegeId: string; yearGroup: string }) => ({
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
});

export const moduleDto = (r: Row<typeof module>): ModuleDto => ({
  id: r.id,
  name: r.name,
  stage: r.stage,
  isFree: r.isFree,
  isGlobal: r.isGlobal,
  extraInfo: r.extraInfo,
  ...scope(r),
  isArchived: r.isArchived,
  ...stamps(r),
});

export const subjectDto = (r: Row<typeof subject>): SubjectDto => ({
  id: r.id,
  name: r.name,
  moduleId: r.moduleId,
  isGlobal: r.isGlobal,
  ...scope(r),
  isArchived: r.isArchived,
  ...stamps(r),
});

export const topicDto = (r: Row<typeof topic>): TopicDto => ({
  id: r.id,
  name: r.name,
  nameLowercase: r.nameLowercase,
  subjectId: r.subjectId,
  moduleId: r.moduleId,
  isGlobal: r.isGlobal,
  ...scope(r),
  isArchived: r.isArchived,
  contentVersion: r.contentVersion,
  ...stamps(r),
});
