// Writes an Anki package (issue 20) in the Legacy 2 format, which every Anki since 2.1 imports: `meta`
// (version Legacy 2, as current Anki writes it for "Support older Anki versions"), collection.anki21,
// a dummy collection.anki2 whose only note asks Anki 2.0 users to update, a JSON `media` map and the
// media files named 0, 1, 2… Notes are Anki's stock Basic or Cloze with the ids and guids the caller
// keeps, so importing the file again into Anki updates its notes instead of duplicating them.
import { zipSync, type Zippable } from 'fflate';
import { buildLegacyCollection } from './legacy-collection.ts';
import type { AnkiCard, AnkiDeck, AnkiNote, AnkiNotetype, AnkiReview, AnkiScheduling } from './model.ts';
import { writeProto } from './protobuf.ts';

/** Fixed ids, so every export of Zan's Basic and Cloze is the same note type to Anki. */
export const ZAN_BASIC_ID = 1_700_000_000_001;
export const ZAN_CLOZE_ID = 1_700_000_000_002;

const ZAN_BASIC: AnkiNotetype = {
  id: ZAN_BASIC_ID,
  name: 'Basic',
  kind: 'normal',
  imageOcclusion: false,
  fields: ['Front', 'Back'],
  templates: [
    { ord: 0, name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' },
  ],
};

const ZAN_CLOZE: AnkiNotetype = {
  id: ZAN_CLOZE_ID,
  name: 'Cloze',
  kind: 'cloze',
  imageOcclusion: false,
  fields: ['Text', 'Back Extra'],
  templates: [{ ord: 0, name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' }],
};

export type AnkiExportNote = {
  readonly id: number;
  readonly guid: string;
  /** basic: [front, back]; cloze: [text, back extra]. */
  readonly kind: 'basic' | 'cloze';
  readonly fields: readonly [string, string];
  readonly tags?: readonly string[];
};

export type AnkiExportCard = {
  readonly id: number;
  readonly noteId: number;
  readonly deckId: number;
  /** 0 for a basic card; cloze number − 1 for a cloze card. */
  readonly ord: number;
  /** A student's progress; without it the card is new. */
  readonly scheduling?: AnkiScheduling;
};

export type AnkiExportModel = {
  /** Stamps the collection and the notes (epoch ms). */
  readonly now: number;
  /** The collection's creation (epoch seconds, a day's start) that review due days count from; default: now's day. */
  readonly createdSecs?: number;
  readonly decks: readonly { readonly id: number; readonly name: string }[];
  readonly notes: readonly AnkiExportNote[];
  readonly cards: readonly AnkiExportCard[];
  readonly revlog?: readonly AnkiReview[];
  readonly media?: readonly { readonly name: string; readonly bytes: Uint8Array }[];
};

const newCard = (position: number): AnkiScheduling => ({
  type: 0,
  queue: 0,
  due: position,
  ivl: 0,
  factor: 0,
  reps: 0,
  lapses: 0,
  memory: null,
});

const DUMMY_NOTE = 'Please update to the latest Anki version, then import the .colpkg/.apkg file again.';

/** The package's bytes. */
export async function writeAnkiPackage(model: AnkiExportModel): Promise<Uint8Array> {
  const modSecs = Math.floor(model.now / 1000);
  const notes: AnkiNote[] = model.notes.map((n) => ({
    id: n.id,
    guid: n.guid,
    notetypeId: n.kind === 'cloze' ? ZAN_CLOZE_ID : ZAN_BASIC_ID,
    fields: [...n.fields],
    tags: [...(n.tags ?? [])],
    mod: modSecs,
  }));
  const cards: AnkiCard[] = model.cards.map((c, i) => ({
    id: c.id,
    noteId: c.noteId,
    deckId: c.deckId,
    ord: c.ord,
    scheduling: c.scheduling ?? newCard(i + 1),
  }));
  const decks: AnkiDeck[] = model.decks.map((d) => ({ id: d.id, name: d.name, filtered: false }));
  const collection = await buildLegacyCollection({
    createdSecs: model.createdSecs ?? modSecs - (modSecs % 86_400),
    modMs: model.now,
    notetypes: [ZAN_BASIC, ZAN_CLOZE],
    decks,
    notes,
    cards,
    revlog: [...(model.revlog ?? [])],
  });
  const dummy = await buildLegacyCollection({
    createdSecs: modSecs - (modSecs % 86_400),
    modMs: model.now,
    notetypes: [{ ...ZAN_BASIC, id: 1 }],
    decks: [],
    notes: [{ id: 1, guid: 'dummy', notetypeId: 1, fields: [DUMMY_NOTE, ''], tags: [], mod: modSecs }],
    cards: [{ id: 1, noteId: 1, deckId: 1, ord: 0, scheduling: newCard(1) }],
    revlog: [],
  });
  const files: Zippable = {
    meta: [writeProto([[1, 2]]), { level: 0 }],
    'collection.anki21': collection,
    'collection.anki2': dummy,
  };
  const map: Record<string, string> = {};
  (model.media ?? []).forEach((m, i) => {
    map[String(i)] = m.name;
    files[String(i)] = [m.bytes, { level: 0 }];
  });
  files.media = new TextEncoder().encode(JSON.stringify(map));
  return zipSync(files, { level: 6, mtime: model.now });
}
