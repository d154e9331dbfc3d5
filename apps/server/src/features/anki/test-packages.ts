// Test code (issue 20): builds Anki packages of each format as Anki writes them — Legacy (collection.anki2),
// Legacy 2 (collection.anki21 + the dummy collection.anki2), and current (`meta`, zstd collection.anki21b
// in schema 18 with its `COLLATE unicase` columns, the dummy, a zstd protobuf media map, zstd media) —
// plus large generated ones and hostile ones. zstd comes from a dev-only compressor.
import { compress as zstdCompress, init as zstdInit } from '@bokuweb/zstd-wasm';
import { zipSync, type Zippable } from 'fflate';
import { buildLegacyCollection, STOCK_CSS, type CollectionContent } from './legacy-collection.ts';
import type {
  AnkiCard,
  AnkiDeck,
  AnkiFormat,
  AnkiNote,
  AnkiNotetype,
  AnkiReview,
  AnkiScheduling,
} from './model.ts';
import { writeProto } from './protobuf.ts';
import { sqlJs } from './sqlite.ts';

let zstdReady: Promise<void> | null = null;
export async function zstd(bytes: Uint8Array, level = 3): Promise<Uint8Array> {
  zstdReady ??= zstdInit();
  await zstdReady;
  return zstdCompress(bytes, level);
}

const ANSWER = '{{FrontSide}}\n\n<hr id=answer>\n\n';
/** Anki's stock note types, as Anki ships them (ids as a collection would have them). */
export const STOCK: Record<
  'basic' | 'reversed' | 'optional' | 'typing' | 'cloze' | 'occlusion',
  AnkiNotetype
> = {
  basic: {
    id: 1_600_000_000_001,
    name: 'Basic',
    kind: 'normal',
    imageOcclusion: false,
    fields: ['Front', 'Back'],
    templates: [{ ord: 0, name: 'Card 1', qfmt: '{{Front}}', afmt: `${ANSWER}{{Back}}` }],
  },
  reversed: {
    id: 1_600_000_000_002,
    name: 'Basic (and reversed card)',
    kind: 'normal',
    imageOcclusion: false,
    fields: ['Front', 'Back'],
    templates: [
      { ord: 0, name: 'Card 1', qfmt: '{{Front}}', afmt: `${ANSWER}{{Back}}` },
      { ord: 1, name: 'Card 2', qfmt: '{{Back}}', afmt: `${ANSWER}{{Front}}` },
    ],
  },
  optional: {
    id: 1_600_000_000_003,
    name: 'Basic (optional reversed card)',
    kind: 'normal',
    imageOcclusion: false,
    fields: ['Front', 'Back', 'Add Reverse'],
    templates: [
      { ord: 0, name: 'Card 1', qfmt: '{{Front}}', afmt: `${ANSWER}{{Back}}` },
      {
        ord: 1,
        name: 'Card 2',
        qfmt: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}',
        afmt: `${ANSWER}{{Front}}`,
      },
    ],
  },
  typing: {
    id: 1_600_000_000_004,
    name: 'Basic (type in the answer)',
    kind: 'normal',
    imageOcclusion: false,
    fields: ['Front', 'Back'],
    templates: [
      {
        ord: 0,
        name: 'Card 1',
        qfmt: '{{Front}}\n\n{{type:Back}}',
        afmt: '{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}',
      },
    ],
  },
  cloze: {
    id: 1_600_000_000_005,
    name: 'Cloze',
    kind: 'cloze',
    imageOcclusion: false,
    fields: ['Text', 'Back Extra'],
    templates: [
      { ord: 0, name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' },
    ],
  },
  occlusion: {
    id: 1_600_000_000_006,
    name: 'Image Occlusion',
    kind: 'cloze',
    imageOcclusion: true,
    fields: ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'],
    templates: [
      {
        ord: 0,
        name: 'Image Occlusion',
        qfmt: '{{#Header}}<div>{{Header}}</div>{{/Header}}{{cloze:Occlusion}}{{Image}}',
        afmt: '{{cloze:Occlusion}}{{Image}}{{Back Extra}}',
      },
    ],
  },
};

type TestMedia = { readonly name: string; readonly bytes: Uint8Array };
export type TestContent = CollectionContent & { readonly media: readonly TestMedia[] };

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const review = (id: number, cardId: number, ease: number, ivl: number, lastIvl: number): AnkiReview => ({
  id,
  cardId,
  ease,
  ivl,
  lastIvl,
  factor: 2500,
  time: 4200,
  type: lastIvl === 0 ? 0 : 1,
});

/**
 * A small deck of every stock note type: a parent deck and a subdeck, a picture, a sound, a note whose
 * picture is missing, a card under review with an FSRS memory state and its review log, a suspended card.
 */
export function sampleContent(): TestContent {
  const decks: AnkiDeck[] = [
    { id: 1_650_000_000_001, name: 'Cardiology', filtered: false },
    { id: 1_650_000_000_002, name: 'Cardiology::Arrhythmias', filtered: false },
  ];
  const [parent, child] = decks.map((d) => d.id) as [number, number];
  const note = (id: number, nt: AnkiNotetype, fields: string[], tags: string[] = []): AnkiNote => ({
    id,
    guid: `g${id.toString(36)}`,
    notetypeId: nt.id,
    fields,
    tags,
    mod: 1_700_000_000,
  });
  const notes: AnkiNote[] = [
    note(
      1_690_000_000_001,
      STOCK.basic,
      ['What sets the heart rate?', 'The <b>SA node</b>'],
      ['cardio', 'physio'],
    ),
    note(1_690_000_000_002, STOCK.reversed, ['Aorta', 'Largest artery <img src="heart.png">']),
    note(1_690_000_000_003, STOCK.optional, ['Tachycardia', '&gt; 100 bpm', '']),
    note(1_690_000_000_004, STOCK.typing, ['Normal PR interval (s)?', '0.12–0.20']),
    note(1_690_000_000_005, STOCK.cloze, [
      '{{c1::Adenosine}} treats {{c2::SVT::a rhythm}}',
      'Flush fast [sound:beat.mp3]',
    ]),
    note(1_690_000_000_006, STOCK.basic, ['Missing picture <img src="gone.jpg">', 'x']),
    note(1_690_000_000_007, STOCK.occlusion, [
      '{{c1::image-occlusion:rect:left=.1:top=.1:width=.2:height=.2}}',
      '<img src="heart.png">',
      '',
      '',
      '',
    ]),
  ];
  const sched = (
    type: number,
    queue: number,
    due: number,
    ivl = 0,
    factor = 0,
    reps = 0,
    lapses = 0,
  ): AnkiScheduling => ({
    type,
    queue,
    due,
    ivl,
    factor,
    reps,
    lapses,
    memory: null,
  });
  const card = (id: number, nid: number, did: number, ord: number, s = sched(0, 0, id % 1000)): AnkiCard => ({
    id,
    noteId: nid,
    deckId: did,
    ord,
    scheduling: s,
  });
  const cards: AnkiCard[] = [
    card(1_691_000_000_001, notes[0]!.id, parent, 0, {
      ...sched(2, 2, 420, 12, 2350, 5, 1),
      memory: { stability: 14.25, difficulty: 6.5 },
    }),
    card(1_691_000_000_002, notes[1]!.id, child, 0),
    card(1_691_000_000_003, notes[1]!.id, child, 1, sched(2, -1, 400, 30, 2500, 3, 0)),
    card(1_691_000_000_004, notes[2]!.id, child, 0),
    card(1_691_000_000_005, notes[3]!.id, parent, 0),
    card(1_691_000_000_006, notes[4]!.id, child, 0),
    card(1_691_000_000_007, notes[4]!.id, child, 1),
    card(1_691_000_000_008, notes[5]!.id, parent, 0),
    card(1_691_000_000_009, notes[6]!.id, parent, 0),
  ];
  const revlog = [
    review(1_695_000_000_000, cards[0]!.id, 3, 1, 0),
    review(1_695_100_000_000, cards[0]!.id, 1, 1, 4),
    review(1_695_300_000_000, cards[0]!.id, 3, 12, 1),
  ];
  return {
    createdSecs: 1_680_000_000,
    modMs: 1_700_000_000_000,
    notetypes: Object.values(STOCK),
    decks,
    notes,
    cards,
    revlog,
    media: [
      { name: 'heart.png', bytes: PNG },
      { name: 'beat.mp3', bytes: Uint8Array.from([0xff, 0xfb, 0x90, 0x00]) },
    ],
  };
}

/** `count` Basic notes with one card each, every `perPicture`-th one with its own picture. */
export function largeContent(count: number, pictures: number): TestContent {
  const deck: AnkiDeck = { id: 1_650_000_000_010, name: 'Large', filtered: false };
  const notes: AnkiNote[] = [];
  const cards: AnkiCard[] = [];
  for (let i = 0; i < count; i++) {
    const pic = i < pictures ? ` <img src="p${i}.png">` : '';
    notes.push({
      id: 1_690_000_000_000 + i,
      guid: `large${i}`,
      notetypeId: STOCK.basic.id,
      fields: [
        `Question ${i}: what is item ${i * 7919}?${pic}`,
        `Answer ${i} — <i>${'detail '.repeat(8)}</i>`,
      ],
      tags: ['large'],
      mod: 1_700_000_000,
    });
    cards.push({
      id: 1_691_000_000_000 + i,
      noteId: 1_690_000_000_000 + i,
      deckId: deck.id,
      ord: 0,
      scheduling: { type: 0, queue: 0, due: i + 1, ivl: 0, factor: 0, reps: 0, lapses: 0, memory: null },
    });
  }
  const media = Array.from({ length: pictures }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }));
  return {
    createdSecs: 1_680_000_000,
    modMs: 1_700_000_000_000,
    notetypes: [STOCK.basic],
    decks: [deck],
    notes,
    cards,
    revlog: [],
    media,
  };
}

const DUMMY: CollectionContent = {
  createdSecs: 1_680_000_000,
  modMs: 1_700_000_000_000,
  notetypes: [{ ...STOCK.basic, id: 1 }],
  decks: [],
  notes: [
    {
      id: 1,
      guid: 'dummy',
      notetypeId: 1,
      fields: ['Please update to the latest Anki version, then import the .colpkg/.apkg file again.', ''],
      tags: [],
      mod: 1_700_000_000,
    },
  ],
  cards: [
    {
      id: 1,
      noteId: 1,
      deckId: 1,
      ord: 0,
      scheduling: { type: 0, queue: 0, due: 1, ivl: 0, factor: 0, reps: 0, lapses: 0, memory: null },
    },
  ],
  revlog: [],
};

/** The dummy collection.anki2 current Anki puts beside a newer collection. */
const dummyCollection = () => buildLegacyCollection(DUMMY);

// Schema 18 as Anki's upgrades leave it (schema 11 tables + 14, 15, 17, 18 changes).
const SCHEMA18_EXTRA = `
DROP TABLE graves;
CREATE TABLE graves (oid integer NOT NULL, type integer NOT NULL, usn integer NOT NULL, PRIMARY KEY (oid, type)) WITHOUT ROWID;
CREATE INDEX idx_graves_pending ON graves (usn);
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL) without rowid;
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY, usn integer NOT NULL, collapsed boolean NOT NULL, config blob NULL) without rowid;
CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE INDEX idx_templates_usn ON templates (usn);
CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE INDEX idx_notetypes_usn ON notetypes (usn);
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE INDEX idx_notes_mid ON notes (mid);
CREATE INDEX idx_cards_odid ON cards (odid) WHERE odid != 0;
`;
const UNICASE_TABLES = ['deck_config', 'tags', 'fields', 'templates', 'notetypes', 'decks'];

/** A schema 18 collection (collection.anki21b before zstd), name columns declared COLLATE unicase. */
async function buildCurrentCollection(content: CollectionContent): Promise<Uint8Array> {
  const SQL = await sqlJs();
  const legacy = await buildLegacyCollection({ ...content, notetypes: [], decks: [] });
  const db = new SQL.Database(legacy);
  try {
    db.run(SCHEMA18_EXTRA);
    db.run("UPDATE col SET ver = 18, models = '', decks = '', dconf = '', conf = '', tags = ''");
    db.run('BEGIN');
    db.run("INSERT INTO deck_config VALUES (1, 'Default', 0, 0, x'')");
    const all = [{ id: 1, name: 'Default', filtered: false }, ...content.decks];
    for (const d of all)
      db.run('INSERT INTO decks VALUES (?, ?, 0, 0, ?, ?)', [
        d.id,
        d.name.split('::').join('\x1f'),
        writeProto([]),
        d.filtered ? writeProto([[2, writeProto([[1, 'deck:x']])]]) : writeProto([[1, writeProto([[1, 1]])]]),
      ]);
    for (const nt of content.notetypes) {
      const config: [number, number | string][] = [
        [1, nt.kind === 'cloze' ? 1 : 0],
        [3, STOCK_CSS],
      ];
      if (nt.imageOcclusion) config.push([9, 6]);
      db.run('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)', [nt.id, nt.name, writeProto(config)]);
      nt.fields.forEach((f, ord) =>
        db.run('INSERT INTO fields VALUES (?, ?, ?, ?)', [
          nt.id,
          ord,
          f,
          writeProto([
            [3, 'Arial'],
            [4, 20],
          ]),
        ]),
      );
      for (const t of nt.templates)
        db.run('INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)', [
          nt.id,
          t.ord,
          t.name,
          writeProto([
            [1, t.qfmt],
            [2, t.afmt],
          ]),
        ]);
    }
    db.run('COMMIT');
    // What Anki declares and sql.js cannot register: written into the schema text as Anki has it.
    db.run('PRAGMA writable_schema = ON');
    for (const t of UNICASE_TABLES)
      db.run(
        "UPDATE sqlite_master SET sql = replace(sql, 'name text NOT NULL', 'name text NOT NULL COLLATE unicase') WHERE type = 'table' AND name = ?",
        [t],
      );
    db.run(
      "UPDATE sqlite_master SET sql = replace(sql, 'tag text NOT NULL', 'tag text NOT NULL COLLATE unicase') WHERE name = 'tags'",
    );
    db.run('PRAGMA writable_schema = OFF');
    return db.export();
  } finally {
    db.close();
  }
}

/** A package of `format` holding `content`, laid out as Anki lays it out. */
export async function buildTestPackage(format: AnkiFormat, content: TestContent): Promise<Uint8Array> {
  const files: Zippable = {};
  if (format === 'latest') {
    files.meta = [writeProto([[1, 3]]), { level: 0 }];
    files['collection.anki21b'] = [await zstd(await buildCurrentCollection(content)), { level: 0 }];
    files['collection.anki2'] = await dummyCollection();
    const entries: [number, Uint8Array][] = [];
    for (const [i, m] of content.media.entries()) {
      files[String(i)] = [await zstd(m.bytes), { level: 0 }];
      entries.push([
        1,
        writeProto([
          [1, m.name],
          [2, m.bytes.length],
          [3, new Uint8Array(20)],
        ]),
      ]);
    }
    files.media = [await zstd(writeProto(entries)), { level: 0 }];
  } else {
    const collection = await buildLegacyCollection(content);
    if (format === 'legacy2') {
      files['collection.anki21'] = collection;
      files['collection.anki2'] = await dummyCollection();
    } else files['collection.anki2'] = collection;
    const map: Record<string, string> = {};
    content.media.forEach((m, i) => {
      map[String(i)] = m.name;
      files[String(i)] = m.bytes;
    });
    files.media = new TextEncoder().encode(JSON.stringify(map));
  }
  return zipSync(files, { mtime: content.modMs });
}

/** A zip whose every entry declares `size` uncompressed bytes (central directory and local headers): a lie. */
export function declaringSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, size, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, size, true);
  }
  return out;
}
