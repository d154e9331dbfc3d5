// The bulk import modal's state (SPEC §5 Bulk import): the text (pasted or read from a .csv/.tsv file)
// parsed by core prepareImport off the typing path (useDeferredValue), duplicates against the items of
// the deck or quiz of the same name in the topic, the admin's choices, and the plan sent in one request.
import { useQuery } from '@tanstack/react-query';
import {
  cardKey,
  findDuplicates,
  planImport,
  prepareImport,
  questionKey,
  type BulkKind,
  type CardDraft,
  type DuplicateResolution,
  type ImportDelimiter,
  type QuestionDraft,
} from '@zan/core';
import { useDeferredValue, useMemo, useState } from 'react';
import {
  deckEditorQuery,
  quizEditorQuery,
  topicResourcesQuery,
} from '../../../lib/resources/topic-resources.ts';

export function useBulkImport(kind: BulkKind, topicId: string, name: string) {
  const [text, setText] = useState('');
  const [delimiter, setDelimiter] = useState<ImportDelimiter | undefined>(undefined);
  const [fallback, setFallback] = useState<DuplicateResolution>('skip');
  const [choices, setChoices] = useState<Map<number, DuplicateResolution>>(new Map());
  const deferred = useDeferredValue(text);
  const parsing = deferred !== text;

  const prepared = useMemo(
    () => (deferred.trim() ? prepareImport(kind, deferred, delimiter ? { delimiter } : {}) : null),
    [kind, deferred, delimiter],
  );

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
  const valid = useMemo(() => (prepared?.ok ? prepared.valid : []), [prepared]);
  const duplicates = useMemo(
    () =>
      kind === 'flashcards'
        ? findDuplicates(valid as { row: number; item: CardDraft }[], cardKey, existing)
        : findDuplicates(valid as { row: number; item: QuestionDraft }[], questionKey, existing),
    [kind, valid, existing],
  );
  const plan = () => planImport<CardDraft | QuestionDraft>(valid, duplicates, choices, fallback);
  const checkingDuplicates = !!target && (kind === 'flashcards' ? deck.isPending : quiz.isPending);

  return {
    text,
    setText: (t: string, d?: ImportDelimiter) => {
      setText(t);
      setDelimiter(d);
      setChoices(new Map());
    },
    parsing,
    prepared,
    target,
    duplicates,
    checkingDuplicates,
    fallback,
    setFallback,
    choices,
    choose: (row: number, c: DuplicateResolution) => setChoices((m) => new Map(m).set(row, c)),
    plan,
  };
}
