// The deck editor's cloze notes in jsdom with a fake server (issue 20): a cloze note is one row
// ('Cloze · N cards'); 'Cloze' for a new card shows Text and Back Extra, the preview shows each card as
// students see it; saving posts the note; opening the note's row and saving patches it; deleting the row
// deletes the note; a basic card still saves through the card routes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CardDto } from '@zan/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, profile } from '../../lib/testing/fakes.ts';
import { fakeAuth } from '../../lib/testing/signed-in.tsx';
import { AuthContext } from '../../lib/session/index.ts';
import { ToastProvider } from '../../ui/index.ts';
import { DeckEditorPage } from './deck-editor-page.tsx';

const scope = { collegeId: 'c1', yearGroup: 'Y1', createdAt: 0, updatedAt: 0 };
const topic = {
  ...scope,
  id: 't1',
  name: 'Renal',
  subjectId: 's1',
  moduleId: 'm1',
  isGlobal: false,
  contentVersion: 1,
  subjectName: 'Medicine',
  moduleName: 'Internal',
  isArchived: false,
  archivedBy: null,
  archivedAt: null,
};
const noteText = '<p>{{c1::Berger}} disease is {{c2::IgA}} nephropathy</p>';
const cards: CardDto[] = [
  { ...scope, id: 'k1', deckId: 'd1', front: '<p>Basic front</p>', back: '<p>Basic back</p>', kind: 'basic' },
  ...[1, 2].map((ord): CardDto => ({
    ...scope,
    id: `n-${ord}`,
    deckId: 'd1',
    front: noteText,
    back: '<p>Extra</p>',
    kind: 'cloze',
    noteId: 'note-1',
    ord,
  })),
];
let sent: { key: string; body: unknown }[] = [];
const user = profile({ uid: 'admin-1', role: 'admin' });

function renderEditor() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/deck/:deckId/edit', element: <DeckEditorPage /> }], {
    initialEntries: ['/admin/deck/d1/edit'],
  });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <AuthContext.Provider value={fakeAuth(user)}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

Range.prototype.getClientRects = function () {
  return Object.assign([], { item: () => null }) satisfies Partial<DOMRectList> as never;
};
Range.prototype.getBoundingClientRect = () => new DOMRect();

const note = (body: { text: string; backExtra: string }) => ({
  noteId: 'note-1',
  cards: cards.slice(1).map((c) => ({ ...c, front: body.text, back: body.backExtra })),
  removedCardIds: [],
  cardCount: 3,
});
const record = (key: string) => (init?: RequestInit) => {
  const body = init?.body ? (JSON.parse(String(init.body)) as { text: string; backExtra: string }) : null;
  sent.push({ key, body });
  return key.startsWith('DELETE')
    ? { status: 200, body: { ok: true, count: 1 } }
    : { status: key.startsWith('POST') ? 201 : 200, body: note(body!) };
};

beforeEach(() => {
  sent = [];
  localStorage.clear();
  mockFetch({
    'GET /api/admin/decks/d1': () => ({
      status: 200,
      body: { topic, deck: { ...scope, id: 'd1', name: 'Renal cards', topicId: 't1', cardCount: 3 }, cards },
    }),
    'POST /api/admin/decks/d1/cloze-notes': record('POST'),
    'PATCH /api/admin/cloze-notes/note-1': record('PATCH'),
    'DELETE /api/admin/cloze-notes/note-1': record('DELETE'),
  });
});
afterEach(() => cleanup());

const write = (name: string, html: string) => {
  fireEvent.click(screen.getByRole('button', { name: `${name} source` }));
  fireEvent.change(screen.getByRole('textbox', { name: `${name} HTML source` }), { target: { value: html } });
};
const list = () => screen.getByRole('navigation', { name: 'Cards' });
const rowsLoaded = async () =>
  within(await screen.findByRole('navigation', { name: 'Cards' })).findAllByRole('listitem');
const preview = () => screen.getByRole('region', { name: 'Preview' });

describe('deck editor: cloze notes', () => {
  it('lists a note as one row and adds a new one with a live preview of each card', async () => {
    renderEditor();
    const rows = await rowsLoaded();
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('Cloze · 2 cards');

    fireEvent.click(screen.getByRole('radio', { name: 'Cloze' }));
    screen.getByRole('textbox', { name: 'Text' });
    screen.getByRole('button', { name: 'Cloze deletion' });
    write('Text', '<p>{{c1::Paris}} is in {{c2::France}}, {{c1::Paris}}</p>');
    write('Back Extra', '<p>Capital</p>');

    // The preview: card c1 by default, flipped (as the basic preview starts).
    const answer = within(preview()).getByRole('region', { name: 'Answer' });
    expect([...answer.querySelectorAll('.cloze')].map((s) => s.textContent)).toEqual(['Paris', 'Paris']);
    expect(answer.textContent).toContain('Capital');
    fireEvent.click(within(preview()).getByRole('button', { name: 'Hide Answer' }));
    fireEvent.click(within(preview()).getByRole('button', { name: 'c2' }));
    expect(within(preview()).getByRole('region', { name: 'Question' }).textContent).toBe(
      'Paris is in [...], Paris',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      key: 'POST',
      body: { text: '<p>{{c1::Paris}} is in {{c2::France}}, {{c1::Paris}}</p>', backExtra: '<p>Capital</p>' },
    });
  });

  it('refuses a cloze text without a deletion with the core message', async () => {
    renderEditor();
    await rowsLoaded();
    fireEvent.click(screen.getByRole('radio', { name: 'Cloze' }));
    write('Text', '<p>No deletion</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    await screen.findByText('The cloze text needs at least one deletion, such as {{c1::answer}}.');
    expect(sent).toEqual([]);
  });

  it('opens the note from its row, saves it as the note and deletes the whole note', async () => {
    renderEditor();
    const rows = await rowsLoaded();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /Cloze · 2 cards/ }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Text' }).textContent).toContain('Berger'),
    );
    expect(screen.getByRole('radio', { name: 'Basic' })).toHaveProperty('disabled', true);
    write('Text', '<p>{{c1::Berger}} disease is {{c3::IgA}} nephropathy</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Save Card' }));
    await waitFor(() => expect(sent.map((s) => s.key)).toEqual(['PATCH']));
    expect(sent[0]!.body).toEqual({
      text: '<p>{{c1::Berger}} disease is {{c3::IgA}} nephropathy</p>',
      backExtra: '<p>Extra</p>',
    });

    fireEvent.click(within(list()).getByRole('button', { name: 'Delete card 2' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.map((s) => s.key)).toEqual(['PATCH', 'DELETE']));
  });
});
