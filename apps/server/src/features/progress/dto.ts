// Database rows → the wire DTOs of @zan/core schemas/sync.ts (timestamps as epoch ms) for progress;
// content rows and announcements map in domain/content-dto.ts, shared with the admin API.
import type { ProgressRecordDto, StudySessionDto } from '@zan/core';
import type { progressRecord, studySession } from '../../db/schema/index.ts';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

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
  // Issue 18 (additive): only what is known.
  ...(r.stability !== null && r.difficulty !== null
    ? { stability: r.stability, difficulty: r.difficulty }
    : {}),
  ...(r.learningState ? { learningState: r.learningState } : {}),
  ...(r.learningStep !== null ? { learningStep: r.learningStep } : {}),
  ...(r.lastReview ? { lastReview: r.lastReview.getTime() } : {}),
  ...(r.reps !== null ? { reps: r.reps } : {}),
  ...(r.lapses !== null ? { lapses: r.lapses } : {}),
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
