// The format import modal in jsdom with a fake server: the format detected and overridden, the source's
// set name, a bad item fixed in place and rechecked, items left out, Quizlet's separators, a duplicate of
// the existing deck sent as an update, and the one request's body.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG, type BulkKind } from '@zan/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fakes.ts';
import { ToastProvider } from '../../../ui/index.ts';
import { OFF_THREAD_CHARS, readRequest, type WorkerReply, type WorkerRequest } from '../hooks/import-read.ts';
import { ImportModal } from './import-modal.tsx';

const base = { topicId: 't1', collegeId: 'c', yearGroup: 'Y1', createdAt: 0, updatedAt: 0 };
const deck = { ...base, id: 'd1', name: 'Cardio', cardCount: 1 };

function open(kind: BulkKind) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <ImportModal kind={kind} topicId="t1" onClose={() => undefined} /> },
    { path: '/admin/deck/:id/edit', element: <p>deck editor</p> },
    { path: '/admin/mcq-quiz/:id/edit', element: <p>quiz editor</p> },
  ]);
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

let fetchSpy: ReturnType<typeof mockFetch>;
beforeEach(() => {
  const ok = (body: unknown) => () => ({ status: 200, body });
  fetchSpy = mockFetch({
    'GET /api/admin/topics/t1/resources': ok({ topic: {}, decks: [deck], quizzes: [], pages: [] }),
    'GET /api/admin/decks/d1': ok({
      topic: {},
      deck,
      cards: [{ ...base, id: 'card1', deckId: 'd1', front: '<p>Heart</p>', back: 'Pump' }],
    }),
    'POST /api/admin/topics/t1/bulk/cards': ok({ id: 'd1', created: false, added: 1, updated: 1, count: 2 }),
    'POST /api/admin/topics/t1/bulk/questions': ok({
      id: 'q9',
      created: true,
      added: 2,
      updated: 0,
      count: 2,
    }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dialog = (name: string) => screen.getByRole('dialog', { name });
const paste = (d: HTMLElement, text: string) =>
  fireEvent.change(within(d).getByLabelText('Or paste the text'), { target: { value: text } });
const summary = async (d: HTMLElement) =>
  (await within(d).findByRole('region', { name: 'Preview' })).querySelector('[aria-live]')?.textContent;
const lastPost = (): unknown => {
  const init = fetchSpy.mock.calls.filter(([, i]) => i?.method === 'POST').at(-1)?.[1];
  return init ? JSON.parse(String(init.body)) : undefined;
};

const GIFT = [
  '$CATEGORY: $course$/Anatomy/Nerves',
  '',
  '::Nerve:: Which nerve? {=Radial ~Ulnar}',
  '',
  '::E:: Write an essay {}',
  '',
  '::Bad:: Which bone? {~Femur ~Tibia}',
  '',
].join('\n');

describe('ImportModal', () => {
  it('detects the format, takes the set name from the source, lists errors and items left out', async () => {
    open('mcqs');
    const d = dialog('Import Questions');
    paste(d, GIFT);
    expect(await summary(d)).toBe('Preview · 1 question, 1 error, 1 left out, 0 pictures');
    const format = within(d).getByLabelText('Format') as HTMLSelectElement;
    expect(format.value).toBe('gift');
    within(d).getByText('Detected: GIFT (Moodle)');
    expect((within(d).getByLabelText('Quiz name') as HTMLInputElement).value).toBe('Nerves');
    // As students see it: the stem, the options with the correct one marked.
    const preview = within(d).getByRole('list', { name: 'First items as students see them' });
    expect(preview.textContent).toContain('Which nerve?');
    expect(within(preview).getByRole('radio', { name: /Radial/ }).textContent).toContain('Correct answer');
    const errors = within(d).getByRole('region', { name: 'Items with errors' });
    expect(within(errors).getByText(/^Line 7: /).textContent).toBe(`Line 7: ${MSG.importNoCorrectOption}`);
    const skipped = within(d).getByRole('region', { name: 'Left out' });
    expect(within(skipped).getByRole('listitem').textContent).toMatch(/^Line 5: Essay question 'E' — /);

    // Overridden: read as Aiken instead, the detection still shown.
    fireEvent.change(format, { target: { value: 'aiken' } });
    await waitFor(() => expect(format.value).toBe('aiken'));
    within(d).getByText('Detected: GIFT (Moodle)');
    expect(within(d).queryByRole('region', { name: 'Left out' })).toBeNull();
  });

  it('an error fixed in place is rechecked without re-uploading; the request carries the source format', async () => {
    open('mcqs');
    const d = dialog('Import Questions');
    paste(d, GIFT);
    fireEvent.click(await within(d).findByRole('button', { name: 'Edit line 7' }));
    const box = within(d).getByLabelText('Source of line 7') as HTMLTextAreaElement;
    expect(box.value).toBe('::Bad:: Which bone? {~Femur ~Tibia}');
    fireEvent.change(box, { target: { value: '::Bad:: Which bone? {=Femur ~Tibia}' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Recheck' }));
    await waitFor(async () =>
      expect(await summary(d)).toBe('Preview · 2 questions, 0 errors, 1 left out, 0 pictures'),
    );
    expect(within(d).queryByRole('region', { name: 'Items with errors' })).toBeNull();
    expect((within(d).getByLabelText('Or paste the text') as HTMLTextAreaElement).value).toContain(
      '{=Femur ~Tibia}',
    );
    fireEvent.click(within(d).getByRole('button', { name: 'Import' }));
    await screen.findByText('quiz editor');
    expect(lastPost()).toMatchObject({
      name: 'Nerves',
      source: 'gift',
      update: [],
      add: [{ question: 'Which nerve?' }, { question: 'Which bone?', option1: 'Femur', correctOption: 1 }],
    });
    expect(lastPost()).not.toHaveProperty('files');
  });

  it('asks for the items with errors to be fixed or left out before importing', async () => {
    open('mcqs');
    const d = dialog('Import Questions');
    paste(d, GIFT);
    await summary(d);
    fireEvent.click(within(d).getByRole('button', { name: 'Import' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(
      `Fix the items with errors, or choose 'Import valid items only'.`,
    );
    fireEvent.click(within(d).getByLabelText('Import valid items only'));
    fireEvent.click(within(d).getByRole('button', { name: 'Import' }));
    await screen.findByText('quiz editor');
    expect((lastPost() as { add: unknown[] }).add).toHaveLength(1);
  });

  it("offers Quizlet's separators, flags a duplicate of the existing deck and sends it as an update", async () => {
    open('flashcards');
    const d = dialog('Import Cards');
    fireEvent.change(within(d).getByLabelText('Deck name'), { target: { value: 'cardio' } });
    paste(d, 'Heart,Four chambers;Lung,Air');
    const format = within(d).getByLabelText('Format') as HTMLSelectElement;
    await waitFor(() => expect(format.value).toBe('csv'));
    expect(within(d).queryByRole('group', { name: 'Between cards' })).toBeNull();
    fireEvent.change(format, { target: { value: 'quizlet' } });
    fireEvent.click(
      within(within(d).getByRole('group', { name: 'Between term and definition' })).getByLabelText('Comma'),
    );
    fireEvent.click(
      within(within(d).getByRole('group', { name: 'Between cards' })).getByLabelText('Semicolon'),
    );
    expect(await summary(d)).toBe('Preview · 2 cards, 0 errors, 0 left out, 0 pictures');
    const dup = await within(d).findByRole('region', { name: 'Duplicates' });
    expect(dup.textContent).toContain('Line 1: already in this set');
    fireEvent.change(within(dup).getByLabelText('Line 1'), { target: { value: 'update' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Import' }));
    await screen.findByText('deck editor');
    expect(lastPost()).toEqual({
      name: 'cardio',
      source: 'quizlet',
      add: [{ front: 'Lung', back: 'Air' }],
      update: [{ id: 'card1', item: { front: 'Heart', back: 'Four chambers' } }],
    });
  });

  it('a custom separator reads as typed; a source that cannot be read is one message', async () => {
    open('flashcards');
    const d = dialog('Import Cards');
    paste(d, 'Heart = Pump\nLung = Air');
    fireEvent.change(within(d).getByLabelText('Format'), { target: { value: 'quizlet' } });
    const between = within(d).getByRole('group', { name: 'Between term and definition' });
    fireEvent.click(within(between).getByLabelText('Custom'));
    fireEvent.change(within(between).getByLabelText('Between term and definition: custom'), {
      target: { value: ' = ' },
    });
    expect(await summary(d)).toBe('Preview · 2 cards, 0 errors, 0 left out, 0 pictures');
    fireEvent.change(within(d).getByLabelText('Format'), { target: { value: 'csv' } });
    paste(d, 'a;b;c\nd;e;f\ng;h;i');
    expect((await within(d).findByRole('alert')).textContent).toBe(MSG.importDelimiter);
  });

  it('shows an embedded picture in the preview and sends it with the items that use it', async () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<quiz>',
      '<question type="category"><category><text>$course$/Cardio</text></category></question>',
      '<question type="multichoice"><name><text>Heart</text></name>',
      '<questiontext format="html"><text><![CDATA[<p>Which chamber? <img src="@@PLUGINFILE@@/heart.png" alt="Heart"></p>]]></text>',
      `<file name="heart.png" path="/" encoding="base64">${png}</file></questiontext>`,
      '<single>true</single>',
      '<answer fraction="100"><text>Left ventricle</text></answer><answer fraction="0"><text>Right atrium</text></answer>',
      '</question>',
      '</quiz>',
    ].join('\n');
    open('mcqs');
    const d = dialog('Import Questions');
    paste(d, xml);
    expect(await summary(d)).toBe('Preview · 1 question, 0 errors, 0 left out, 1 picture');
    expect((within(d).getByLabelText('Format') as HTMLSelectElement).value).toBe('moodle-xml');
    const img = within(d).getByRole('img', { name: 'Heart' });
    expect(img.getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    fireEvent.click(within(d).getByRole('button', { name: 'Import' }));
    await screen.findByText('quiz editor');
    expect(lastPost()).toMatchObject({
      name: 'Cardio',
      source: 'moodle-xml',
      files: [{ name: 'heart.png', mime: 'image/png', base64: png }],
    });
  });

  it('a large text is read in the import-read worker, "Reading the items…" meanwhile; a newer text replaces a read under way', async () => {
    // A fake module worker: each posted read waits until the test answers it.
    const workers: FakeWorker[] = [];
    class FakeWorker extends EventTarget {
      requests: WorkerRequest[] = [];
      terminated = false;
      constructor(readonly url: URL) {
        super();
        workers.push(this);
      }
      postMessage(request: WorkerRequest) {
        this.requests.push(request);
      }
      answer() {
        const { id, request } = this.requests.shift()!;
        const reply: WorkerReply = { id, outcome: readRequest(request) };
        this.dispatchEvent(new MessageEvent('message', { data: reply }));
      }
      terminate() {
        this.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    const bank = (n: number) =>
      '<quiz>\n' +
      Array.from(
        { length: n },
        (_, i) =>
          `<question type="multichoice"><name><text>Q${i}</text></name><questiontext format="html"><text>Question ${i} ${'x'.repeat(400)}?</text></questiontext><single>true</single><answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer></question>`,
      ).join('\n') +
      '\n</quiz>\n';
    expect(bank(200).length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
    open('mcqs');
    const d = dialog('Import Questions');
    paste(d, bank(200));
    await waitFor(() => expect(workers[0]?.requests).toHaveLength(1));
    expect(workers[0]!.url.pathname).toMatch(/import-read-worker\.ts$/);
    expect(within(d).getByRole('status').textContent).toContain('Reading the items…');
    expect(within(d).queryByRole('region', { name: 'Preview' })).toBeNull();
    // Replaced before it answers: that worker is stopped, a new one reads the newer text.
    paste(d, bank(210));
    await waitFor(() => expect(workers[1]?.requests).toHaveLength(1));
    expect(workers[0]!.terminated).toBe(true);
    workers[1]!.answer();
    expect(await summary(d)).toBe('Preview · 210 questions, 0 errors, 0 left out, 0 pictures');
    expect((within(d).getByLabelText('Format') as HTMLSelectElement).value).toBe('moodle-xml');
    expect(within(d).queryByText('Reading the items…')).toBeNull();
    // A short text is read in the page again.
    paste(d, GIFT);
    expect(await summary(d)).toBe('Preview · 1 question, 1 error, 1 left out, 0 pictures');
    expect(workers).toHaveLength(2);
  });

  it('a text too long for the text box is read in full and not shown in it; "Paste text instead" clears it', async () => {
    const long =
      '<quiz>\n' +
      Array.from(
        { length: 400 },
        (_, i) =>
          `<question type="multichoice"><name><text>Q${i}</text></name><questiontext format="html"><text>Question ${i} ${'x'.repeat(500)}?</text></questiontext><single>true</single><answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer></question>`,
      ).join('\n') +
      '\n</quiz>\n';
    expect(long.length).toBeGreaterThan(200_000);
    open('mcqs');
    const d = dialog('Import Questions');
    paste(d, long);
    expect(await summary(d)).toBe('Preview · 400 questions, 0 errors, 0 left out, 0 pictures');
    expect(within(d).queryByLabelText('Or paste the text')).toBeNull();
    within(d).getByText(/is too long to show here; it is read in full below\.$/);
    fireEvent.click(within(d).getByRole('button', { name: 'Paste text instead' }));
    expect((within(d).getByLabelText('Or paste the text') as HTMLTextAreaElement).value).toBe('');
  });
});
