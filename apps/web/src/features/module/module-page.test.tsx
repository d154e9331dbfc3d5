import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDb, getUserDb } from '../../local/db.ts';
import { profile as makeProfile } from '../../lib/testing/fakes.ts';
import { fakeAuth, renderRoutes } from '../../lib/testing/signed-in.tsx';
import { MODULE_NOT_FOUND, ModulePage, NO_SUBJECTS } from './index.ts';

const scoped = {
  collegeId: 'c1',
  yearGroup: 'First Year',
  isArchived: false,
  isGlobal: false,
  createdAt: 0,
  updatedAt: 0,
};
const routes = [
  { path: '/module/:moduleId', element: <ModulePage /> },
  { path: '/dashboard', element: <p>dashboard</p> },
];

afterEach(() => {
  cleanup();
  closeUserDb();
});

describe('module page', () => {
  it('shows a breadcrumb and the subjects sorted by name, linking to study', async () => {
    const p = makeProfile();
    const db = getUserDb(p.uid);
    await db.modules.put({
      id: 'm1',
      name: 'Cardiovascular System',
      stage: 1,
      isFree: true,
      extraInfo: null,
      ...scoped,
    });
    await db.subjects.bulkPut([
      { id: 's-p', name: 'Physiology', moduleId: 'm1', ...scoped },
      { id: 's-a', name: 'Anatomy', moduleId: 'm1', ...scoped },
      { id: 's-z', name: 'pharmacology', moduleId: 'm1', ...scoped },
      { id: 's-x', name: 'Other module subject', moduleId: 'm2', ...scoped },
    ]);
    const due = (itemId: string, subjectId: string) => ({
      id: `${p.uid}_${itemId}`,
      userId: p.uid,
      itemId,
      subjectId,
      deckId: 'd1',
      type: 'flashcard' as const,
      easeFactor: 2.5,
      interval: 600,
      dueDate: new Date(Date.now() - 60_000),
      isSuspended: false,
    });
    await db.userProgress.bulkPut([due('c1', 's-p'), due('c2', 's-p'), due('c3', 's-x')]);
    renderRoutes(routes, '/module/m1', fakeAuth(p));

    const list = await screen.findByRole('list', { name: 'Subjects' });
    // Due cards per subject, in the module, and 'Review all due' for the module (issue 18).
    await waitFor(() =>
      expect(screen.getByTestId('module-due').textContent).toBe('2 cards are due in this module.'),
    );
    expect(screen.getByRole('link', { name: /Physiology/ }).textContent).toContain('2 due');
    expect(screen.getByRole('link', { name: /Anatomy/ }).textContent).not.toContain('due');
    expect(
      screen.getByRole('link', { name: 'Review all due in Cardiovascular System' }).getAttribute('href'),
    ).toBe('/review?module=m1');
    const links = [...list.querySelectorAll('a')];
    expect(links.map((a) => a.querySelector('.truncate')?.textContent)).toEqual([
      'Anatomy',
      'pharmacology',
      'Physiology',
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/study/subject/s-a');
    const crumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumb.textContent).toContain('Dashboard');
    expect(crumb.textContent).toContain('Cardiovascular System');
  });

  it("says 'No subjects found for this module.' when it has none", async () => {
    const p = makeProfile();
    await getUserDb(p.uid).modules.put({
      id: 'm1',
      name: 'Empty',
      stage: 1,
      isFree: true,
      extraInfo: null,
      ...scoped,
    });
    renderRoutes(routes, '/module/m1', fakeAuth(p));
    expect(await screen.findAllByText(NO_SUBJECTS)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Empty');
  });

  it('shows a not-found state for an unknown module', async () => {
    renderRoutes(routes, '/module/nope', fakeAuth(makeProfile()));
    expect(await screen.findAllByText(MODULE_NOT_FOUND)).toHaveLength(1);
  });
});
