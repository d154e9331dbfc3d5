// /admin/deck/{deckId}/edit (SPEC §2 deck editor, §5 Cards and questions): add, edit and delete cards;
// cardCount changes in the same transaction on the server; edits keep the card's id, so every
// student's progress on it stays. The preview is the student's own card view. Keyboard: Tab through
// the fields, Ctrl/Cmd+Enter saves and opens the next new card.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardBodySchema, MSG, type CardBody, type CardDto } from '@zan/core';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { failureText } from '../../lib/failure.ts';
import { useSchemaForm } from '../../lib/form/use-schema-form.ts';
import { keys } from '../../lib/resources/keys.ts';
import { addCard, deckEditorQuery, deleteCard, updateCard } from '../../lib/resources/topic-resources.ts';
import { Alert, Button, ConfirmDialog, TextAreaField, useToast } from '../../ui/index.ts';
import { CardView } from '../../ui/study/card-view.tsx';
import { isNotFound, isSaveAndNext, ItemEditorLayout } from './components/item-editor-layout.tsx';
import { plainText } from './plain-text.ts';

const EMPTY = { front: '', back: '' };

export function DeckEditorPage() {
  const { deckId = '' } = useParams();
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery({ ...deckEditorQuery(deckId), retry: (n, err) => !isNotFound(err) && n < 1 });
  const [selected, setSelected] = useState<string | 'new'>('new');
  const [flipped, setFlipped] = useState(true);
  const [doomed, setDoomed] = useState<CardDto | null>(null);
  const next = useRef(false);
  const frontRef = useRef<HTMLTextAreaElement>(null);
  const cards = q.data?.cards ?? [];
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.deck(deckId) }),
      q.data && qc.invalidateQueries({ queryKey: keys.topicResources(q.data.topic.id) }),
    ]);

  const save = useMutation({
    mutationFn: (body: CardBody) => (selected === 'new' ? addCard(deckId, body) : updateCard(selected, body)),
  });
  const form = useSchemaForm(cardBodySchema, EMPTY, {
    onSubmit: async (body) => {
      const res = await save.mutateAsync(body);
      await refresh();
      toast.success(selected === 'new' ? 'Card added.' : 'Card saved.');
      if (next.current) open('new');
      else setSelected(res.card.id);
    },
    failureMessage: (err) => failureText(MSG.saveItemFailed, err),
  });
  const open = (id: string | 'new') => {
    setSelected(id);
    const c = cards.find((x) => x.id === id);
    form.reset(c ? { front: c.front, back: c.back } : EMPTY);
    requestAnimationFrame(() => frontRef.current?.focus());
  };
  // A card deleted elsewhere (or here) closes its form.
  useEffect(() => {
    if (selected !== 'new' && q.data && !q.data.cards.some((c) => c.id === selected)) open('new');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.data, selected]);

  const editor = (
    <form
      noValidate
      onSubmit={(e) => ((next.current = false), void form.handleSubmit(e))}
      onKeyDown={(e) => {
        if (!isSaveAndNext(e)) return;
        e.preventDefault();
        next.current = true;
        void form.handleSubmit();
      }}
      className="flex flex-col gap-4"
    >
      <h2 className="text-base font-semibold text-fg">
        {selected === 'new' ? 'New card' : `Card ${cards.findIndex((c) => c.id === selected) + 1}`}
      </h2>
      <TextAreaField
        ref={frontRef}
        label="Front"
        hint="HTML allowed: <b>, <i>, lists, links, images."
        rows={4}
        value={form.values.front}
        onChange={(e) => form.set('front', e.target.value)}
        {...form.invalid('front')}
      />
      <TextAreaField
        label="Back"
        rows={5}
        value={form.values.back}
        onChange={(e) => form.set('back', e.target.value)}
        {...form.invalid('back')}
      />
      {form.message && (
        <div id={form.messageId}>
          <Alert tone="error">{form.message}</Alert>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">Ctrl/⌘ + Enter saves and opens a new card</p>
        <Button type="submit" busy={form.submitting}>
          {selected === 'new' ? 'Add Card' : 'Save Card'}
        </Button>
      </div>
    </form>
  );

  return (
    <>
      <ItemEditorLayout
        kind="DECK"
        topic={q.data?.topic}
        name={q.data?.deck.name}
        count={q.data ? `${q.data.deck.cardCount} card${q.data.deck.cardCount === 1 ? '' : 's'}` : undefined}
        loading={q.isPending}
        error={q.error}
        notFoundText={MSG.deckNotFound}
        onRetry={() => void q.refetch()}
        items={cards.map((c) => ({ id: c.id, label: plainText(c.front) }))}
        selected={selected}
        onSelect={open}
        onDelete={(id) => setDoomed(cards.find((c) => c.id === id) ?? null)}
        itemWord="Card"
        editor={editor}
        preview={
          <>
            <CardView front={form.values.front} back={form.values.back} flipped={flipped} />
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => setFlipped((f) => !f)}
            >
              {flipped ? 'Hide Answer' : 'Show Answer'}
            </Button>
          </>
        }
      />
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(o) => !o && setDoomed(null)}
        title="Delete card?"
        body={<>This card and every student's progress on it will be deleted permanently.</>}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!doomed) return;
          try {
            await deleteCard(doomed.id);
          } catch (err) {
            throw new Error(failureText(MSG.deleteItemFailed, err), { cause: err });
          }
          await refresh();
          toast.success('Card deleted.');
        }}
      />
    </>
  );
}
