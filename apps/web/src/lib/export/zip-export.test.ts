// 'Export all' builds one zip: folders by subject and topic, each deck and quiz in every format (each
// file read back by the core readers), the lecture page standalone with its picture beside it.
import {
  readAiken,
  readAnkiText,
  readGift,
  readMoodleXml,
  readQuizlet,
  prepareImport,
  type ReadResult,
} from '@zan/core';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeExportApi, PNG } from '../testing/export-api.ts';
import { buildExportZip, type ZipProgress } from './zip-export.ts';

afterEach(() => vi.unstubAllGlobals());

const items = <T>(r: ReadResult<T>) => {
  if (!r.ok) throw new Error(r.error);
  expect(r.errors).toEqual([]);
  return r.items.map((i) => i.item);
};

describe('buildExportZip', () => {
  it('exports a module: every format, the page with its picture, progress n of m', async () => {
    fakeExportApi();
    const progress: ZipProgress[] = [];
    const s = await buildExportZip({ kind: 'module', id: 'm1', name: 'Year 2' }, (p) => progress.push(p));
    expect(s).toMatchObject({
      fileName: 'Year 2.zip',
      decks: 1,
      quizzes: 1,
      pages: 1,
      pictures: 1,
      failed: [],
    });
    expect(progress.map((p) => `${p.done}/${p.total}`)).toEqual(['0/0', '0/3', '1/3', '2/3', '3/3']);

    const zip = unzipSync(s.bytes);
    const dir = 'Cardiology/Heart/';
    expect(Object.keys(zip).sort()).toEqual(
      [
        'Heart anatomy.html',
        'Heart quiz.aiken.txt',
        'Heart quiz.gift.txt',
        'Heart quiz.moodle.xml',
        'Valves.anki.txt',
        'Valves.csv',
        'Valves.quizlet.txt',
        'images/heart.png',
      ].map((f) => dir + f),
    );
    const text = (f: string) => strFromU8(zip[dir + f]!);
    const cards = [
      { front: 'Mitral valve', back: 'Two cusps' },
      { front: 'A &lt; B', back: '<b>bold</b>' },
    ];
    expect(items(readAnkiText(text('Valves.anki.txt')))).toEqual(cards);
    expect(items(readQuizlet(text('Valves.quizlet.txt')))).toEqual([
      cards[0],
      { front: 'A &lt; B', back: 'bold' },
    ]);
    const csv = prepareImport('flashcards', text('Valves.csv'));
    expect(csv.ok && csv.valid.map((v) => v.item)).toEqual(cards);

    const moodle = readMoodleXml(text('Heart quiz.moodle.xml'));
    const [q] = items(moodle);
    expect(q).toMatchObject({ option1: 'Left atrium', option2: 'Right ventricle', correctOption: 2 });
    expect(moodle.ok && moodle.files.map((f) => [f.mime, atob(f.base64).length])).toEqual([
      ['image/png', PNG.length],
    ]);
    expect(items(readGift(text('Heart quiz.gift.txt')))[0]).toMatchObject({ correctOption: 2 });
    expect(items(readAiken(text('Heart quiz.aiken.txt')))[0]).toMatchObject({
      option2: 'Right ventricle',
      correctOption: 2,
    });

    const html = text('Heart anatomy.html');
    expect(html).toContain('<title>Heart anatomy</title>');
    expect(html).toContain('<img src="images/heart.png" alt="heart">');
    expect([...zip[`${dir}images/heart.png`]!]).toEqual([...PNG]);
  });

  it('lists a resource that fails and exports the rest; a missing picture is counted', async () => {
    fakeExportApi(
      { 'GET /api/admin/decks/d1': () => ({ status: 409, body: { error: { code: 'X', message: 'Boom' } } }) },
      { pictures: false },
    );
    const s = await buildExportZip({ kind: 'topic', id: 't1', name: 'Heart' }, () => undefined);
    expect(s.decks).toBe(0);
    expect(s.quizzes).toBe(1);
    expect(s.failed).toEqual([{ name: 'Cardiology/Heart/Valves', reason: 'Boom' }]);
    expect(s.missingPictures).toBe(1);
    expect(Object.keys(unzipSync(s.bytes))).not.toContain('Cardiology/Heart/Valves.csv');
  });
});
