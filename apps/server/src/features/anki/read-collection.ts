// An Anki collection's content (issue 20), from either schema: Legacy and Legacy 2 (schema 11: note types
// and decks as JSON in the `col` row) or the current one (schema 18: `notetypes`, `fields`, `templates`,
// `decks` tables with protobuf configs). Notes, cards and the review log have the same columns in both.
import type { Database } from 'sql.js';
import { AnkiRefusal, malformed } from './bounded-inflate.ts';
import {
  ANKI_READ_MESSAGES,
  type AnkiCard,
  type AnkiDeck,
  type AnkiLimits,
  type AnkiMemoryState,
  type AnkiNote,
  type AnkiNotetype,
  type AnkiReview,
  type AnkiTemplate,
} from './model.ts';
import { protoHas, protoNumber, protoString, readProto } from './protobuf.ts';
import { blob, hasTable, num, rows, scalar, str } from './sqlite.ts';

export type AnkiCollection = {
  readonly createdSecs: number;
  readonly notetypes: AnkiNotetype[];
  readonly decks: AnkiDeck[];
  readonly notes: AnkiNote[];
  readonly cards: AnkiCard[];
  readonly revlog: AnkiReview[];
};

/** Anki's stock kind of a note type, where recorded (schema 18 config field 9, schema 11 JSON). */
const IMAGE_OCCLUSION = 6;

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJson(text: string, what: string): JsonObject {
  try {
    const v: unknown = JSON.parse(text === '' ? '{}' : text);
    if (isObject(v)) return v;
  } catch {
    /* refused below */
  }
  throw malformed(`its ${what} cannot be read`);
}

const jsonNum = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const jsonStr = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A JSON list's objects by their `ord` (their position when they have none). */
function byOrd(list: unknown): { ord: number; item: JsonObject }[] {
  return (Array.isArray(list) ? list.filter(isObject) : [])
    .map((item, i) => ({ ord: typeof item.ord === 'number' ? item.ord : i, item }))
    .sort((a, b) => a.ord - b.ord);
}

function legacyNotetypes(models: JsonObject): AnkiNotetype[] {
  return Object.values(models)
    .filter(isObject)
    .map((m) => ({
      id: jsonNum(m.id),
      name: jsonStr(m.name),
      kind: m.type === 1 ? 'cloze' : 'normal',
      imageOcclusion: m.originalStockKind === IMAGE_OCCLUSION,
      fields: byOrd(m.flds).map((f) => jsonStr(f.item.name)),
      templates: byOrd(m.tmpls).map(({ ord, item }): AnkiTemplate => ({
        ord,
        name: jsonStr(item.name),
        qfmt: jsonStr(item.qfmt),
        afmt: jsonStr(item.afmt),
      })),
    }));
}

function legacyDecks(decks: JsonObject): AnkiDeck[] {
  return Object.values(decks)
    .filter(isObject)
    .map((d) => ({ id: jsonNum(d.id), name: jsonStr(d.name), filtered: d.dyn === 1 }));
}

function currentNotetypes(db: Database): AnkiNotetype[] {
  const fields = new Map<number, { ord: number; name: string }[]>();
  for (const r of rows(db, 'SELECT ntid, ord, name FROM fields')) {
    const list = fields.get(num(r.ntid)) ?? [];
    list.push({ ord: num(r.ord), name: str(r.name) });
    fields.set(num(r.ntid), list);
  }
  const templates = new Map<number, AnkiTemplate[]>();
  for (const r of rows(db, 'SELECT ntid, ord, name, config FROM templates')) {
    const config = readProto(blob(r.config));
    const list = templates.get(num(r.ntid)) ?? [];
    list.push({
      ord: num(r.ord),
      name: str(r.name),
      qfmt: protoString(config, 1),
      afmt: protoString(config, 2),
    });
    templates.set(num(r.ntid), list);
  }
  const out: AnkiNotetype[] = [];
  for (const r of rows(db, 'SELECT id, name, config FROM notetypes')) {
    const id = num(r.id);
    const config = readProto(blob(r.config));
    out.push({
      id,
      name: str(r.name),
      kind: protoNumber(config, 1) === 1 ? 'cloze' : 'normal',
      imageOcclusion: protoNumber(config, 9) === IMAGE_OCCLUSION,
      fields: (fields.get(id) ?? []).sort((a, b) => a.ord - b.ord).map((f) => f.name),
      templates: (templates.get(id) ?? []).sort((a, b) => a.ord - b.ord),
    });
  }
  return out;
}

function currentDecks(db: Database): AnkiDeck[] {
  const out: AnkiDeck[] = [];
  for (const r of rows(db, 'SELECT id, name, kind FROM decks')) {
    // DeckKindContainer: 1 normal, 2 filtered
    const kind = readProto(blob(r.kind));
    out.push({ id: num(r.id), name: str(r.name).split('\x1f').join('::'), filtered: protoHas(kind, 2) });
  }
  return out;
}

/** The FSRS memory state of a card's `data` JSON, when it has one. */
function memoryOf(data: string): AnkiMemoryState | null {
  if (!data.includes('"s"')) return null;
  try {
    const v: unknown = JSON.parse(data);
    if (isObject(v) && typeof v.s === 'number' && typeof v.d === 'number' && v.s > 0)
      return { stability: v.s, difficulty: v.d };
  } catch {
    /* no memory state */
  }
  return null;
}

const tagsOf = (s: string) => s.split(/\s+/).filter((t) => t !== '');

/** The collection's content; a count past the limits is refused before the rows are read. */
export function readCollection(db: Database, limits: AnkiLimits): AnkiCollection {
  if (!hasTable(db, 'col') || !hasTable(db, 'notes') || !hasTable(db, 'cards'))
    throw malformed('it has no Anki collection');
  const col = [...rows(db, 'SELECT crt, ver, models, decks FROM col')][0];
  if (!col) throw malformed('its collection has no header row');
  const ver = num(col.ver);
  const tooMany = new AnkiRefusal({
    code: 'too-many-notes',
    message: ANKI_READ_MESSAGES.tooManyNotes(limits.maxNotes),
  });
  if (scalar(db, 'SELECT count(*) FROM notes') > limits.maxNotes) throw tooMany;
  if (scalar(db, 'SELECT count(*) FROM cards') > limits.maxCards) throw tooMany;
  const hasRevlog = hasTable(db, 'revlog');
  if (hasRevlog && scalar(db, 'SELECT count(*) FROM revlog') > limits.maxReviews) throw tooMany;

  const current = ver >= 15 && hasTable(db, 'notetypes');
  const notetypes = current
    ? currentNotetypes(db)
    : legacyNotetypes(parseJson(str(col.models), 'note types'));
  const decks = current ? currentDecks(db) : legacyDecks(parseJson(str(col.decks), 'decks'));

  const notes: AnkiNote[] = [];
  for (const r of rows(db, 'SELECT id, guid, mid, mod, tags, flds FROM notes ORDER BY id'))
    notes.push({
      id: num(r.id),
      guid: str(r.guid),
      notetypeId: num(r.mid),
      fields: str(r.flds).split('\x1f'),
      tags: tagsOf(str(r.tags)),
      mod: num(r.mod),
    });
  const cards: AnkiCard[] = [];
  for (const r of rows(
    db,
    'SELECT id, nid, did, odid, ord, type, queue, due, odue, ivl, factor, reps, lapses, data FROM cards ORDER BY id',
  )) {
    // A card in a filtered deck: its home deck and due are the original ones.
    const inFiltered = num(r.odid) !== 0;
    cards.push({
      id: num(r.id),
      noteId: num(r.nid),
      deckId: inFiltered ? num(r.odid) : num(r.did),
      ord: num(r.ord),
      scheduling: {
        type: num(r.type),
        queue: num(r.queue),
        due: inFiltered && num(r.odue) !== 0 ? num(r.odue) : num(r.due),
        ivl: num(r.ivl),
        factor: num(r.factor),
        reps: num(r.reps),
        lapses: num(r.lapses),
        memory: memoryOf(str(r.data)),
      },
    });
  }
  const revlog: AnkiReview[] = [];
  if (hasRevlog)
    for (const r of rows(
      db,
      'SELECT id, cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id',
    ))
      revlog.push({
        id: num(r.id),
        cardId: num(r.cid),
        ease: num(r.ease),
        ivl: num(r.ivl),
        lastIvl: num(r.lastIvl),
        factor: num(r.factor),
        time: num(r.time),
        type: num(r.type),
      });
  return { createdSecs: num(col.crt), notetypes, decks, notes, cards, revlog };
}
