import type { AnnouncementDto } from '@zan/core';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDb, getUserDb } from '../../local/db.ts';
import { profile as makeProfile } from '../../lib/testing/fakes.ts';
import { fakeAuth, renderRoutes } from '../../lib/testing/signed-in.tsx';
import { activeAnnouncements } from './active-announcements.ts';
import { AnnouncementsPage, NO_ANNOUNCEMENTS } from './index.ts';

const DAY = 86_400_000;
const now = Date.UTC(2025, 2, 1, 12);
const who = { collegeId: 'c1', yearGroup: 'First Year' };
const row = (id: string, over: Partial<AnnouncementDto> = {}): AnnouncementDto => ({
  id,
  title: `Title ${id}`,
  description: `About ${id}`,
  type: 'General',
  date: now,
  expiresAt: now + DAY,
  ...who,
  isArchived: false,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

afterEach(() => {
  cleanup();
  closeUserDb();
});

describe('activeAnnouncements', () => {
  it('keeps active ones of the college and year group, newest event date first', () => {
    const rows = [
      row('old', { date: now - 3 * DAY }),
      row('new', { date: now + 5 * DAY, type: 'Exam' }),
      row('mid', { date: now - DAY }),
      row('expired', { expiresAt: now - 1 }),
      row('archived', { isArchived: true }),
      row('other-college', { collegeId: 'c2' }),
      row('other-year', { yearGroup: 'Second Year' }),
      row('until-now', { expiresAt: now, date: now - 2 * DAY }),
    ];
    const out = activeAnnouncements(rows, who, now);
    expect(out.map((a) => a.id)).toEqual(['new', 'mid', 'until-now', 'old']);
    expect(out[0]).toMatchObject({ type: 'Exam', title: 'Title new', description: 'About new' });
  });
});

describe('announcements page', () => {
  it('shows cards with a type badge, date, title and description', async () => {
    const p = makeProfile({ collegeId: 'c1', yearGroup: 'First Year' });
    await getUserDb(p.uid).announcements.bulkPut([
      row('a1', {
        title: 'BLS workshop',
        type: 'Event',
        date: Date.now() + DAY,
        expiresAt: Date.now() + 2 * DAY,
      }),
      row('a2', {
        title: 'Midterm',
        type: 'Exam',
        date: Date.now() + 3 * DAY,
        expiresAt: Date.now() + 4 * DAY,
      }),
      row('a3', { title: 'Gone', type: 'Holiday', date: Date.now() - 3 * DAY, expiresAt: Date.now() - DAY }),
      row('a4', { title: 'Not mine', collegeId: 'c9', date: Date.now(), expiresAt: Date.now() + DAY }),
    ]);
    renderRoutes([{ path: '/announcements', element: <AnnouncementsPage /> }], '/announcements', fakeAuth(p));

    const list = await screen.findByRole('list', { name: 'Announcements' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Midterm', 'BLS workshop']);
    expect((cards[0] as HTMLElement).textContent).toContain('Exam');
    expect((cards[0] as HTMLElement).textContent).toContain('About a2');
    expect((cards[1] as HTMLElement).textContent).not.toContain('About a2');
    expect((cards[0] as HTMLElement).querySelector('time')?.getAttribute('dateTime')).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
    expect(screen.queryByText('Gone')).toBeNull();
    expect(screen.queryByText('Not mine')).toBeNull();
  });

  it("shows 'No Active Announcements' when there are none", async () => {
    renderRoutes(
      [{ path: '/announcements', element: <AnnouncementsPage /> }],
      '/announcements',
      fakeAuth(makeProfile()),
    );
    expect(await screen.findAllByText(NO_ANNOUNCEMENTS)).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Announcements' })).toBeNull();
  });
});
