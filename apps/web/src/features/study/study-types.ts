// What the study page's reads return (features/study/local): the shapes components and hooks share, kept
// apart from the queries so a component never imports the local store.
import type { CardDto, CardState } from '@zan/core';
import type { McqOption } from '../../ui/study/mcq-options.tsx';

export type StudyTopic = { id: string; name: string; lastSynced: number | null };
export type StudySubject = {
  subject: { id: string; name: string };
  module: { id: string; name: string } | null;
  topics: StudyTopic[];
};
export type StudyDeck = { id: string; name: string; topicId: string; cardCount: number };
type StudyLectureRef = { id: string; title: string; topicId: string };
type StudyQuizRef = { id: string; name: string; topicId: string; questionCount: number };
export type TopicResources = { lectures: StudyLectureRef[]; decks: StudyDeck[]; quizzes: StudyQuizRef[] };
/** A card as the player needs it; a cloze card (issue 20) also its kind and deletion number. */
export type StudyCard = Pick<CardDto, 'id' | 'front' | 'back' | 'kind' | 'ord'>;
/** `deckId` is the deck asked for (a live query may still hold the previous deck's answer). */
export type DeckData = { deckId: string | null; deck: StudyDeck | null; cards: StudyCard[] };
/** SM-2's state and, when known, the FSRS memory state (core CardState), plus the suspension. */
export type CardProgress = CardState & { isSuspended: boolean };
export type StudyLecture = StudyLectureRef & { htmlBody: string };
/** A card of a 'Review all due' session (issue 18): where its review is recorded. */
export type ReviewCardRef = { id: string; deckId: string; subjectId: string };
export type ReviewCard = ReviewCardRef & StudyCard;
/** `notDownloaded`: topics of the scope whose content is not (current) on this device. */
export type ReviewScopeData = {
  title: string;
  cards: ReviewCardRef[];
  progress: Map<string, CardProgress>;
  notDownloaded: number;
};

export type StudyQuestion = {
  id: string;
  question: string;
  options: McqOption[];
  correctOption: number;
  explanation: string | null;
};
type StudyQuiz = { id: string; name: string; topicId: string };
/** `quizId` is the quiz asked for (a live query may still hold the previous quiz's answer). */
export type QuizData = { quizId: string | null; quiz: StudyQuiz | null; questions: StudyQuestion[] };
