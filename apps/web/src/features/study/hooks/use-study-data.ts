// Live reads for the study page (they update as the sync lands topic content).
import { useLiveQuery } from 'dexie-react-hooks';
import { loadDeck, loadLecture, loadStudySubject, loadTopicResources } from '../local/study-queries.ts';
import { loadQuiz } from '../local/mcq-queries.ts';
import type { DeckData, QuizData, StudyLecture, StudySubject, TopicResources } from '../study-types.ts';

/** undefined while loading; null when the subject is not on this device. */
export function useStudySubject(userId: string, subjectId: string): StudySubject | null | undefined {
  return useLiveQuery(() => loadStudySubject(userId, subjectId), [userId, subjectId]);
}

export function useTopicResources(userId: string, topicId: string | null): TopicResources | undefined {
  return useLiveQuery(
    () => (topicId ? loadTopicResources(userId, topicId) : { lectures: [], decks: [], quizzes: [] }),
    [userId, topicId],
  );
}

export function useDeck(userId: string, deckId: string | null): DeckData | undefined {
  return useLiveQuery(
    () => (deckId ? loadDeck(userId, deckId) : { deckId: null, deck: null, cards: [] }),
    [userId, deckId],
  );
}

export function useLecture(userId: string, contentId: string | null): StudyLecture | null | undefined {
  return useLiveQuery(() => (contentId ? loadLecture(userId, contentId) : null), [userId, contentId]);
}

export function useQuiz(userId: string, quizId: string | null): QuizData | undefined {
  return useLiveQuery(
    () => (quizId ? loadQuiz(userId, quizId) : { quizId: null, quiz: null, questions: [] }),
    [userId, quizId],
  );
}
