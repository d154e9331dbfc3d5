// /admin/deck/{deckId}/edit (SPEC §2 deck editor, §5 Cards and questions): add, edit and delete cards;
// cardCount changes in the same transaction on the server; edits keep the card's id, so every
// student's progress on it stays. Faces are written in the rich editor (bold, italic, lists, link,
// picture; Source for the HTML; issue 22). The preview is the student's own card view. Keyboard: Tab
// through the fields, Ctrl/Cmd+Enter saves and opens the next card.
import type { Editor } from '@tiptap/react';
import { cardBodySchema, MSG, plainTextLabel, type CardDto, type ImageDto } from '@zan/core';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ExportSetMenu } from '../../lib/export/export-set-menu.tsx';
import { imageSrc } from '../../lib/resources/pages.ts';
import { addCard, deckEditorQuery, deleteCard, updateCard } from '../../lib/resources/topic-resources.ts';
import { Button } from '../../ui/index.ts';
import { ImagePicker } from '../../ui/rich-editor/image-picker.tsx';
import { RichEditor } from '../../ui/rich-editor/rich-editor.tsx';
import { CardView } from '../../ui/study/card-view.tsx';
import { ItemEditorDialogs, ItemEditorForm } from './components/item-editor-form.tsx';
import { ItemEditorLayout } from './components/item-editor-layout.tsx';
import { useItemEditor } from './use-item-editor.ts';

const EMPTY = { front: '', back: '' };
type Face = keyof typeof EMPTY;

export function DeckEditorPage() {
  const { deckId = '' } = useParams();
  const [flipped, setFlipped] = useState(true);
  const [picking, setPicking] = useState<Face | null>(null);
  const editors = useRef<Partial<Record<Face, Editor>>>({});
  const flow = useItemEditor({
    query: deckEditorQuery(deckId),
    itemsOf: (d) => d.cards,
    draftItem: `deck:${deckId}`,
    word: 'Card',
    label: (c) => plainTextLabel(c.front, 240),
    searchTexts: (c) => [c.front, c.back],
    schema: cardBodySchema,
    empty: EMPTY,
    valuesOf: (c: CardDto) => ({ front: c.front, back: c.back }),
    save: async (id, body) =>
      (id === 'new' ? await addCard(deckId, body) : await updateCard(id, body)).card.id,
    remove: deleteCard,
  });
  const { q, form } = flow;
  const insertImage = (img: ImageDto) => {
    const face = picking;
    setPicking(null);
    const e = face && editors.current[face];
    if (!e) return;
    e.chain()
      .focus()
      .setImage({ src: imageSrc(img), alt: img.fileName })
      .run();
  };
  const face = (f: Face, label: string) => (
    <RichEditor
      key={`${f}:${flow.selected}:${flow.formKey}`}
      label={label}
      visibleLabel
      tools="card"
      initialHtml={form.values[f]}
      onChange={(html) => form.set(f, html)}
      onImage={() => setPicking(f)}
      onReady={(e) => (editors.current[f] = e)}
      // A card opened from the list, by Ctrl/Cmd+Enter or a restored draft: the cursor goes to its front.
      autoFocus={f === 'front' && flow.formKey > 0}
      invalid={form.invalid(f)}
    />
  );

  return (
    <>
      <ItemEditorLayout
        kind="DECK"
        name={q.data?.deck.name}
        count={q.data ? `${q.data.deck.cardCount} card${q.data.deck.cardCount === 1 ? '' : 's'}` : undefined}
        notFoundText={MSG.deckNotFound}
        {...flow.layout}
        draft={flow.draft}
        actions={<ExportSetMenu kind="deck" id={deckId} name={q.data?.deck.name ?? 'deck'} size="md" />}
        editor={
          <ItemEditorForm flow={flow} className="flex flex-col gap-4">
            {face('front', 'Front')}
            {face('back', 'Back')}
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
      <ItemEditorDialogs flow={flow} />
      <ImagePicker
        topicId={q.data?.topic.id ?? ''}
        open={picking !== null}
        onOpenChange={(o) => !o && setPicking(null)}
        onPick={insertImage}
      />
    </>
  );
}
