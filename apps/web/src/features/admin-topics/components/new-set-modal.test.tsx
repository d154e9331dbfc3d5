// New Deck / New Quiz in jsdom with a fake server (issue 22): a blank name gets the spec message, a
// name the topic already has gets the server's reason, and a created set opens in its editor.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MSG } from '@zan/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../lib/testing/fakes.ts';
import { ToastProvider } from '../../../ui/index.ts';
import { columnWidth } from './bulk-import-modal.tsx';
import { NewSetModal, type NewSetKind } from './new-set-modal.tsx';

const scope = { collegeId: 'c1', yearGroup: 'Y1', createdAt: 0, updatedAt: 0 };
let sent: unknown[] = [];

function renderModal(kind: NewSetKind) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: <NewSetModal kind={kind} topicId="t1" onClose={() => undefined} /> },
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
  return router;
}

beforeEach(() => {
  sent = [];
  mockFetch({
    'POST /api/admin/topics/t1/decks': (init) => {
      const body = JSON.parse(String(init?.body)) as { name: string };
      sent.push(body);
      return body.name === 'Taken'
        ? { status: 409, body: { error: { code: 'NAME_TAKEN', message: MSG.setNameTaken('deck') } } }
        : {
            status: 201,
            body: { deck: { ...scope, id: 'd9', name: body.name, topicId: 't1', cardCount: 0 } },
          };
    },
    'POST /api/admin/topics/t1/quizzes': (init) => {
      const body = JSON.parse(String(init?.body)) as { name: string };
      sent.push(body);
      return {
        status: 201,
        body: { quiz: { ...scope, id: 'q9', name: body.name, topicId: 't1', questionCount: 0 } },
      };
    },
  });
});
afterEach(() => cleanup());

describe('NewSetModal', () => {
  it('asks for a name, says when the topic has one of that name, and opens the new deck', async () => {
    const router = renderModal('deck');
    const dialog = await screen.findByRole('dialog', { name: 'New deck' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Deck' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.importNameRequired('Flashcards'));
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Deck name'), { target: { value: 'Taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Deck' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(MSG.setNameTaken('deck'));

    fireEvent.change(within(dialog).getByLabelText('Deck name'), { target: { value: '  Renal  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Deck' }));
    await screen.findByText('deck editor');
    expect(router.state.location.pathname).toBe('/admin/deck/d9/edit');
    expect(sent.at(-1)).toEqual({ name: 'Renal' });
  });

  it('opens a new quiz in the quiz editor', async () => {
    const router = renderModal('quiz');
    const dialog = await screen.findByRole('dialog', { name: 'New quiz' });
    fireEvent.change(within(dialog).getByLabelText('Quiz name'), { target: { value: 'Renal MCQs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Quiz' }));
    await screen.findByText('quiz editor');
    expect(router.state.location.pathname).toBe('/admin/mcq-quiz/q9/edit');
  });
});

describe('bulk preview column widths', () => {
  it('gives the long texts room and keeps the correct option narrow', () => {
    expect(columnWidth('Question')).toBe('min-w-64');
    expect(columnWidth('Explanation')).toBe('min-w-64');
    expect(columnWidth('Option 3')).toBe('min-w-28');
    expect(columnWidth('Correct option')).toBe('whitespace-nowrap');
  });
});
