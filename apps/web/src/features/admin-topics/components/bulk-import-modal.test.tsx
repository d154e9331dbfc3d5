// The bulk import modal in jsdom with a fake server: the name message, preview and row count, a bad
// row listed by number, a duplicate of the existing deck's card flagged and sent as an update when
// chosen, and the server's failure shown as 'Could not save the flashcards to the database.'.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@zan/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/index.ts';
import { BulkImportModal } from './bulk-import-modal.tsx';

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let failUpload = false;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const deck = {
  id: 'd1',
  name: 'Cardio',
  topicId: 't1',
  cardCount: 1,
  collegeId: 'c',
  yearGroup: 'Y1',
  createdAt: 0,
  updatedAt: 0,
};

beforeEach(() => {
  calls = [];
  failUpload = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const c = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(c);
      if (url === '/api/admin/topics/t1/resources')
        return json(200, { topic: {}, decks: [deck], quizzes: [], pages: [] });
      if (url === '/api/admin/decks/d1')
        return json(200, {
          topic: {},
          deck,
          cards: [{ ...deck, id: 'card1', deckId: 'd1', front: '<p>Heart  chambers?</p>', back: 'Four' }],
        });
      if (c.method === 'POST' && url === '/api/admin/topics/t1/bulk/cards') {
        return failUpload
          ? json(500, { error: { code: 'INTERNAL', message: 'boom' } })
          : json(200, { id: 'd1', created: false, added: 1, updated: 1, count: 2 });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <BulkImportModal kind="flashcards" topicId="t1" onClose={() => undefined} /> },
    { path: '/admin/deck/:id/edit', element: <p>deck editor</p> },
  ]);
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dialog = () => screen.getByRole('dialog', { name: 'Bulk Add Cards' });
const upload = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Confirm & Upload' }));
const paste = (text: string) =>
  fireEvent.change(within(dialog()).getByLabelText('Paste comma-separated data'), {
    target: { value: text },
  });

describe('BulkImportModal', () => {
  it('asks for a name, previews the rows and lists a bad row by number', async () => {
    upload();
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      MSG.importNameRequired('Flashcards'),
    );
    paste('Front,Back\nLung?,Air\n,Orphan\nKidney?,Filters');
    const preview = await within(dialog()).findByRole('region', { name: 'Preview' });
    expect(preview.querySelector('[aria-live]')?.textContent).toBe('Preview · 3 rows, 2 valid cards');
    expect(
      within(within(dialog()).getByRole('region', { name: 'Rows with errors' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Row 3: ${MSG.importFrontRequired}`]);
  });

  it('flags a duplicate of the existing deck, sends it as an update when chosen, and shows the save failure', async () => {
    fireEvent.change(within(dialog()).getByLabelText('Deck name'), { target: { value: 'cardio' } });
    paste('Heart chambers?,Four chambers\nLung?,Air');
    const dup = await within(dialog()).findByRole('region', { name: 'Duplicates' });
    expect(dup.textContent).toContain('Row 1: already in this set');
    fireEvent.change(within(dup).getByLabelText('Row 1'), { target: { value: 'update' } });
    failUpload = true;
    upload();
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(MSG.bulkSaveFailed);
    failUpload = false;
    upload();
    await screen.findByText('deck editor');
    const sent = calls.filter((c) => c.method === 'POST').at(-1)!.body;
    expect(sent).toEqual({
      name: 'cardio',
      add: [{ front: 'Lung?', back: 'Air' }],
      update: [{ id: 'card1', item: { front: 'Heart chambers?', back: 'Four chambers' } }],
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/decks/d1')).toBe(true));
  });
});
