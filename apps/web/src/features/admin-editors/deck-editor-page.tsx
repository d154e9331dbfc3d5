// /admin/deck/{deckId}/edit (SPEC §2 deck editor, §5 Cards and questions): add, edit and delete cards;
// cardCount changes in the same transaction on the server; edits keep the card's id, so every
// student's progress on it stays. The preview is the student's own card view. Keyboard: Tab through
// the fields, Ctrl/Cmd+Enter saves and opens the next new card.
import { cardBodySchema, MSG, plainTextLabel, type CardDto } from '@zan/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { addCard, deckEditorQuery, deleteCard, updateCard } from '../../lib/resources/topic-resources.ts';
import { Button, TextAreaField } from '../../ui/index.ts';
import { CardView } from '../../ui/study/card-view.tsx';
import { DeleteItemDialog, ItemEditorForm } from './components/item-editor-form.tsx';
import { ItemEditorLayout } from './components/item-editor-layout.tsx';
import { useItemEditor } from './use-item-editor.ts';

const EMPTY = { front: '', back: '' };

export function DeckEditorPage() {
  const { deckId = '' } = useParams();
  const [flipped, setFlipped] = useState(true);
  const flow = useItemEditor({
    query: deckEditorQuery(deckId),
    itemsOf: (d) => d.cards,
    word: 'Card',
    label: (c) => plainTextLabel(c.front, 80),
    schema: cardBodySchema,
    empty: EMPTY,
    valuesOf: (c: CardDto) => ({ front: c.front, back: c.back }),
    save: async (id, body) =>
      (id === 'new' ? await addCard(deckId, body) : await updateCard(id, body)).card.id,
    remove: deleteCard,
  });
  const { q, form } = flow;

  return (
    <>
      <ItemEditorLayout
        kind="DECK"
        name={q.data?.deck.name}
        count={q.data ? `${q.data.deck.cardCount} card${q.data.deck.cardCount === 1 ? '' : 's'}` : undefined}
        notFoundText={MSG.deckNotFound}
        {...flow.layout}
        editor={
          <ItemEditorForm flow={flow} className="flex flex-col gap-4">
            <TextAreaField
              ref={flow.firstRef}
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
          </ItemEditorForm>
        }
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
      <DeleteItemDialog flow={flow} />
    </>
  );
}
