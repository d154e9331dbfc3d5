// What an import (Bulk Add or Import Questions / Cards) is checked against: the deck or quiz of the same
// name in the topic, its items' duplicates among the rows (core findDuplicates), the admin's skip /
// update / add choices and the plan sent (core planImport).
import { useQuery } from '@tanstack/react-query';
import {
  cardKey,
  findDuplicates,
  planImport,
  questionKey,
  type BulkKind,
  type CardDraft,
  type DuplicateResolution,
  type QuestionDraft,
  type ValidRow,
} from '@zan/core';
import { useMemo, useState } from 'react';
import {
  deckEditorQuery,
  quizEditorQuery,
  topicResourcesQuery,
} from '../../../lib/resources/topic-resources.ts';

type Draft = CardDraft | QuestionDraft;

export function useImportDuplicates(kind: BulkKind, topicId: string, name: string, valid: ValidRow<Draft>[]) {
  const [fallback, setFallback] = useState<DuplicateResolution>('skip');
  const [choices, setChoices] = useState<Map<number, DuplicateResolution>>(new Map());

  // The set this import goes into when the topic already has one of that name.
  const resources = useQuery({ ...topicResourcesQuery(topicId), retry: 1 });
  const target = useMemo(() => {
    const n = name.trim().toLowerCase();
    const list = kind === 'flashcards' ? resources.data?.decks : resources.data?.quizzes;
    return n ? list?.find((x) => x.name.toLowerCase() === n) : undefined;
  }, [kind, name, resources.data]);
  const deck = useQuery({ ...deckEditorQuery(target?.id ?? ''), enabled: kind === 'flashcards' && !!target });
  const quiz = useQuery({ ...quizEditorQuery(target?.id ?? ''), enabled: kind === 'mcqs' && !!target });
  const existing = useMemo(
    () =>
      kind === 'flashcards'
        ? (deck.data?.cards ?? []).map((c) => ({ id: c.id, text: c.front }))
        : (quiz.data?.questions ?? []).map((q) => ({ id: q.id, text: q.question })),
    [kind, deck.data, quiz.data],
  );
  const duplicates = useMemo(
    () =>
      kind === 'flashcards'
        ? findDuplicates(valid as ValidRow<CardDraft>[], cardKey, existing)
        : findDuplicates(valid as ValidRow<QuestionDraft>[], questionKey, existing),
    [kind, valid, existing],
  );

  return {
    target,
    duplicates,
    checkingDuplicates: !!target && (kind === 'flashcards' ? deck.isPending : quiz.isPending),
    fallback,
    setFallback,
    choices,
    choose: (row: number, c: DuplicateResolution) => setChoices((m) => new Map(m).set(row, c)),
    /** New rows: the choices made for the old ones no longer apply. */
    resetChoices: () => setChoices(new Map()),
    plan: () => planImport<Draft>(valid, duplicates, choices, fallback),
  };
}

export type ImportDuplicates = ReturnType<typeof useImportDuplicates>;
