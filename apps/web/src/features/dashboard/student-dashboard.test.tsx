import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../../local/db.ts';
import { profile as makeProfile } from '../../lib/testing/fakes.ts';
import { MODULES_EMPTY, StudentDashboard } from './index.ts';

const scoped = {
  collegeId: 'c1',
  yearGroup: 'First Year',
  isArchived: false,
  isFree: true,
  extraInfo: null,
  createdAt: 0,
  updatedAt: 0,
};

function renderDashboard(uid: string) {
  const p = makeProfile({ uid });
  const router = createMemoryRouter([{ path: '/dashboard', element: <StudentDashboard profile={p} /> }], {
    initialEntries: ['/dashboard'],
  });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  closeUserDb();
});

describe('student dashboard', () => {
  it('groups modules: Global first, UG-{stage} descending, then Other, with subject counts and links', async () => {
    const uid = 'dash-' + crypto.randomUUID();
    const db = getUserDb(uid);
    await db.modules.bulkPut([
      { id: 'm-a', name: 'Anatomy I', stage: 1, isGlobal: false, ...scoped },
      { id: 'm-c', name: 'Cardiology', stage: 3, isGlobal: false, ...scoped },
      { id: 'm-g', name: 'Medical Ethics', stage: 2, isGlobal: true, ...scoped, yearGroup: 'global' },
      { id: 'm-o', name: 'Electives', stage: 0, isGlobal: false, ...scoped }, // 0: no UG stage
      { id: 'm-x', name: 'Archived one', stage: 4, isGlobal: false, ...scoped, isArchived: true },
    ]);
    await db.subjects.bulkPut([
      { id: 's1', name: 'Physiology', moduleId: 'm-c', isGlobal: false, ...scoped },
      { id: 's2', name: 'Pathology', moduleId: 'm-c', isGlobal: false, ...scoped },
      { id: 's3', name: 'Bones', moduleId: 'm-a', isGlobal: false, ...scoped },
    ]);
    renderDashboard(uid);

    // Today's review and the Offline study panel, then the groups.
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        "Today's review",
        'Offline study',
        'Global',
        'UG-3',
        'UG-1',
        'Other',
      ]),
    );
    const cardio = screen.getByRole('link', { name: /Cardiology/ });
    expect(cardio.getAttribute('href')).toBe('/module/m-c');
    expect(cardio.textContent).toContain('2 subjects');
    expect(screen.getByRole('link', { name: /Anatomy I/ }).textContent).toContain('1 subject');
    expect(screen.queryByText('Archived one')).toBeNull();
  });

  it('shows due counts per module and in total, live, with Review all due', async () => {
    const uid = 'dash-' + crypto.randomUUID();
    const db = getUserDb(uid);
    await db.modules.bulkPut([
      { id: 'm-a', name: 'Anatomy I', stage: 1, isGlobal: false, ...scoped },
      { id: 'm-c', name: 'Cardiology', stage: 3, isGlobal: false, ...scoped },
    ]);
    await db.subjects.bulkPut([
      { id: 's1', name: 'Physiology', moduleId: 'm-c', isGlobal: false, ...scoped },
      { id: 's3', name: 'Bones', moduleId: 'm-a', isGlobal: false, ...scoped },
    ]);
    const past = new Date(Date.now() - 3_600_000);
    const row = (itemId: string, subjectId: string, dueDate: Date | null, isSuspended = false) => ({
      id: `${uid}_${itemId}`,
      userId: uid,
      itemId,
      cardId: itemId,
      subjectId,
      deckId: 'd1',
      type: 'flashcard' as const,
      easeFactor: 2.5,
      interval: 600,
      dueDate,
      isSuspended,
    });
    await db.userProgress.bulkPut([
      row('c1', 's1', past),
      row('c2', 's1', past),
      row('c3', 's1', new Date(Date.now() + 86_400_000)),
      row('c4', 's1', past, true),
      row('c5', 's3', past),
    ]);
    renderDashboard(uid);
    await waitFor(() => expect(screen.getByTestId('due-total').textContent).toContain('3 cards are due.'));
    expect(screen.getByRole('link', { name: /Cardiology/ }).textContent).toContain('2 due');
    expect(screen.getByRole('link', { name: /Anatomy I/ }).textContent).toContain('1 due');
    expect(screen.getByRole('link', { name: 'Review all due' }).getAttribute('href')).toBe('/review');
    await db.userProgress.put(row('c6', 's3', past));
    await waitFor(() => expect(screen.getByTestId('due-total').textContent).toContain('4 cards are due.'));
    expect(screen.getByRole('link', { name: /Anatomy I/ }).textContent).toContain('2 due');
  });

  it('counts again once a minute: a card falls due with no write', async () => {
    // Date and the minute's interval are faked; Dexie's own timers and promises are not.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const uid = 'dash-' + crypto.randomUUID();
      const db = getUserDb(uid);
      await db.modules.put({ id: 'm-a', name: 'Anatomy I', stage: 1, isGlobal: false, ...scoped });
      await db.subjects.put({ id: 's3', name: 'Bones', moduleId: 'm-a', isGlobal: false, ...scoped });
      await db.userProgress.put({
        id: `${uid}_c1`,
        userId: uid,
        itemId: 'c1',
        cardId: 'c1',
        subjectId: 's3',
        deckId: 'd1',
        type: 'flashcard' as const,
        easeFactor: 2.5,
        interval: 1,
        dueDate: new Date(Date.now() + 30_000), // answered 'Again' half a minute ago
        isSuspended: false,
      });
      renderDashboard(uid);
      await waitFor(() =>
        expect(screen.getByTestId('due-total').textContent).toContain('No card is due right now.'),
      );
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await waitFor(() => expect(screen.getByTestId('due-total').textContent).toContain('1 card is due.'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the empty state, then fills in live as the sync lands', async () => {
    const uid = 'dash-' + crypto.randomUUID();
    renderDashboard(uid);
    const empty = await screen.findByText(MODULES_EMPTY);
    expect(empty.closest('div')?.textContent).toContain('No modules yet');
    expect(empty.parentElement?.textContent).toMatch(/SYNC/);
    await getUserDb(uid).modules.put({
      id: 'm1',
      name: 'Neuroscience',
      stage: 2,
      isGlobal: false,
      ...scoped,
    });
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('UG-2'),
    );
    expect(screen.queryByText(MODULES_EMPTY)).toBeNull();
  });
});
