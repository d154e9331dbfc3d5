// A topic's resources (admin, online only): its decks, quizzes and pages; a deck with its cards and a
// quiz with its questions for the editors; card, cloze note and question add / edit / delete; permanent deletes of
// decks, quizzes and pages; New Deck / New Quiz (an empty named set, issue 22); 'Undo import' (issue 21). Routes: apps/server/CONTEXT.md "Topic resources API".
import { queryOptions } from '@tanstack/react-query';
import type {
  BulkCardsBody,
  BulkImportResponse,
  BulkQuestionsBody,
  CardBody,
  CardResponse,
  ClozeNoteBody,
  ClozeNoteResponse,
  DeckCreateBody,
  DeckCreatedResponse,
  DeckEditorResponse,
  ImportUndoResponse,
  ItemDeletedResponse,
  QuestionBody,
  QuestionResponse,
  QuizCreateBody,
  QuizCreatedResponse,
  QuizEditorResponse,
  TopicResourcesResponse,
} from '@zan/core';
import { apiDelete, apiGet, apiPatch, apiPost } from '../api.ts';
import { keys } from './keys.ts';
import { enc } from './paging.ts';

export const topicResourcesQuery = (topicId: string) =>
  queryOptions({
    queryKey: keys.topicResources(topicId),
    queryFn: () => fetchTopicResources(topicId),
  });
export const fetchTopicResources = (topicId: string) =>
  apiGet<TopicResourcesResponse>(`/api/admin/topics/${enc(topicId)}/resources`);
export const fetchDeckEditor = (deckId: string) =>
  apiGet<DeckEditorResponse>(`/api/admin/decks/${enc(deckId)}`);
export const fetchQuizEditor = (quizId: string) =>
  apiGet<QuizEditorResponse>(`/api/admin/quizzes/${enc(quizId)}`);
export const deckEditorQuery = (deckId: string) =>
  queryOptions({ queryKey: keys.deck(deckId), queryFn: () => fetchDeckEditor(deckId) });
export const quizEditorQuery = (quizId: string) =>
  queryOptions({ queryKey: keys.quiz(quizId), queryFn: () => fetchQuizEditor(quizId) });

export const createDeck = (topicId: string, body: DeckCreateBody) =>
  apiPost<DeckCreatedResponse>(`/api/admin/topics/${enc(topicId)}/decks`, body);
export const createQuiz = (topicId: string, body: QuizCreateBody) =>
  apiPost<QuizCreatedResponse>(`/api/admin/topics/${enc(topicId)}/quizzes`, body);

export const deleteDeck = (id: string) => apiDelete<ItemDeletedResponse>(`/api/admin/decks/${enc(id)}`);
export const deleteQuiz = (id: string) => apiDelete<ItemDeletedResponse>(`/api/admin/quizzes/${enc(id)}`);
export const deletePage = (id: string) => apiDelete<ItemDeletedResponse>(`/api/admin/pages/${enc(id)}`);

export const addCard = (deckId: string, body: CardBody) =>
  apiPost<CardResponse>(`/api/admin/decks/${enc(deckId)}/cards`, body);
export const updateCard = (id: string, body: CardBody) =>
  apiPatch<CardResponse>(`/api/admin/cards/${enc(id)}`, body);
export const deleteCard = (id: string) => apiDelete<ItemDeletedResponse>(`/api/admin/cards/${enc(id)}`);
/** A cloze note (issue 20): one card per deletion number; a save keeps the cards of kept numbers. */
export const addClozeNote = (deckId: string, body: ClozeNoteBody) =>
  apiPost<ClozeNoteResponse>(`/api/admin/decks/${enc(deckId)}/cloze-notes`, body);
export const updateClozeNote = (noteId: string, body: ClozeNoteBody) =>
  apiPatch<ClozeNoteResponse>(`/api/admin/cloze-notes/${enc(noteId)}`, body);
export const deleteClozeNote = (noteId: string) =>
  apiDelete<ItemDeletedResponse>(`/api/admin/cloze-notes/${enc(noteId)}`);

export const addQuestion = (quizId: string, body: QuestionBody) =>
  apiPost<QuestionResponse>(`/api/admin/quizzes/${enc(quizId)}/questions`, body);
export const updateQuestion = (id: string, body: QuestionBody) =>
  apiPatch<QuestionResponse>(`/api/admin/questions/${enc(id)}`, body);
export const deleteQuestion = (id: string) =>
  apiDelete<ItemDeletedResponse>(`/api/admin/questions/${enc(id)}`);

export const bulkImportCards = (topicId: string, body: BulkCardsBody) =>
  apiPost<BulkImportResponse>(`/api/admin/topics/${enc(topicId)}/bulk/cards`, body);
export const bulkImportQuestions = (topicId: string, body: BulkQuestionsBody) =>
  apiPost<BulkImportResponse>(`/api/admin/topics/${enc(topicId)}/bulk/questions`, body);

/** 'Undo import' (issue 21): removes what the import added, restores what it changed. */
export const undoImport = (importId: string) =>
  apiPost<ImportUndoResponse>(`/api/admin/imports/${enc(importId)}/undo`);
