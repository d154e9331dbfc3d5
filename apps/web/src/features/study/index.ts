// Study feature: the study page (topics, resources, flashcard player, lecture view, study timer) and
// 'Review all due' (issue 18).
export { StudyPage } from './components/study-page.tsx';
export { ReviewPage } from './review/review-page.tsx';
export { saveLeftoverTimer } from './timer/leftover-timer.ts';
