// The Anki import plan (issue 20): the sample deck in each of the three formats becomes the same Zan
// decks and cards — rendered note types, cloze notes as cloze cards, pictures as `zan-import:` srcs —
// with Image Occlusion, sound and the missing picture skipped and counted.
import { ANKI_IMPORT_MESSAGES as M, clozeFront } from '@zan/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AnkiFormat, AnkiPackage } from './model.ts';
import { planAnkiImport } from './import-plan.ts';
import { deckExportModel } from './export-model.ts';
import { readAnkiPackage } from './read-package.ts';
import { writeAnkiPackage } from './write-package.ts';
import { buildTestPackage, PNG, sampleContent, STOCK } from './test-packages.ts';

async function read(format: AnkiFormat): Promise<AnkiPackage> {
  const r = await readAnkiPackage(await buildTestPackage(format, sampleContent()));
  if ('error' in r) throw new Error(r.error.message);
  return r.package;
}

describe.each<AnkiFormat>(['legacy1', 'legacy2', 'latest'])('a %s package', (format) => {
  it('becomes one Zan deck per Anki deck, with what is skipped and why', async () => {
    const plan = planAnkiImport(await read(format));
    expect(plan.decks.map((d) => [d.name, d.cards.length])).toEqual([
      ['Cardiology', 3],
      ['Cardiology::Arrhythmias', 5],
    ]);
    expect(plan.notes).toBe(6);
    expect(plan.cardsByType).toEqual({ basic: 3, reversed: 3, cloze: 2, custom: 0 });
    expect(plan.pictures).toEqual(['heart.png']);
    expect(plan.missingMedia).toEqual(['gone.jpg']);
    expect(new Map(plan.skipped.map((s) => [s.reason, s.count]))).toEqual(
      new Map([
        [M.skippedMissingPicture, 1],
        [M.skippedImageOcclusion, 1],
        [M.skippedSoundVideo, 1],
      ]),
    );
  });

  it('renders each card as Anki does and keeps its Anki note id and ordinal', async () => {
    const plan = planAnkiImport(await read(format));
    const [parent, child] = plan.decks;
    const basic = parent!.cards[0]!;
    expect(basic).toMatchObject({
      kind: 'basic',
      type: 'basic',
      ord: null,
      ankiNoteId: '1690000000001',
      ankiOrd: 0,
    });
    expect(basic.front).toBe('What sets the heart rate?');
    // The player shows the front above the back: the back is what follows `{{FrontSide}}<hr id=answer>`.
    expect(basic.back.trim()).toBe('The <b>SA node</b>');
    const reversed = child!.cards.filter((c) => c.ankiNoteId === '1690000000002');
    expect(reversed.map((c) => [c.ankiOrd, c.front])).toEqual([
      [0, 'Aorta'],
      [1, 'Largest artery <img src="zan-import:heart.png" alt="heart">'],
    ]);
    const missing = parent!.cards.find((c) => c.ankiNoteId === '1690000000006')!;
    expect(missing.front).not.toContain('<img');
    const cloze = child!.cards.filter((c) => c.kind === 'cloze');
    expect(cloze.map((c) => [c.ord, c.ankiOrd])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    for (const c of cloze) {
      expect(c.front).toBe('{{c1::Adenosine}} treats {{c2::SVT::a rhythm}}');
      expect(c.back.trim()).toBe('Flush fast');
    }
    expect(clozeFront(cloze[1]!.front, 2)).toContain('[a rhythm]');
  });

  it('puts everything into one named deck when asked', async () => {
    const plan = planAnkiImport(await read(format), { deckMode: 'one', deckName: 'Heart' });
    expect(plan.decks.map((d) => [d.name, d.cards.length])).toEqual([['Heart', 8]]);
  });
});

describe('note types', () => {
  it('skips a card whose front renders empty and counts a custom note type apart', async () => {
    const base = await read('legacy2');
    const custom = {
      ...STOCK.basic,
      id: 42,
      name: 'Vocab',
      templates: [{ ord: 0, name: 'Card 1', qfmt: '{{#Word}}{{Word}}{{/Word}}', afmt: '{{Meaning}}' }],
      fields: ['Word', 'Meaning'],
    };
    const note = (id: number, fields: string[]) => ({
      id,
      guid: `v${id}`,
      notetypeId: 42,
      fields,
      tags: [],
      mod: 0,
    });
    const card = (id: number, noteId: number) => ({
      id,
      noteId,
      deckId: base.decks[0]!.id,
      ord: 0,
      scheduling: base.cards[0]!.scheduling,
    });
    const pkg: AnkiPackage = {
      ...base,
      notetypes: [custom],
      notes: [note(1, ['salut', 'hello']), note(2, ['', 'nothing'])],
      cards: [card(10, 1), card(11, 2)],
      media: [],
      missingMedia: [],
    };
    const plan = planAnkiImport(pkg);
    expect(plan.cardsByType.custom).toBe(1);
    expect(plan.decks[0]!.cards[0]).toMatchObject({ front: 'salut', back: 'hello' });
    expect(plan.skipped).toEqual([{ reason: M.skippedEmptyFront, count: 1 }]);
  });
});

describe('pictures', () => {
  it('takes a GIF or WebP the package holds (stored as PNG later) and leaves out what is no picture', async () => {
    const base = await read('legacy2');
    const gif = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#c00' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#0c0' } })
      .webp()
      .toBuffer();
    const basic = base.notes.find((n) => n.notetypeId === STOCK.basic.id)!;
    const pkg: AnkiPackage = {
      ...base,
      notes: base.notes.map((n) =>
        n === basic
          ? { ...n, fields: ['<img src="a.gif"><img src="b.webp"><img src="c.png">', n.fields[1]!] }
          : n,
      ),
      media: [
        ...base.media,
        { name: 'a.gif', kind: 'image', bytes: new Uint8Array(gif) },
        { name: 'b.webp', kind: 'image', bytes: new Uint8Array(webp) },
        { name: 'c.png', kind: 'image', bytes: new TextEncoder().encode('not a picture') },
      ],
    };
    const plan = planAnkiImport(pkg);
    expect(plan.pictures).toEqual(expect.arrayContaining(['a.gif', 'b.webp']));
    expect(plan.pictures).not.toContain('c.png');
    const front = plan.decks.flatMap((d) => d.cards).find((c) => c.front.includes('a.gif'))!.front;
    expect(front).toContain('zan-import:a.gif');
    expect(front).toContain('zan-import:b.webp');
    expect(front).not.toContain('c.png');
  });
});

describe('inline pictures (issue 38)', () => {
  it('drops a data: picture that is not PNG, JPEG, GIF or WebP by its bytes (an SVG), keeps an inline PNG', async () => {
    const base = await read('legacy2');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const b64 = (bytes: string | Uint8Array) => Buffer.from(bytes).toString('base64');
    const png = `data:image/png;base64,${b64(PNG)}`;
    const inline = [
      `<img src="data:image/svg+xml;base64,${b64(svg)}">`,
      `<img src='data:image/svg+xml;utf8,${svg}'>`,
      `<img alt=">" src="data:image/svg+xml,%3Csvg%3E%3C/svg%3E">`,
      `<IMG SRC=" DATA:image/svg+xml;base64,${b64(svg)}">`,
      `<img src="data&#58;image/svg+xml;base64,${b64(svg)}">`,
      `<img src="data:image/png;base64,${b64(svg)}">`,
      `<img src="${png}">`,
    ];
    const basic = base.notes.find((n) => n.notetypeId === STOCK.basic.id)!;
    const pkg: AnkiPackage = {
      ...base,
      notes: base.notes.map((n) => (n === basic ? { ...n, fields: [`Inline ${inline.join('')}`, 'x'] } : n)),
    };
    const plan = planAnkiImport(pkg);
    const front = plan.decks.flatMap((d) => d.cards).find((c) => c.front.startsWith('Inline'))!.front;
    expect(front).not.toMatch(/svg/i);
    expect(front.match(/<img/gi)).toHaveLength(1);
    expect(front).toContain(png);
    expect(plan.skipped).toContainEqual({ reason: M.skippedPictureFormat, count: 6 });
  });
});

describe('round trip', () => {
  it('a deck exported as .apkg imports back with the same cards (basic faces apart, cloze notes whole)', async () => {
    const cards = [
      { id: 'b1', front: 'What sets the rate?', back: 'The <b>SA node</b>', kind: 'basic' as const },
      { id: 'b2', front: 'Largest artery', back: 'Aorta', kind: 'basic' as const },
      {
        id: 'c1',
        front: '{{c1::Adenosine}} treats {{c2::SVT::a rhythm}}',
        back: 'Flush fast',
        kind: 'cloze' as const,
      },
      {
        id: 'c2',
        front: '{{c1::Adenosine}} treats {{c2::SVT::a rhythm}}',
        back: 'Flush fast',
        kind: 'cloze' as const,
      },
    ].map((c, i) => ({
      ...c,
      noteId: c.kind === 'cloze' ? 'n1' : null,
      ord: c.kind === 'cloze' ? i - 1 : null,
      ankiNoteId: null,
    }));
    const model = deckExportModel({
      deck: { id: 'd1', name: 'Cardiology' },
      cards,
      media: new Map(),
      mediaBytes: new Map(),
      now: Date.UTC(2026, 10, 27),
    });
    const read = await readAnkiPackage(await writeAnkiPackage(model));
    if ('error' in read) throw new Error(read.error.message);
    const plan = planAnkiImport(read.package);
    expect(plan.decks.map((d) => d.name)).toEqual(['Cardiology']);
    const got = plan.decks[0]!.cards.map((c) => ({
      kind: c.kind,
      front: c.front,
      back: c.back.trim(),
      ord: c.ord,
    }));
    const want = cards.map((c) => ({ kind: c.kind, front: c.front, back: c.back, ord: c.ord }));
    // The same cards; their order in the package is Anki's (by note), not the deck's.
    const key = (c: object) => JSON.stringify(c);
    expect(got.map(key).sort()).toEqual(want.map(key).sort());
  });
});
