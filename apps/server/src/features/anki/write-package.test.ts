// The .apkg export (issue 20): written in the Legacy 2 layout current Anki writes, and read back equal —
// notes with their ids and guids, cards, decks, media, a student's scheduling and review log.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { AnkiReadResult, AnkiScheduling } from './model.ts';
import { readProto, protoNumber } from './protobuf.ts';
import { readAnkiPackage } from './read-package.ts';
import { PNG } from './test-packages.ts';
import { writeAnkiPackage, ZAN_BASIC_ID, ZAN_CLOZE_ID, type AnkiExportModel } from './write-package.ts';

const reviewed: AnkiScheduling = {
  type: 2,
  queue: 2,
  due: 812,
  ivl: 21,
  factor: 2450,
  reps: 7,
  lapses: 1,
  memory: { stability: 23.5, difficulty: 5.25 },
};

const model: AnkiExportModel = {
  now: 1_760_000_000_000,
  decks: [
    { id: 1_760_000_000_100, name: 'Pharmacology' },
    { id: 1_760_000_000_101, name: 'Pharmacology::Antiarrhythmics' },
  ],
  notes: [
    {
      id: 1_760_000_001_000,
      guid: 'zan-card-a',
      kind: 'basic',
      fields: ['Dose of <b>X</b>?', '5 mg <img src="x.png">'],
    },
    {
      id: 1_760_000_001_001,
      guid: 'zan-cloze-b',
      kind: 'cloze',
      fields: ['{{c1::Amiodarone}} is class {{c2::III}}', 'Long half-life'],
      tags: ['pharm', 'cardio'],
    },
  ],
  cards: [
    {
      id: 1_760_000_002_000,
      noteId: 1_760_000_001_000,
      deckId: 1_760_000_000_100,
      ord: 0,
      scheduling: reviewed,
    },
    { id: 1_760_000_002_001, noteId: 1_760_000_001_001, deckId: 1_760_000_000_101, ord: 0 },
    {
      id: 1_760_000_002_002,
      noteId: 1_760_000_001_001,
      deckId: 1_760_000_000_101,
      ord: 1,
      scheduling: { ...reviewed, queue: -1, memory: null },
    },
  ],
  revlog: [
    {
      id: 1_759_000_000_000,
      cardId: 1_760_000_002_000,
      ease: 3,
      ivl: 21,
      lastIvl: 8,
      factor: 2450,
      time: 5100,
      type: 1,
    },
  ],
  media: [{ name: 'x.png', bytes: PNG }],
};

function ok(r: AnkiReadResult) {
  if ('error' in r) throw new Error(r.error.message);
  return r.package;
}

describe('writeAnkiPackage', () => {
  it('lays the package out as Legacy 2: meta version 2, collection.anki21, the dummy, a JSON media map', async () => {
    const files = unzipSync(await writeAnkiPackage(model));
    expect(Object.keys(files).sort()).toEqual([
      '0',
      'collection.anki2',
      'collection.anki21',
      'media',
      'meta',
    ]);
    expect(protoNumber(readProto(files.meta!), 1)).toBe(2);
    expect(JSON.parse(new TextDecoder().decode(files.media))).toEqual({ '0': 'x.png' });
    expect([...files['0']!]).toEqual([...PNG]);
  });

  it('reads back equal: notes, cards, decks, media, scheduling, reviews', async () => {
    const pkg = ok(await readAnkiPackage(await writeAnkiPackage(model)));
    expect(pkg.format).toBe('legacy2');
    expect(pkg.notes.map((n) => [n.id, n.guid, n.notetypeId, n.fields, n.tags])).toEqual([
      [1_760_000_001_000, 'zan-card-a', ZAN_BASIC_ID, ['Dose of <b>X</b>?', '5 mg <img src="x.png">'], []],
      [
        1_760_000_001_001,
        'zan-cloze-b',
        ZAN_CLOZE_ID,
        ['{{c1::Amiodarone}} is class {{c2::III}}', 'Long half-life'],
        ['pharm', 'cardio'],
      ],
    ]);
    expect(pkg.cards.map((c) => [c.id, c.noteId, c.deckId, c.ord])).toEqual(
      model.cards.map((c) => [c.id, c.noteId, c.deckId, c.ord]),
    );
    expect(pkg.cards[0]!.scheduling).toEqual(reviewed);
    expect(pkg.cards[1]!.scheduling).toMatchObject({ type: 0, queue: 0, reps: 0, memory: null });
    expect(pkg.cards[2]!.scheduling).toEqual({ ...reviewed, queue: -1, memory: null });
    expect(pkg.revlog).toEqual(model.revlog);
    expect(pkg.decks.filter((d) => d.id !== 1).map((d) => [d.id, d.name])).toEqual(
      model.decks.map((d) => [d.id, d.name]),
    );
    expect(pkg.notetypes.map((nt) => [nt.id, nt.name, nt.kind])).toEqual([
      [ZAN_BASIC_ID, 'Basic', 'normal'],
      [ZAN_CLOZE_ID, 'Cloze', 'cloze'],
    ]);
    expect(pkg.media.map((m) => [m.name, [...m.bytes]])).toEqual([['x.png', [...PNG]]]);
    expect(pkg.missingMedia).toEqual([]);
  });

  it('is the same bytes for the same model (stable ids, no clock read)', async () => {
    expect(await writeAnkiPackage(model)).toEqual(await writeAnkiPackage(model));
  });
});
