// An Anki collection in schema 11 (issue 20), as Anki writes collection.anki2 / collection.anki21: the
// `col` row with note types, decks and deck options as JSON, then notes, cards and the review log. The
// .apkg export writes it; the test packages build the Legacy formats and the dummy collection with it.
import { createHash } from 'node:crypto';
import type { AnkiCard, AnkiDeck, AnkiNote, AnkiNotetype, AnkiReview } from './model.ts';
import { sqlJs } from './sqlite.ts';

const SCHEMA11_SQL = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
  left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
  type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

export const STOCK_CSS =
  '.card {\n    font-family: arial;\n    font-size: 20px;\n    line-height: 1.5;\n    text-align: center;\n    color: black;\n    background-color: white;\n}\n';

/** A collection's content to write; a card's `scheduling.memory` goes into its `data` JSON. */
export type CollectionContent = {
  readonly createdSecs: number;
  readonly modMs: number;
  readonly notetypes: readonly AnkiNotetype[];
  readonly decks: readonly AnkiDeck[];
  readonly notes: readonly AnkiNote[];
  readonly cards: readonly AnkiCard[];
  readonly revlog: readonly AnkiReview[];
};

const stripForChecksum = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** Anki's note checksum: the first 8 hex digits of the SHA-1 of the first field's text. */
function fieldChecksum(first: string): number {
  return parseInt(createHash('sha1').update(stripForChecksum(first)).digest('hex').slice(0, 8), 16);
}

/** The card's `data` column: `{"s":…,"d":…}` when it has an FSRS memory state, else ''. */
function cardData(card: AnkiCard): string {
  const m = card.scheduling.memory;
  return m ? JSON.stringify({ s: m.stability, d: m.difficulty }) : '';
}

function modelsJson(notetypes: readonly AnkiNotetype[], modSecs: number): string {
  const models: Record<string, unknown> = {};
  for (const nt of notetypes)
    models[String(nt.id)] = {
      id: nt.id,
      name: nt.name,
      type: nt.kind === 'cloze' ? 1 : 0,
      mod: modSecs,
      usn: -1,
      sortf: 0,
      did: null,
      tmpls: nt.templates.map((t) => ({
        name: t.name,
        ord: t.ord,
        qfmt: t.qfmt,
        afmt: t.afmt,
        bqfmt: '',
        bafmt: '',
        did: null,
        bfont: '',
        bsize: 0,
      })),
      flds: nt.fields.map((name, ord) => ({
        name,
        ord,
        sticky: false,
        rtl: false,
        font: 'Arial',
        size: 20,
        description: '',
        plainText: false,
        collapsed: false,
        excludeFromSearch: false,
      })),
      css: STOCK_CSS,
      latexPre:
        '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
      latexPost: '\\end{document}',
      latexsvg: false,
      req: nt.kind === 'cloze' ? [[0, 'any', [0]]] : nt.templates.map((t) => [t.ord, 'any', [t.ord]]),
      tags: [],
      vers: [],
      ...(nt.imageOcclusion ? { originalStockKind: 6 } : {}),
    };
  return JSON.stringify(models);
}

function deckJson(id: number, name: string, modSecs: number, filtered: boolean) {
  return {
    id,
    name,
    mod: modSecs,
    usn: -1,
    desc: '',
    dyn: filtered ? 1 : 0,
    conf: 1,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

function decksJson(decks: readonly AnkiDeck[], modSecs: number): string {
  const out: Record<string, unknown> = { '1': deckJson(1, 'Default', modSecs, false) };
  for (const d of decks) out[String(d.id)] = deckJson(d.id, d.name, modSecs, d.filtered);
  return JSON.stringify(out);
}

const DCONF = {
  '1': {
    id: 1,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  },
};

const CONF = {
  activeDecks: [1],
  curDeck: 1,
  newSpread: 0,
  collapseTime: 1200,
  timeLim: 0,
  estTimes: true,
  dueCounts: true,
  curModel: null,
  nextPos: 1,
  sortType: 'noteFld',
  sortBackwards: false,
  addToCur: true,
  schedVer: 2,
};

/** The collection as SQLite bytes (`ver` 11, as every Legacy package holds). */
export async function buildLegacyCollection(content: CollectionContent): Promise<Uint8Array> {
  const SQL = await sqlJs();
  const db = new SQL.Database();
  try {
    const modSecs = Math.floor(content.modMs / 1000);
    db.run(SCHEMA11_SQL);
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      content.createdSecs,
      content.modMs,
      content.modMs,
      JSON.stringify({ ...CONF, nextPos: content.cards.length + 1 }),
      modelsJson(content.notetypes, modSecs),
      decksJson(content.decks, modSecs),
      JSON.stringify(DCONF),
      '{}',
    ]);
    db.run('BEGIN');
    const note = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    for (const n of content.notes)
      note.run([
        n.id,
        n.guid,
        n.notetypeId,
        n.mod,
        n.tags.length ? ` ${n.tags.join(' ')} ` : '',
        n.fields.join('\x1f'),
        stripForChecksum(n.fields[0] ?? ''),
        fieldChecksum(n.fields[0] ?? ''),
        '',
      ]);
    note.free();
    const card = db.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)',
    );
    for (const c of content.cards) {
      const s = c.scheduling;
      card.run([
        c.id,
        c.noteId,
        c.deckId,
        c.ord,
        modSecs,
        s.type,
        s.queue,
        s.due,
        s.ivl,
        s.factor,
        s.reps,
        s.lapses,
        cardData(c),
      ]);
    }
    card.free();
    const review = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)');
    for (const r of content.revlog)
      review.run([r.id, r.cardId, r.ease, r.ivl, r.lastIvl, r.factor, r.time, r.type]);
    review.free();
    db.run('COMMIT');
    return db.export();
  } finally {
    db.close();
  }
}
