// /admin/deck/{deckId}/edit (SPEC §2 deck editor, §5 Cards and questions): add, edit and delete cards;
// cardCount changes in the same transaction on the server; edits keep the card's id, so every
// student's progress on it stays. Faces are written in the rich editor (bold, italic, lists, link,
// picture; Source for the HTML; issue 22). The preview is the student's own card view. Keyboard: Tab
// through the fields, Ctrl/Cmd+Enter saves and opens the next card. Issue 20: a new card is 'Basic' or
// 'Cloze' (a text with {{cN::…}} deletions, Ctrl/Cmd+Shift+C wraps the selection, and a Back Extra);
// a cloze note is one row and saves, edits and deletes as one (its cards by deletion number).
import type { Editor } from '@tiptap/react';
import { clozeOrdinals, MSG, type ImageDto } from '@zan/core';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ExportSetMenu } from '../../lib/export/export-set-menu.tsx';
import { imageSrc } from '../../lib/resources/pages.ts';
import {
  addCard,
  addClozeNote,
  deckEditorQuery,
  deleteCard,
  deleteClozeNote,
  updateCard,
  updateClozeNote,
} from '../../lib/resources/topic-resources.ts';
import { Button } from '../../ui/index.ts';
import { ImagePicker } from '../../ui/rich-editor/image-picker.tsx';
import { RichEditor } from '../../ui/rich-editor/rich-editor.tsx';
import { CardView } from '../../ui/study/card-view.tsx';
import { CardKindSwitch, ClozeCardPicker } from './components/card-kind-fields.tsx';
import { isClozeShortcut, wrapInCloze } from './components/cloze-tools.ts';
import { ItemEditorDialogs, ItemEditorForm } from './components/item-editor-form.tsx';
import { ItemEditorLayout } from './components/item-editor-layout.tsx';
import {
  deckEntries,
  EMPTY_ENTRY,
  entryLabel,
  entrySchema,
  type DeckEntry,
  type EntryBody,
} from './deck-entries.ts';
import { useItemEditor } from './use-item-editor.ts';

type Face = 'front' | 'back';

/** Adds or updates the row; resolves to its id (the card's, or the cloze note's). */
async function saveEntry(deckId: string, id: string, out: EntryBody): Promise<string> {
  if (out.kind === 'cloze')
    return (id === 'new' ? await addClozeNote(deckId, out.body) : await updateClozeNote(id, out.body)).noteId;
  return (id === 'new' ? await addCard(deckId, out.body) : await updateCard(id, out.body)).card.id;
}

export function DeckEditorPage() {
  const { deckId = '' } = useParams();
  const [flipped, setFlipped] = useState(true);
  const [ord, setOrd] = useState(1);
  const [picking, setPicking] = useState<Face | null>(null);
  const editors = useRef<Partial<Record<Face, Editor>>>({});
  const entries = useRef<DeckEntry[]>([]);
  const flow = useItemEditor({
    query: deckEditorQuery(deckId),
    itemsOf: (d) => (entries.current = deckEntries(d.cards)),
    draftItem: `deck:${deckId}`,
    word: 'Card',
    label: entryLabel,
    searchTexts: (c) => [c.front, c.back],
    schema: entrySchema,
    empty: EMPTY_ENTRY,
    valuesOf: (c: DeckEntry) => ({ kind: c.kind, front: c.front, back: c.back }),
    save: (id, body) => saveEntry(deckId, id, body),
    remove: (id) =>
      entries.current.find((e) => e.id === id)?.kind === 'cloze' ? deleteClozeNote(id) : deleteCard(id),
  });
  const { q, form } = flow;
  const cloze = form.values.kind === 'cloze';
  const ords = cloze ? clozeOrdinals(form.values.front) : [];
  const shownOrd = ords.includes(ord) ? ord : (ords[0] ?? 1);
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
  const clozeButton = (
    <button
      type="button"
      onClick={() => editors.current.front && wrapInCloze(editors.current.front)}
      aria-keyshortcuts="Control+Shift+C Meta+Shift+C"
      className="h-9 shrink-0 rounded-lg px-3 text-sm font-semibold text-primary hover:bg-surface-2"
    >
      Cloze deletion
    </button>
  );
  const face = (f: Face, label: string) => (
    <RichEditor
      key={`${f}:${form.values.kind}:${flow.selected}:${flow.formKey}`}
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
      {...(cloze && f === 'front' ? { extraTools: clozeButton } : {})}
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
            <CardKindSwitch
              kind={form.values.kind}
              onKind={(k) => form.set('kind', k)}
              locked={flow.selected !== 'new'}
            />
            {cloze ? (
              <>
                <div
                  onKeyDown={(e) => {
                    if (!isClozeShortcut(e) || !editors.current.front) return;
                    e.preventDefault();
                    wrapInCloze(editors.current.front);
                  }}
                >
                  {face('front', 'Text')}
                </div>
                {face('back', 'Back Extra')}
              </>
            ) : (
              <>
                {face('front', 'Front')}
                {face('back', 'Back')}
              </>
            )}
          </ItemEditorForm>
        }
        preview={
          <>
            {cloze && <ClozeCardPicker text={form.values.front} ord={shownOrd} onOrd={setOrd} />}
            <CardView
              front={form.values.front}
              back={form.values.back}
              kind={form.values.kind}
              ord={shownOrd}
              flipped={flipped}
            />
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
