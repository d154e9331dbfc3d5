// Reading Anki packages (issue 20): the same deck in each of the three formats reads the same, the current
// format's dummy collection is never what is read, and rendering the read note types gives Anki's cards.
import { ankiClozeCardOrds, renderAnkiBack, renderAnkiFront } from '@zan/core';
import { describe, expect, it } from 'vitest';
import type { AnkiFormat, AnkiPackage, AnkiReadResult } from './model.ts';
import { readAnkiPackage } from './read-package.ts';
import { buildTestPackage, largeContent, sampleContent } from './test-packages.ts';

function ok(r: AnkiReadResult): AnkiPackage {
  if ('error' in r) throw new Error(`refused: ${r.error.message}`);
  return r.package;
}

const FORMATS: AnkiFormat[] = ['legacy1', 'legacy2', 'latest'];

describe.each(FORMATS)('a %s package', (format) => {
  it('reads note types, decks, notes, cards, scheduling, reviews and media', async () => {
    const content = sampleContent();
    const pkg = ok(await readAnkiPackage(await buildTestPackage(format, content)));
    expect(pkg.format).toBe(format);
    expect(pkg.createdSecs).toBe(content.createdSecs);
    expect(pkg.notes).toEqual(content.notes);
    expect(pkg.cards).toEqual(content.cards);
    expect(pkg.revlog).toEqual(content.revlog);
    expect(pkg.decks.filter((d) => d.id !== 1)).toEqual(content.decks);
    expect(pkg.decks.map((d) => d.name)).toContain('Cardiology::Arrhythmias');
    const byId = new Map(pkg.notetypes.map((nt) => [nt.id, nt]));
    for (const nt of content.notetypes) expect(byId.get(nt.id)).toEqual(nt);
    expect(pkg.media.map((m) => [m.name, m.kind, [...m.bytes]])).toEqual(
      content.media.map((m) => [m.name, m.name.endsWith('.png') ? 'image' : 'sound', [...m.bytes]]),
    );
    expect(pkg.missingMedia).toEqual(['gone.jpg']);
    expect(pkg.refusedMedia).toEqual([]);
  });

  it('its note types render as Anki renders them', async () => {
    const pkg = ok(await readAnkiPackage(await buildTestPackage(format, sampleContent())));
    const cloze = pkg.notetypes.find((nt) => nt.name === 'Cloze')!;
    const note = pkg.notes.find((n) => n.notetypeId === cloze.id)!;
    const fields = Object.fromEntries(cloze.fields.map((f, i) => [f, note.fields[i]!]));
    const t = cloze.templates[0]!;
    expect(ankiClozeCardOrds(t.qfmt, fields)).toEqual([0, 1]);
    expect(renderAnkiFront(t.qfmt, { fields, ord: 1 })).toBe(
      'Adenosine treats <span class="cloze">[a rhythm]</span>',
    );
    expect(renderAnkiBack(t.qfmt, t.afmt, { fields, ord: 0 })).toBe(
      '<span class="cloze">Adenosine</span> treats SVT<br>\nFlush fast ',
    );
    const occlusion = pkg.notetypes.find((nt) => nt.imageOcclusion);
    expect(occlusion?.name).toBe('Image Occlusion');
  });
});

describe('which collection is read', () => {
  it('never the dummy collection.anki2 beside a newer one', async () => {
    for (const format of ['legacy2', 'latest'] as const) {
      const pkg = ok(await readAnkiPackage(await buildTestPackage(format, sampleContent())));
      expect(pkg.notes.some((n) => n.fields[0]!.includes('Please update'))).toBe(false);
      expect(pkg.notes).toHaveLength(sampleContent().notes.length);
    }
  });

  it("reads no media file when asked not to (a student's progress import)", async () => {
    const content = sampleContent();
    const r = await readAnkiPackage(await buildTestPackage('latest', content), { media: false });
    if ('error' in r) throw new Error(r.error.message);
    expect(r.package.media).toEqual([]);
    expect(r.package.notes.length).toBe(content.notes.length);
  });

  it('reports progress up to the last media file', async () => {
    const seen: string[] = [];
    await readAnkiPackage(await buildTestPackage('latest', sampleContent()), {
      onProgress: (p) => seen.push(`${p.stage}:${p.done}/${p.total}`),
    });
    expect(seen[0]).toBe('unzip:0/1');
    expect(seen.at(-1)).toBe('media:2/2');
  });
});

describe('a generated large package', () => {
  it('5,000 notes and 500 pictures in the current format read whole, quickly', async () => {
    const bytes = await buildTestPackage('latest', largeContent(5_000, 500));
    const started = Date.now();
    const pkg = ok(await readAnkiPackage(bytes));
    const ms = Date.now() - started;
    expect(pkg.notes).toHaveLength(5_000);
    expect(pkg.cards).toHaveLength(5_000);
    expect(pkg.media).toHaveLength(500);
    expect(pkg.missingMedia).toEqual([]);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);
});
