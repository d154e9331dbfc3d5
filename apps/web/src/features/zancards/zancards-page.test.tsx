import { LOCAL_KEYS } from '@zan/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeUserDb, getUserDb } from '../../local/db.ts';
import { progressId } from '../../local/progress.ts';
import { profile as makeProfile } from '../../lib/testing/fakes.ts';
import { fakeAuth, renderRoutes } from '../../lib/testing/signed-in.tsx';
import { topic } from '../../sync/testing/fake-server.ts';
import { NO_DECKS, RESET_TITLE, ZancardsPage } from './index.ts';

const scoped = {
  collegeId: 'c1',
  yearGroup: 'First Year',
  isArchived: false,
  isGlobal: false,
  createdAt: 0,
  updatedAt: 0,
};
const routes = [
  { path: '/zancards', element: <ZancardsPage /> },
  { path: '/dashboard', element: <p>dashboard page</p> },
];

async function seed(uid: string) {
  const db = getUserDb(uid);
  await db.modules.put({ id: 'm1', name: 'Foundations', stage: 1, isFree: true, extraInfo: null, ...scoped });
  await db.subjects.put({ id: 's1', name: 'Cell Biology', moduleId: 'm1', ...scoped });
  await db.topics.put({ ...topic('t1', 's1', 'm1'), name: 'Organelles topic' });
  await db.flashcardDecks.put({ id: 'd1', name: 'Organelles', topicId: 't1', cardCount: 3, ...scoped });
  await db.cards.bulkPut(
    ['c1', 'c2', 'c3'].map((id) => ({ id, front: id, back: id, deckId: 'd1', ...scoped })),
  );
  const base = {
    userId: uid,
    subjectId: 's1',
    deckId: 'd1',
    type: 'flashcard' as const,
    easeFactor: 2.5,
    interval: 60,
  };
  await db.userProgress.bulkPut([
    {
      ...base,
      id: progressId(uid, 'c1'),
      itemId: 'c1',
      cardId: 'c1',
      dueDate: new Date(Date.now() - 1000),
      isSuspended: false,
    },
    {
      ...base,
      id: progressId(uid, 'c2'),
      itemId: 'c2',
      cardId: 'c2',
      dueDate: new Date(Date.now() + 1e8),
      isSuspended: true,
    },
  ]);
  return db;
}

const click = (name: RegExp | string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  closeUserDb();
});

describe('deck browser page', () => {
  it('shows the empty state linking to the dashboard', async () => {
    renderRoutes(routes, '/zancards', fakeAuth(makeProfile()));
    expect(await screen.findAllByText(NO_DECKS)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('expands to a deck with its counts and study link, and remembers what is open', async () => {
    const p = makeProfile();
    await seed(p.uid);
    renderRoutes(routes, '/zancards', fakeAuth(p));

    const stage = await screen.findByRole('button', { name: /UG-1/ });
    expect(stage.getAttribute('aria-expanded')).toBe('true');
    const mod = screen.getByRole('button', { name: /Foundations/ });
    expect(mod.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: /Cell Biology/ })).toBeNull();
    fireEvent.click(mod);
    click(/Cell Biology/);
    click(/Organelles topic/);
    const link = screen.getByRole('link', { name: /Organelles/ });
    expect(link.getAttribute('href')).toBe('/study/subject/s1/deck/d1');
    const row = link.closest('[data-deck-row]') as HTMLElement;
    expect(row.textContent).toContain('1new');
    expect(row.textContent).toContain('1due');
    expect(row.textContent).toContain('1suspended');
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.deckBrowserOpen) ?? '[]')).toEqual(
      expect.arrayContaining(['stage:1', 'module:m1', 'subject:s1', 'topic:t1']),
    );

    // A fresh mount opens the same nodes; closing one is remembered too.
    cleanup();
    renderRoutes(routes, '/zancards', fakeAuth(p));
    expect(await screen.findAllByRole('link', { name: /Organelles/ })).toHaveLength(1);
    click(/Foundations/);
    expect(screen.queryByRole('link', { name: /Organelles/ })).toBeNull();
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.deckBrowserOpen) ?? '[]')).not.toContain('module:m1');
  });

  it('resets a deck after confirmation: progress deleted, one deck reset queued for upload, toast with the count', async () => {
    const p = makeProfile();
    const db = await seed(p.uid);
    localStorage.setItem(
      LOCAL_KEYS.deckBrowserOpen,
      JSON.stringify(['stage:1', 'module:m1', 'subject:s1', 'topic:t1']),
    );
    renderRoutes(routes, '/zancards', fakeAuth(p));

    fireEvent.click(await screen.findByRole('button', { name: 'Reset progress of Organelles' }));
    const dialog = await screen.findByRole('dialog', { name: RESET_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.userProgress.count()).toBe(2);

    click('Reset progress of Organelles');
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: RESET_TITLE })).getByRole('button', {
        name: 'Reset Progress',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(
      'Progress of Organelles reset: 2 records deleted.',
    );
    expect(await db.userProgress.count()).toBe(0);
    const ops = await db.progressOutbox.toArray();
    expect(ops.map((o) => o.kind)).toEqual(['resetDeck']); // one deck-level op: the server resets every card of the deck
    expect(ops.flatMap((o) => (o.kind === 'resetDeck' ? [o.payload.deckId] : []))).toEqual(['d1']);
    const row = (await screen.findByRole('link', { name: /Organelles/ })).closest(
      '[data-deck-row]',
    ) as HTMLElement;
    await waitFor(() => expect(row.textContent).toContain('3new'));
    expect(
      (screen.getByRole('button', { name: 'Reset progress of Organelles' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
