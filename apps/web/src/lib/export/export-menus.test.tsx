// The Export menu of a deck and a quiz, and 'Export all', in jsdom with a fake admin API: each format
// downloads a file named after the set that the core readers read back; failures are said; the zip
// dialog shows progress and what it exported.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG, readAiken, readAnkiText, readGift, readMoodleXml, readQuizlet } from '@zan/core';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/index.ts';
import { APKG, fakeExportApi } from '../testing/export-api.ts';
import { ExportAllButton } from './export-all-button.tsx';
import { ExportSetMenu } from './export-set-menu.tsx';
import { ANKI_PACKAGE_LABEL } from './set-formats.ts';

let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  let last: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      last = b;
      return 'blob:x';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const choose = async (setName: string, item: string) => {
  fireEvent.keyDown(screen.getByRole('button', { name: `Export ${setName}` }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
};
const savedText = async (i: number) => saved[i]!.blob.text();

describe('ExportSetMenu', () => {
  it('a deck: CSV, Quizlet and Anki text, each named after the deck', async () => {
    fakeExportApi();
    render(
      <ToastProvider>
        <ExportSetMenu kind="deck" id="d1" name="Valves" />
      </ToastProvider>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Export Valves' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['CSV', 'Quizlet', 'Anki text', ANKI_PACKAGE_LABEL]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Quizlet' }));
    await screen.findByText(MSG.exportSetDone('Valves', 'Quizlet'));
    await choose('Valves', 'Anki text');
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((s) => s.name)).toEqual(['Valves.quizlet.txt', 'Valves.anki.txt']);
    const quizlet = readQuizlet(await savedText(0));
    expect(quizlet.ok && quizlet.items.map((i) => i.item.front)).toEqual(['Mitral valve', 'A &lt; B']);
    const anki = readAnkiText(await savedText(1));
    expect(anki.ok && anki.setName).toBe('Valves');
  });

  it('a deck as an Anki package: the server bytes saved under the name it gave', async () => {
    fakeExportApi();
    render(
      <ToastProvider>
        <ExportSetMenu kind="deck" id="d1" name="Valves" />
      </ToastProvider>,
    );
    await choose('Valves', ANKI_PACKAGE_LABEL);
    await screen.findByText(MSG.exportSetDone('Valves', ANKI_PACKAGE_LABEL));
    expect(saved.map((s) => s.name)).toEqual(['Valvesé.apkg']);
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(APKG);
  });

  it('a quiz: Moodle XML with its picture embedded, GIFT and Aiken', async () => {
    fakeExportApi();
    render(
      <ToastProvider>
        <ExportSetMenu kind="quiz" id="q1" name="Heart quiz" />
      </ToastProvider>,
    );
    await choose('Heart quiz', 'Moodle XML');
    await waitFor(() => expect(saved).toHaveLength(1));
    await choose('Heart quiz', 'GIFT');
    await waitFor(() => expect(saved).toHaveLength(2));
    await choose('Heart quiz', 'Aiken');
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved.map((s) => s.name)).toEqual([
      'Heart quiz.moodle.xml',
      'Heart quiz.gift.txt',
      'Heart quiz.aiken.txt',
    ]);
    const aiken = readAiken(await savedText(2));
    expect(aiken.ok && aiken.items[0]?.item.option2).toBe('Right ventricle');
    const moodle = readMoodleXml(await savedText(0));
    expect(moodle.ok && moodle.files.length).toBe(1);
    const gift = readGift(await savedText(1));
    expect(gift.ok && gift.items[0]?.item.correctOption).toBe(2);
  });

  it('says when the set cannot be fetched, and saves nothing', async () => {
    fakeExportApi({ 'GET /api/admin/decks/d1': () => 'network' });
    render(
      <ToastProvider>
        <ExportSetMenu kind="deck" id="d1" name="Valves" />
      </ToastProvider>,
    );
    await choose('Valves', 'CSV');
    await screen.findByText(MSG.exportSetFailed);
    expect(saved).toEqual([]);
  });
});

describe('ExportAllButton', () => {
  it('asks, exports the module as a zip and says what it holds', async () => {
    fakeExportApi();
    render(<ExportAllButton scope={{ kind: 'module', id: 'm1', name: 'Year 2' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export module "Year 2"' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await within(dialog).findByText('Exported 1 deck, 1 quiz, 1 lecture page and 1 picture into Year 2.zip.');
    expect(saved.map((s) => s.name)).toEqual(['Year 2.zip']);
    const zip = unzipSync(new Uint8Array(await saved[0]!.blob.arrayBuffer()));
    expect(strFromU8(zip['Cardiology/Heart/Valves.csv']!)).toContain('Front,Back');
  });

  it('says what could not be exported, and when the listing itself fails', async () => {
    fakeExportApi({
      'GET /api/admin/quizzes/q1': () => ({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Quiz not found.' } },
      }),
    });
    render(<ExportAllButton scope={{ kind: 'topic', id: 't1', name: 'Heart' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export all' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Export' }));
    await screen.findByText('1 item could not be exported:');
    screen.getByText('Cardiology/Heart/Heart quiz: Quiz not found.');
    cleanup();

    fakeExportApi({ 'GET /api/admin/topics/t1': () => 'network' });
    render(<ExportAllButton scope={{ kind: 'topic', id: 't1', name: 'Heart' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export all' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Export' }));
    await screen.findByText(MSG.exportZipFailed);
    screen.getByRole('button', { name: 'Try Again' });
  });
});
