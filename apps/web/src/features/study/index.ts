// Study feature: the study page (topics, resources, flashcard player, lecture view, study timer).
export { StudyPage } from './components/study-page.tsx';
export { saveLeftoverTimer } from './timer/leftover-timer.ts';
