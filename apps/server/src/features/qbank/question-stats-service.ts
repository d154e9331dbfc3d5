// How everyone answered, as devices fetch it (issue 19): the peer totals of the questions of the topics
// the caller may see (the topic-content pull's visibility; unseen topics are silently left out), only
// questions answered by at least QBANK.peerMinStudents students; below that a device shows 'Not enough
// answers yet' from the figure's absence.
import { QBANK, type Actor, type QuestionStatsResponse } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { visibleTopicsRepository } from '../../domain/visible-topics-repository.ts';
import { firstAnswersRepository as answers } from '../../domain/first-answers-repository.ts';

export function questionStatsService({ db, now = Date.now }: { db: Database; now?: () => number }) {
  return {
    async forTopics(actor: Actor, topicIds: readonly string[]): Promise<QuestionStatsResponse> {
      const visible = await visibleTopicsRepository.visibleTopicVersions(db, actor, [...new Set(topicIds)]);
      const rows = await answers.totalsOfTopics(
        db,
        visible.map((t) => t.id),
        QBANK.peerMinStudents,
      );
      const computedAt = now();
      return { stats: rows.map((r) => ({ ...r, computedAt })), computedAt };
    },
  };
}
