// Database rows → the wire DTOs of @zan/core schemas/content.ts and sync.ts (timestamps as epoch ms)
// for announcements and progress; content rows map in domain/content-dto.ts, shared with the admin API.
import type { AnnouncementDto, ProgressRecordDto, StudySessionDto } from '@zan/core';
import type { announcement, progressRecord, studySession } from '../../db/schema/index.ts';
import { scope, stamps } from '../../domain/content-dto.ts';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export const announcementDto = (r: Row<typeof announcement>): AnnouncementDto => ({
  id: r.id,
  title: r.title,
  description: r.description,
  type: r.type,
  date: r.date.getTime(),
  expiresAt: r.expiresAt.getTime(),
  ...scope(r),
  isArchived: r.isArchived,
  ...stamps(r),
});

export const progressRecordDto = (r: Row<typeof progressRecord>): ProgressRecordDto => ({
  itemId: r.itemId,
  type: r.type,
  cardId: r.cardId,
  questionId: r.questionId,
  subjectId: r.subjectId ?? '',
  deckId: r.deckId,
  easeFactor: r.easeFactor,
  interval: r.interval,
  dueDate: r.dueDate ? r.dueDate.getTime() : null,
  isSuspended: r.isSuspended,
  reviewedAt: r.reviewedAt.getTime(),
});

export const studySessionDto = (r: Row<typeof studySession>): StudySessionDto => ({
  id: r.id,
  date: r.date.getTime(),
  durationInSeconds: r.durationInSeconds,
  subjectId: r.subjectId,
  subjectName: r.subjectName,
  moduleId: r.moduleId,
  moduleName: r.moduleName,
});
