// The quiz editor in jsdom with a fake server (issue 22): the list shows each question's text with its
// number and a search that keeps the numbers; Ctrl/Cmd+Enter on an existing question saves it and opens
// the next one; an empty question's preview shows no verdict; leaving with unsaved changes asks first,
// and the draft kept on this device is offered back ('Restore draft') when the editor opens again.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { QuestionDto } from '@zan/core';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, profile } from '../../lib/testing/fakes.ts';
import { fakeAuth } from '../../lib/testing/signed-in.tsx';
import { AuthContext } from '../../lib/session/index.ts';
import { ToastProvider } from '../../ui/index.ts';
import { QuizEditorPage } from './quiz-editor-page.tsx';

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
const question = (id: string, text: string): QuestionDto => ({
  ...scope,
  id,
  quizId: 'q1',
  question: text,
  option1: 'Minimal change disease',
  option2: 'Membranous nephropathy',
  option3: null,
  option4: null,
  option5: null,
  correctOption: 1,
  explanation: null,
});
const questions = [
  question('a', 'A 45-year-old man with frothy urine and oedema. Which is the most likely cause?'),
  question('b', 'A 45-year-old woman with haematuria after a sore throat. Which is the most likely cause?'),
  question('c', 'A 45-year-old man with flank pain radiating to the groin. Which stone is most common?'),
];
let patched: { url: string; body: unknown }[] = [];
let statsAsked = 0;
/** The admin of the quiz's own year: may edit it, so sees its item statistics. */
const owner = profile({ uid: 'admin-2', role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' });
const itemStats = {
  quizId: 'q1',
  computedAt: Date.UTC(2026, 10, 1),
  items: [
    // Question a: 40 answers, the key (A) drew 10, option B drew 25: mis-keyed.
    {
      questionId: 'a',
      answers: 40,
      percentCorrect: 25,
      optionCounts: [10, 25, 0, 0, 0],
      discrimination: -0.18,
      possiblyMiskeyed: true,
    },
    // Question b: fewer than 10 answers, no discrimination yet.
    {
      questionId: 'b',
      answers: 4,
      percentCorrect: 75,
      optionCounts: [3, 1, 0, 0, 0],
      discrimination: null,
      possiblyMiskeyed: false,
    },
  ],
};
const user = profile({ uid: 'admin-1', role: 'admin' });

function renderEditor(who = user) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/admin/mcq-quiz/:quizId/edit',
        element: (
          <>
            <Link to="/elsewhere">Elsewhere</Link>
            <QuizEditorPage />
          </>
        ),
      },
      { path: '/elsewhere', element: <Link to="/admin/mcq-quiz/q1/edit">Back to the quiz</Link> },
      { path: '/admin/topic/:id', element: <p>topic page</p> },
    ],
    { initialEntries: ['/admin/mcq-quiz/q1/edit'] },
  );
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <AuthContext.Provider value={fakeAuth(who)}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

// jsdom lays nothing out: ProseMirror's scroll to the cursor (the stem's autofocus) asks a range for boxes.
Range.prototype.getClientRects = function () {
  return Object.assign([], { item: () => null }) satisfies Partial<DOMRectList> as never;
};
Range.prototype.getBoundingClientRect = () => new DOMRect();

beforeEach(() => {
  patched = [];
  statsAsked = 0;
  localStorage.clear();
  mockFetch({
    'GET /api/admin/quizzes/q1': () => ({
      status: 200,
      body: {
        topic,
        quiz: { ...scope, id: 'q1', name: 'Renal MCQs', topicId: 't1', questionCount: 3 },
        questions,
      },
    }),
    'GET /api/admin/quizzes/q1/item-stats': () => {
      statsAsked++;
      return { status: 200, body: itemStats };
    },
    'PATCH /api/admin/questions/a': (init, url) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      patched.push({ url, body });
      return { status: 200, body: { question: { ...questions[0], ...body }, questionCount: 3 } };
    },
  });
});
afterEach(() => cleanup());

/** A rich editor's text (Tiptap's editable). */
const text = (name: string) => screen.getByRole('textbox', { name }).textContent;
/** Types HTML into a field through its Source view (jsdom has no editing of contenteditable). */
const write = (name: string, html: string): HTMLElement => {
  fireEvent.click(screen.getByRole('button', { name: `${name} source` }));
  const source = screen.getByRole('textbox', { name: `${name} HTML source` });
  fireEvent.change(source, { target: { value: html } });
  return source;
};
const list = () => screen.getByRole('navigation', { name: 'Questions' });
const rows = () =>
  within(list())
    .queryAllByRole('button')
    .filter((b) => !b.getAttribute('aria-label')?.startsWith('Delete'))
    .map((b) => b.textContent);

describe('QuizEditorPage', () => {
  it('lists whole question texts with their numbers and finds one by a word, numbers kept', async () => {
    renderEditor();
    await screen.findByRole('heading', { name: 'Renal MCQs' });
    expect(rows()).toEqual(questions.map((q, i) => `${i + 1}.${q.question}`));
    fireEvent.change(within(list()).getByLabelText('Find a question'), { target: { value: 'groin' } });
    expect(rows()).toEqual([`3.${questions[2]!.question}`]);
    within(list()).getByText('1 of 3 questions match');
    fireEvent.change(within(list()).getByLabelText('Find a question'), { target: { value: 'nephritic' } });
    within(list()).getByText('No questions match “nephritic”.');
  });

  it('Ctrl+Enter on an existing question saves it and opens the next one', async () => {
    renderEditor();
    await screen.findByRole('heading', { name: 'Renal MCQs' });
    fireEvent.click(within(list()).getByText(questions[0]!.question));
    await screen.findByRole('textbox', { name: 'Question' });
    const source = write('Question', '<p>Edited question?</p>');
    fireEvent.keyDown(source, { key: 'Enter', ctrlKey: true });
    await screen.findByRole('heading', { name: 'Question 2' });
    expect(patched).toHaveLength(1);
    expect(patched[0]!.body).toMatchObject({
      question: '<p>Edited question?</p>',
      // A plain-text option not touched goes back as the editor holds it: escaped HTML, same words.
      option1: '<p>Minimal change disease</p>',
      option3: null,
      explanation: null,
    });
    const current = within(list())
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-current') === 'true');
    expect(current.map((b) => b.textContent)).toEqual([`2.${questions[1]!.question}`]);
    await waitFor(() => expect(text('Question')).toBe(questions[1]!.question));
  });

  it('shows no verdict for an empty question', async () => {
    renderEditor();
    await screen.findByRole('heading', { name: 'New question' });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).queryByText('Correct!')).toBeNull();
    write('Question', '<p>Which?</p>');
    write('Option A', '<p>This</p>');
    within(preview).getByText('Correct!');
  });

  it('asks before leaving with unsaved changes and offers the draft back when reopened', async () => {
    const router = renderEditor();
    await screen.findByRole('heading', { name: 'New question' });
    write('Question', '<p>Half-written vignette</p>');
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/mcq-quiz/q1/edit');

    // Breadcrumb back to the topic: asked again, and this time left.
    fireEvent.click(screen.getByRole('link', { name: 'Renal' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await screen.findByText('topic page');
    const stored = Object.keys(localStorage).filter((k) => k.startsWith('zan.draft.admin-1.quiz:q1'));
    expect(stored).toHaveLength(1);

    await act(() => router.navigate('/admin/mcq-quiz/q1/edit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore draft' }));
    await waitFor(() => expect(text('Question')).toBe('Half-written vignette'));

    // Discarding it instead forgets it.
    await act(() => router.navigate('/elsewhere'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await screen.findByRole('link', { name: 'Back to the quiz' });
    await act(() => router.navigate('/admin/mcq-quiz/q1/edit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(localStorage.getItem('zan.draft.admin-1.quiz:q1')).toBeNull();
    await waitFor(() => expect(text('Question')).toBe(''));
  });

  it('item statistics (issue 19): figures, distribution, discrimination explained, mis-keyed warning', async () => {
    renderEditor(owner);
    await screen.findByRole('heading', { name: 'Renal MCQs' });
    fireEvent.click(within(list()).getByText(questions[0]!.question));
    const panel = await screen.findByRole('region', { name: 'Item statistics' });
    await within(panel).findByText('40');
    within(panel).getByText('25%');
    within(panel).getByText('Hard');
    expect(within(panel).getByRole('note').textContent).toBe(
      'Possibly mis-keyed: option B drew more students than the key (A).',
    );
    const rows = within(within(panel).getByRole('table', { name: 'Answers per option' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      'A(key)Minimal change disease10 · 25%',
      'BMembranous nephropathy25 · 63%',
    ]);
    within(panel).getByText('-0.18');
    expect(panel.textContent).toContain('How much more often students who did well on the rest of the quiz');

    // Another question: under 10 answers there is no index, and no warning.
    fireEvent.click(within(list()).getByText(questions[1]!.question));
    await waitFor(() => within(panel).getByText('4'));
    expect(panel.textContent).toContain('not enough answers yet (10 needed)');
    expect(within(panel).queryByRole('note')).toBeNull();

    // A question nobody answered yet: the empty state.
    fireEvent.click(within(list()).getByText(questions[2]!.question));
    await within(panel).findByText('No answers yet: figures appear once students answer it.');
    expect(statsAsked).toBe(1);
  });

  it('item statistics are neither asked for nor shown to an admin who may not edit the quiz', async () => {
    renderEditor(profile({ uid: 'admin-3', role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y2' }));
    await screen.findByRole('heading', { name: 'Renal MCQs' });
    fireEvent.click(within(list()).getByText(questions[0]!.question));
    await screen.findByRole('textbox', { name: 'Question' });
    expect(screen.queryByRole('region', { name: 'Item statistics' })).toBeNull();
    expect(statsAsked).toBe(0);
  });
});
