// Admin item editors: the deck editor (/admin/deck/{deckId}/edit) and the quiz editor (/admin/mcq-quiz/{quizId}/edit).
export { DeckEditorPage } from './deck-editor-page.tsx';
export { QuizEditorPage } from './quiz-editor-page.tsx';
