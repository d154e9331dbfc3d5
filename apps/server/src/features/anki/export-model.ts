// A Zan deck as an Anki package model (issue 20 'Export'): basic cards → Basic notes, a cloze note's
// cards → one Cloze note, pictures → media with plain file names and the srcs rewritten. Note ids are
// stable (an imported card keeps its Anki note id, others get one derived from the Zan id), so
// importing the same export again into Anki updates its notes instead of duplicating them.
import { createHash } from 'node:crypto';
import type { AnkiExportCard, AnkiExportModel, AnkiExportNote } from './write-package.ts';
import { unsafeMediaName, type AnkiScheduling } from './model.ts';

/** What the export reads of a card (the card table's columns). */
export type ExportCardRow = {
  readonly id: string;
  readonly front: string;
  readonly back: string;
  readonly kind: 'basic' | 'cloze';
  readonly noteId: string | null;
  readonly ord: number | null;
  readonly ankiNoteId: string | null;
};

const hash = (key: string) => createHash('sha256').update(key).digest();

/** A 13-digit id (the size of Anki's epoch-ms ids) derived from `key`: the same key, the same id. */
export function stableAnkiId(key: string): number {
  const n = hash(key).readUIntBE(0, 6); // 48 bits: exact in a double
  return 1_000_000_000_000 + (n % 9_000_000_000_000);
}

const GUID_CHARS =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';

/** A 10-character guid derived from `key`, in the alphabet Anki's own guids use. */
function stableGuid(key: string): string {
  const h = hash(`guid:${key}`);
  return Array.from(h.subarray(0, 10), (b) => GUID_CHARS[b % GUID_CHARS.length]).join('');
}

/** An Anki note id as a number when the text is one Anki could have made (a positive safe integer). */
function ankiId(text: string | null): number | null {
  if (text === null || !/^\d{1,16}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]*)(")/gi;

/** Every img src of the HTML, in order. */
export function imageSrcs(html: string): string[] {
  return [...html.matchAll(IMG_SRC)].map((m) => m[2]!);
}

/** The media file name a picture gets: its storage name, made safe and unique in the package. */
export function mediaNames(srcs: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const src of srcs) {
    if (out.has(src)) continue;
    const base = decodeURIComponent(src.split(/[?#]/)[0]!.split('/').pop() ?? '').replace(/[\0\\/]/g, '_');
    let name = base && !unsafeMediaName(base) ? base : 'picture';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let i = 2; taken.has(name); i++) name = `${stem}-${i}${ext}`;
    taken.add(name);
    out.set(src, name);
  }
  return out;
}

/** The HTML with each src `names` knows rewritten to its media name. */
const rewriteSrcs = (html: string, names: ReadonlyMap<string, string>): string =>
  html.replace(IMG_SRC, (all, open: string, src: string, close: string) => {
    const name = names.get(src);
    return name === undefined ? all : `${open}${name}${close}`;
  });

export type DeckExportInput = {
  readonly deck: { readonly id: string; readonly name: string };
  readonly cards: readonly ExportCardRow[];
  /** Media names by src (mediaNames) and the bytes of those the storage holds. */
  readonly media: ReadonlyMap<string, string>;
  readonly mediaBytes: ReadonlyMap<string, Uint8Array>;
  readonly now: number;
  /** A student's progress by Zan card id (new cards have none). */
  readonly scheduling?: ReadonlyMap<string, AnkiScheduling>;
  readonly revlog?: AnkiExportModel['revlog'];
};

/** The Anki card id a Zan card gets (stable, so a review log can name it). */
export const ankiCardId = (zanCardId: string): number => stableAnkiId(`card:${zanCardId}`);

/** The package model of one deck. */
export function deckExportModel(input: DeckExportInput): AnkiExportModel {
  const deckId = stableAnkiId(`deck:${input.deck.id}`);
  const notes: AnkiExportNote[] = [];
  const cards: AnkiExportCard[] = [];
  const clozeNotes = new Map<string, number>();
  const noteIds = new Set<number>();
  const fix = (html: string) => rewriteSrcs(html, input.media);
  for (const c of input.cards) {
    const scheduling = input.scheduling?.get(c.id);
    const card = (noteId: number, ord: number): AnkiExportCard => ({
      id: ankiCardId(c.id),
      noteId,
      deckId,
      ord,
      ...(scheduling ? { scheduling } : {}),
    });
    if (c.kind === 'cloze' && c.noteId !== null && c.ord !== null && c.ord >= 1) {
      let noteId = clozeNotes.get(c.noteId);
      if (noteId === undefined) {
        const imported = ankiId(c.ankiNoteId);
        noteId = imported ?? stableAnkiId(`note:${c.noteId}`);
        clozeNotes.set(c.noteId, noteId);
        noteIds.add(noteId);
        notes.push({
          id: noteId,
          guid: stableGuid(imported !== null ? `anki:${imported}` : `note:${c.noteId}`),
          kind: 'cloze',
          fields: [fix(c.front), fix(c.back)],
        });
      }
      cards.push(card(noteId, c.ord - 1));
      continue;
    }
    const imported = ankiId(c.ankiNoteId);
    const noteId = imported ?? stableAnkiId(`note:${c.id}`);
    // Two Zan cards from one Anki note (a reversed pair) are two Basic notes here: the second one's id
    // is derived from its own card, so both survive the export.
    const id = noteIds.has(noteId) ? stableAnkiId(`note:${c.id}`) : noteId;
    noteIds.add(id);
    notes.push({
      id,
      guid: stableGuid(id === imported ? `anki:${imported}` : `card:${c.id}`),
      kind: 'basic',
      fields: [fix(c.front), fix(c.back)],
    });
    cards.push(card(id, 0));
  }
  const media = [...input.media.entries()].flatMap(([src, name]) => {
    const bytes = input.mediaBytes.get(src);
    return bytes ? [{ name, bytes }] : [];
  });
  return {
    now: input.now,
    decks: [{ id: deckId, name: input.deck.name }],
    notes,
    cards,
    media,
    ...(input.revlog ? { revlog: input.revlog } : {}),
  };
}

/** A file name for the download: the deck's name without characters file systems refuse. */
export function packageFileName(deckName: string): string {
  const visible = Array.from(deckName, (ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch)).join('');
  const clean = visible
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${clean || 'deck'}.apkg`;
}
