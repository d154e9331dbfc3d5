// 'Undo import' on the topic resources page in jsdom with a fake server (issue 21): shown only for a
// set whose latest import can be undone and to who may edit the topic; the confirmation names the
// format and what goes and comes back; undoing posts once, toasts the result and refreshes the list.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminTopic, ImportSummary, TopicResourcesResponse } from '@zan/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, profile } from '../../../lib/testing/fakes.ts';
import { fakeAuth, renderRoutes } from '../../../lib/testing/signed-in.tsx';
import { TopicResources } from './topic-resources.tsx';

const scope = { collegeId: 'c1', yearGroup: 'Y1', createdAt: 0, updatedAt: 0 };
const topic: AdminTopic = {
  ...scope,
  id: 't1',
  name: 'Heart',
  nameLowercase: 'heart',
  subjectId: 's1',
  moduleId: 'm1',
  isGlobal: false,
  isArchived: false,
  contentVersion: 1,
  subjectName: 'Cardiology',
  moduleName: 'CVS',
  archivedAt: null,
  archivedBy: null,
};
const summary = (over: Partial<ImportSummary>): ImportSummary => ({
  id: 'i1',
  kind: 'deck',
  setId: 'd1',
  setCreated: false,
  source: 'quizlet',
  createdAt: Date.UTC(2026, 10, 20),
  added: 3,
  updated: 1,
  images: 0,
  undoneAt: null,
  undoable: true,
  ...over,
});
let imports: ImportSummary[] = [];
let undone: string[] = [];
let fetches = 0;

const resources = (): TopicResourcesResponse => ({
  topic,
  decks: [
    { ...scope, id: 'd1', name: 'Vocabulary', topicId: 't1', cardCount: 5 },
    { ...scope, id: 'd2', name: 'Edited deck', topicId: 't1', cardCount: 2 },
  ],
  quizzes: [],
  pages: [],
  imports,
});

function renderPage(role: 'admin' | 'otherAdmin') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const p =
    role === 'admin'
      ? profile({ role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' })
      : profile({ role: 'admin', adminCollegeId: 'c2', adminYearGroup: 'Y1' });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <QueryClientProvider client={qc}>
            <TopicResources topic={topic} />
          </QueryClientProvider>
        ),
      },
    ],
    '/',
    fakeAuth(p),
  );
}

beforeEach(() => {
  undone = [];
  fetches = 0;
  imports = [summary({}), summary({ id: 'i2', setId: 'd2', undoable: false })];
  mockFetch({
    'GET /api/admin/topics/t1/resources': () => {
      fetches++;
      return { status: 200, body: resources() };
    },
    'POST /api/admin/imports/i1/undo': () => {
      undone.push('i1');
      imports = [summary({ undoable: false, undoneAt: Date.now() }), imports[1]!];
      return {
        status: 200,
        body: { ok: true, removed: 3, restored: 1, imagesRemoved: 0, setDeleted: false },
      };
    },
  });
});
afterEach(() => cleanup());

describe('UndoImportButton', () => {
  it('undoes the latest import of a set after a confirmation that says what it does', async () => {
    renderPage('admin');
    const button = await screen.findByRole('button', { name: 'Undo import into Vocabulary' });
    // The edited deck's import cannot be undone: no button on its row.
    expect(screen.queryByRole('button', { name: 'Undo import into Edited deck' })).toBeNull();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The Quizlet import of');
    expect(dialog.textContent).toContain('Removes the 3 cards it added.');
    expect(dialog.textContent).toContain('Puts back the 1 card it changed as they were');
    expect(dialog.textContent).not.toContain('Deletes the deck');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await screen.findByText('Import undone: 3 cards removed, 1 card restored.');
    expect(undone).toEqual(['i1']);
    await waitFor(() => expect(fetches).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo import into Vocabulary' })).toBeNull(),
    );
  });

  it('says when the deck it created goes too, and shows nothing to an admin who may not edit the topic', async () => {
    imports = [summary({ setCreated: true, added: 5, updated: 0, images: 2, source: 'anki-text' })];
    renderPage('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo import into Vocabulary' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The Anki text import of');
    expect(dialog.textContent).toContain('Deletes the 2 pictures it brought');
    expect(dialog.textContent).toContain(
      'Deletes the deck "Vocabulary", which it created and which will be empty.',
    );
    cleanup();

    renderPage('otherAdmin');
    await screen.findByText('Vocabulary');
    expect(screen.queryByRole('button', { name: /Undo import/ })).toBeNull();
  });
});
