// The deck editor's rows (issue 20): a basic card is one row; a cloze note's cards (one per deletion
// number, sharing noteId) are one row, edited and deleted as the note. The form's values carry the kind;
// its schema checks them with the core schema of that kind (card body or cloze note body).
import {
  cardBodySchema,
  clozeNoteBodySchema,
  plainTextLabel,
  type CardBody,
  type CardDto,
  type ClozeNoteBody,
} from '@zan/core';
import type { FormSchema, Issue } from '../../lib/form/use-schema-form.ts';

export type EntryKind = 'basic' | 'cloze';
/** A row: a basic card (its id) or a cloze note (its noteId; front = the text, back = Back Extra). */
export type DeckEntry = { id: string; kind: EntryKind; front: string; back: string; cards: number };
/** The form: for a cloze note, front is its text and back its Back Extra. */
export type EntryValues = { kind: EntryKind; front: string; back: string };
export type EntryBody = { kind: 'basic'; body: CardBody } | { kind: 'cloze'; body: ClozeNoteBody };

export const EMPTY_ENTRY: EntryValues = { kind: 'basic', front: '', back: '' };

/** The deck's rows in the cards' order, a note where its first card stands. */
export function deckEntries(cards: readonly CardDto[]): DeckEntry[] {
  const out: DeckEntry[] = [];
  const notes = new Map<string, DeckEntry>();
  for (const c of cards) {
    if (c.kind !== 'cloze' || !c.noteId) {
      out.push({ id: c.id, kind: 'basic', front: c.front, back: c.back, cards: 1 });
      continue;
    }
    const note = notes.get(c.noteId);
    if (note) note.cards++;
    else {
      const entry: DeckEntry = { id: c.noteId, kind: 'cloze', front: c.front, back: c.back, cards: 1 };
      notes.set(c.noteId, entry);
      out.push(entry);
    }
  }
  return out;
}

/** The row's text in the list: a note's text with its deletions as written, and how many cards it makes. */
export const entryLabel = (e: DeckEntry): string =>
  e.kind === 'cloze'
    ? `Cloze · ${e.cards} card${e.cards === 1 ? '' : 's'} · ${plainTextLabel(e.front, 240)}`
    : plainTextLabel(e.front, 240);

/** A cloze note's issues name the form's fields (text → front, backExtra → back). */
const FIELD: Readonly<Record<string, keyof EntryValues>> = { text: 'front', backExtra: 'back' };
const onFields = (issues: readonly Issue[]): Issue[] =>
  issues.map((i) => ({ ...i, path: i.path.map((p) => (typeof p === 'string' ? (FIELD[p] ?? p) : p)) }));

export const entrySchema: FormSchema<EntryBody> = {
  safeParse(value) {
    const v = value as EntryValues;
    if (v.kind === 'cloze') {
      const r = clozeNoteBodySchema.safeParse({ text: v.front, backExtra: v.back });
      return r.success
        ? { success: true, data: { kind: 'cloze', body: r.data } }
        : { success: false, error: { issues: onFields(r.error.issues) } };
    }
    const r = cardBodySchema.safeParse({ front: v.front, back: v.back });
    return r.success
      ? { success: true, data: { kind: 'basic', body: r.data } }
      : { success: false, error: { issues: r.error.issues } };
  },
};
