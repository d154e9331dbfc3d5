// Issue 20, 'Import Anki Deck': what a read Anki package becomes in Zan, before anything is written — pure.
// Each Anki card is rendered from its note type's templates (core anki-template.ts) or, for a Cloze note
// type, becomes a Zan cloze card (the note's cloze text as front, Back Extra as back, ord = Anki ord + 1);
// Image Occlusion notes, empty fronts, sound and video are skipped and counted; pictures the package holds
// as PNG or JPEG (or WebP or GIF, stored as PNG) are referred to as `zan-import:<name>` (stored later as the topic's images), the others
// are dropped with why, as is an inline (`data:`) one that is not PNG, JPEG, GIF or WebP (an SVG). The author's scheduling is ignored. The HTML is still unsanitised here.
import {
  ANKI_IMPORT_MESSAGES as M,
  ankiCardExists,
  ankiClozeFields,
  clozeOrdinals,
  EMBEDDED_SRC_PREFIX,
  isEmptyFront,
  renderAnkiBack,
  renderAnkiFront,
  type AnkiCardType,
} from '@zan/core';
import { checkConvertible, checkImage, ImageRejectedError } from '../../platform/images.ts';
import { dropInlineNonRaster } from './inline-pictures.ts';
import type { AnkiNote, AnkiNotetype, AnkiPackage } from './model.ts';
import { escapeAttr, unescapeAttr } from '../../platform/escape-html.ts';

export type PlannedCard = {
  readonly kind: 'basic' | 'cloze';
  readonly type: AnkiCardType;
  readonly front: string;
  readonly back: string;
  /** Cloze: the deletion number (Anki ord + 1). */
  readonly ord: number | null;
  readonly ankiNoteId: string;
  readonly ankiOrd: number;
};
type PlannedDeck = { readonly name: string; readonly cards: readonly PlannedCard[] };
export type DeckChoice =
  { readonly deckMode: 'per-deck' } | { readonly deckMode: 'one'; readonly deckName: string };

export type ImportPlan = {
  readonly decks: readonly PlannedDeck[];
  /** Notes with at least one card made. */
  readonly notes: number;
  readonly cardsByType: Readonly<Record<AnkiCardType, number>>;
  /** The pictures the cards refer to (`zan-import:<name>`), each a PNG or JPEG (or a WebP or GIF, stored as PNG) the package holds. */
  readonly pictures: readonly string[];
  readonly skipped: readonly { readonly reason: string; readonly count: number }[];
  readonly missingMedia: readonly string[];
};

const SOUND = /\[sound:[^\]]*\]/g;
/** `<img … src=…>`: 1 = up to the value, 2 = the quote (maybe none), 3 = the value. */
const IMG_SRC = /(<img\b[^>]*?\ssrc\s*=\s*)(["']?)([^"'\s>]*)\2[^>]*>/gi;
const decodeName = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** What kind of card a normal note type makes, for the preview's counts. */
function typeOf(nt: AnkiNotetype): AnkiCardType {
  if (nt.kind === 'cloze') return 'cloze';
  if (/^Basic\b/.test(nt.name)) return nt.templates.length > 1 ? 'reversed' : 'basic';
  return 'custom';
}

/** The package as Zan decks and cards, with what is skipped and why. */
export function planAnkiImport(pkg: AnkiPackage, choice: DeckChoice = { deckMode: 'per-deck' }): ImportPlan {
  return withChoice(planPerDeck(pkg), choice);
}

/**
 * A plan made one deck per Anki deck, as the admin chose: unchanged, or every card in one named deck (in
 * the order of the Anki decks). Cheap, so the import applies it to the plan its reader made off-thread.
 */
export function withChoice(plan: ImportPlan, choice: DeckChoice): ImportPlan {
  if (choice.deckMode === 'per-deck' || !plan.decks.length) return plan;
  return { ...plan, decks: [{ name: choice.deckName, cards: plan.decks.flatMap((d) => d.cards) }] };
}

function planPerDeck(pkg: AnkiPackage): ImportPlan {
  const notetypes = new Map(pkg.notetypes.map((n) => [n.id, n]));
  const notes = new Map(pkg.notes.map((n) => [n.id, n]));
  const deckNames = new Map(pkg.decks.map((d) => [d.id, d.name]));
  const media = new Map(pkg.media.map((m) => [m.name, m]));
  const skipped = new Map<string, number>();
  const skip = (reason: string, n = 1) => skipped.set(reason, (skipped.get(reason) ?? 0) + n);
  const missing = new Set(pkg.missingMedia);
  const pictures = new Set<string>();
  const refusedPictures = new Map<string, string>();
  const pictureOk = (name: string): string | null => {
    if (pictures.has(name)) return null;
    const known = refusedPictures.get(name);
    if (known !== undefined) return known;
    const file = media.get(name);
    let why: string | null = null;
    if (!file) {
      why = M.skippedMissingPicture;
      missing.add(name);
    } else
      try {
        // A WebP or GIF is taken too: stored as PNG, as an import's embedded pictures are (issue 21).
        if (checkConvertible(file.bytes) === null) checkImage(file.bytes);
      } catch (err) {
        if (!(err instanceof ImageRejectedError)) throw err;
        why = err.reason === 'wrongType' ? M.skippedPictureFormat : err.message;
      }
    if (why === null) pictures.add(name);
    else {
      refusedPictures.set(name, why);
      skip(why);
    }
    return why;
  };
  /**
   * Pictures of the package → `zan-import:` srcs with an alt (the name) where they had none; the others
   * (missing, refused) dropped; inline (`data:`) ones kept only when PNG, JPEG, GIF or WebP.
   */
  const pictured = (html: string) =>
    dropInlineNonRaster(html.replace(SOUND, ''), () => skip(M.skippedPictureFormat)).replace(
      IMG_SRC,
      (tag: string, lead: string, _q: string, raw: string) => {
        const value = unescapeAttr(raw);
        if (/^(https?:|data:)/i.test(value)) return tag;
        const name = decodeName(value);
        if (name === '' || pictureOk(name) !== null) return '';
        // Anki's pictures have no text alternative: the picture's name (without its extension) stands in.
        const alt = /\salt\s*=/i.test(lead) ? '' : ` alt="${escapeAttr(name.replace(/\.[^.]*$/, ''))}"`;
        return `${lead}"${escapeAttr(EMBEDDED_SRC_PREFIX + name)}"${alt}>`;
      },
    );

  const byDeck = new Map<string, PlannedCard[]>();
  const cardsByType: Record<AnkiCardType, number> = { basic: 0, reversed: 0, cloze: 0, custom: 0 };
  const madeNotes = new Set<number>();
  const occlusion = new Set<number>();
  for (const c of pkg.cards) {
    const note = notes.get(c.noteId);
    const nt = note && notetypes.get(note.notetypeId);
    if (!note || !nt) continue;
    if (nt.imageOcclusion) {
      occlusion.add(note.id);
      continue;
    }
    const card =
      nt.kind === 'cloze'
        ? clozeCard(nt, note, c.ord, pictured)
        : normalCard(nt, note, c.ord, deckNames.get(c.deckId), pictured);
    if (typeof card === 'string') {
      skip(card);
      continue;
    }
    const deck = deckNames.get(c.deckId) ?? 'Default';
    const list = byDeck.get(deck) ?? [];
    list.push(card);
    byDeck.set(deck, list);
    cardsByType[card.type]++;
    madeNotes.add(note.id);
  }
  if (occlusion.size) skip(M.skippedImageOcclusion, occlusion.size);
  const soundVideo = pkg.media.filter((m) => m.kind === 'sound' || m.kind === 'video').length;
  if (soundVideo) skip(M.skippedSoundVideo, soundVideo);
  return {
    decks: [...byDeck].map(([name, cards]) => ({ name, cards })),
    notes: madeNotes.size,
    cardsByType,
    pictures: [...pictures],
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    missingMedia: [...missing].sort(),
  };
}

const fieldsOf = (nt: AnkiNotetype, note: AnkiNote) =>
  Object.fromEntries(nt.fields.map((f, i) => [f, note.fields[i] ?? '']));

/**
 * A back that opens with the front and Anki's answer rule (`{{FrontSide}}<hr id=answer>`, as every stock
 * Basic kind renders it, or the question's field again, as type-in does): Zan's player already shows the
 * front above the back, so the back is what follows the rule — else the question shows twice, and an
 * exported deck would not import back equal.
 */
const ANSWER_RULE = /^\s*<hr\s+id\s*=\s*["']?answer["']?\s*\/?>/i;
function answerOnly(front: string, back: string): string {
  const lead = front.trim();
  const rendered = back.trimStart();
  if (!lead || !rendered.startsWith(lead)) return back;
  const rest = rendered.slice(lead.length);
  const rule = ANSWER_RULE.exec(rest);
  return rule ? rest.slice(rule[0].length).trim() : back;
}

function normalCard(
  nt: AnkiNotetype,
  note: AnkiNote,
  ord: number,
  deck: string | undefined,
  pictured: (html: string) => string,
): PlannedCard | string {
  const t = nt.templates.find((x) => x.ord === ord);
  const fields = fieldsOf(nt, note);
  if (!t || !ankiCardExists(t.qfmt, fields, ord)) return M.skippedEmptyFront;
  const sub = deck?.split('::').at(-1) ?? '';
  const ctx = {
    fields,
    ord,
    special: { Tags: note.tags.join(' '), Type: nt.name, Deck: deck ?? '', Subdeck: sub, Card: t.name },
  };
  const front = renderAnkiFront(t.qfmt, ctx);
  if (isEmptyFront(front)) return M.skippedEmptyFront;
  return {
    kind: 'basic',
    type: typeOf(nt),
    front: pictured(front),
    back: pictured(answerOnly(front, renderAnkiBack(t.qfmt, t.afmt, ctx))),
    ord: null,
    ankiNoteId: String(note.id),
    ankiOrd: ord,
  };
}

function clozeCard(
  nt: AnkiNotetype,
  note: AnkiNote,
  ord: number,
  pictured: (html: string) => string,
): PlannedCard | string {
  const fields = fieldsOf(nt, note);
  const clozeField = ankiClozeFields(nt.templates[0]?.qfmt ?? '')[0] ?? nt.fields[0] ?? '';
  const text = fields[clozeField] ?? '';
  if (!clozeOrdinals(text).includes(ord + 1)) return M.skippedEmptyCloze;
  const extra =
    'Back Extra' in fields
      ? fields['Back Extra']!
      : nt.fields
          .filter((f) => f !== clozeField)
          .map((f) => fields[f]!)
          .filter((v) => v.trim() !== '')
          .join('<br>');
  return {
    kind: 'cloze',
    type: 'cloze',
    front: pictured(text),
    back: pictured(extra),
    ord: ord + 1,
    ankiNoteId: String(note.id),
    ankiOrd: ord,
  };
}
