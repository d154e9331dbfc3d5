// Database rows → the admin DTOs of @zan/core schemas/admin-content.ts and admin-announcements.ts (the
// wire DTOs of domain/content-dto.ts plus names and archive stamps), the import records of the topic
// resources list (issue 21), and the targets can() judges.
import {
  GLOBAL_YEAR_GROUP,
  importSourceSchema,
  type ImportSummary,
  type AdminAnnouncement,
  type AdminModule,
  type AdminSubject,
  type AdminTopic,
  type ContentTarget,
} from '@zan/core';
import { announcementDto, moduleDto, subjectDto, topicDto } from '../../domain/content-dto.ts';
import type { AnnouncementRow } from './announcements-repository.ts';
import type { ImportWithState } from './imports-repository.ts';
import type { ModuleRow, SubjectRow, TopicRow } from './read-repository.ts';

const archived = (r: { archivedAt: Date | null; archivedBy: string | null }) => ({
  archivedAt: r.archivedAt ? r.archivedAt.getTime() : null,
  archivedBy: r.archivedBy,
});

export const adminModuleDto = (r: ModuleRow): AdminModule => ({
  ...moduleDto(r),
  collegeName: r.collegeName,
  ...archived(r),
});

export const adminSubjectDto = (r: SubjectRow): AdminSubject => ({
  ...subjectDto(r),
  moduleName: r.moduleName,
  ...archived(r),
});

export const adminTopicDto = (r: TopicRow): AdminTopic => ({
  ...topicDto(r),
  subjectName: r.subjectName,
  moduleName: r.moduleName,
  ...archived(r),
});

export const adminAnnouncementDto = (r: AnnouncementRow): AdminAnnouncement => ({
  ...announcementDto(r),
  collegeName: r.collegeName,
  createdBy: r.createdBy,
});

/** What can() judges: where the row lives and whether it is global (flag or the 'global' year). */
export const targetOf = (r: { collegeId: string; yearGroup: string; isGlobal: boolean }): ContentTarget => ({
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
  isGlobal: r.isGlobal || r.yearGroup === GLOBAL_YEAR_GROUP,
});

/** An import record as the topic resources list shows it: undoable while not undone and untouched. */
export const importSummaryDto = (r: ImportWithState): ImportSummary => ({
  id: r.id,
  kind: r.setKind,
  setId: r.setId,
  setCreated: r.setCreated,
  source: importSourceSchema.parse(r.source),
  createdAt: r.createdAt.getTime(),
  added: r.addedIds.length,
  updated: r.previous.length,
  images: r.imageIds.length,
  undoneAt: r.undoneAt?.getTime() ?? null,
  undoable: r.undoneAt === null && r.intact,
});
