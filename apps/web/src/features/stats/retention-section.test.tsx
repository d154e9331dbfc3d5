// Stats → 'Retention' (issue 18): the server's figures as a table by week / month, kept on the device and
// shown offline with their date; the FSRS target and cards known beside them; too few reviews say so.
import { DEFAULT_SCHEDULER_SETTINGS, type RetentionResponse } from '@zan/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../../local/db.ts';
import { saveSchedulerSettings } from '../../local/scheduler-settings.ts';
import { mockFetch } from '../../lib/testing/fakes.ts';
import {
  RETENTION_NONE_OFFLINE,
  RETENTION_TOO_FEW,
  RetentionSection,
} from './components/retention-section.tsx';
import { readRetentionCache } from './local/retention-queries.ts';
import { deviceTimeZone } from './retention-api.ts';

const URL = `GET /api/sync/retention?timeZone=${encodeURIComponent(deviceTimeZone())}`;
const zero = { pass: 0, total: 0 };
const period = (start: string, end: string, young = zero, mature = zero) => ({ start, end, young, mature });

const figures: RetentionResponse = {
  weeks: [
    period('2026-11-22', '2026-11-28', { pass: 9, total: 10 }, { pass: 19, total: 20 }),
    period('2026-11-15', '2026-11-21', { pass: 3, total: 4 }),
    period('2026-11-08', '2026-11-14'),
    period('2026-11-01', '2026-11-07'),
  ],
  months: [
    period('2026-11-01', '2026-11-30', { pass: 12, total: 14 }, { pass: 19, total: 20 }),
    period('2026-10-01', '2026-10-31', { pass: 1, total: 2 }),
    period('2026-09-01', '2026-09-30'),
    period('2026-08-01', '2026-08-31'),
    period('2026-07-01', '2026-07-31'),
    period('2026-06-01', '2026-06-30'),
  ],
  reviews: 36,
  timeZone: 'UTC',
  rolloverHour: 4,
  computedAt: Date.UTC(2026, 10, 26, 12),
};

const uid = () => 'retention-' + crypto.randomUUID();
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td')).map((c) => c.textContent);

afterEach(() => {
  cleanup();
  closeUserDb();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Retention section', () => {
  it('shows the weeks, then the months, from the server, and keeps them on the device', async () => {
    const user = uid();
    mockFetch({ [URL]: () => ({ status: 200, body: figures }) });
    render(<RetentionSection userId={user} />);
    const table = await screen.findByRole('table', { name: 'True retention by week' });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[0]!)).toEqual(['Week', 'Young', 'Mature', 'Total']);
    expect(cells(rows[1]!)[0]).toMatch(/^This week22\s?–\s?28 Nov$/);
    expect(cells(rows[1]!).slice(1)).toEqual([
      '90\u00a0%9/10, 9 of 10 passed',
      '95\u00a0%19/20, 19 of 20 passed',
      '93\u00a0%28/30, 28 of 30 passed',
    ]);
    expect(cells(rows[2]!)[2]).toBe('—no reviews');
    expect(cells(rows[3]!)[0]).toMatch(/^8\s?–\s?14 Nov$/);
    expect(screen.getByTestId('retention-status').textContent).toMatch(
      /^From the reviews of all your devices/,
    );
    // SM-2: no target, and says where FSRS is.
    expect(screen.queryByTestId('retention-desired')).toBeNull();
    screen.getByText(/Your scheduler is SM-2/);
    expect((await readRetentionCache(user))?.summary).toEqual(figures);

    // Keyboard: the arrow key moves to 'By Month', which shows the months.
    const weekTab = screen.getByRole('tab', { name: 'By Week' });
    act(() => weekTab.focus());
    fireEvent.keyDown(weekTab, { key: 'ArrowRight' });
    const months = await screen.findByRole('table', { name: 'True retention by month' });
    const monthRows = within(months).getAllByRole('row');
    expect(cells(monthRows[1]!)[0]).toBe('This monthNov 2026');
    expect(cells(monthRows[2]!)).toEqual([
      'Oct 2026',
      '50\u00a0%1/2, 1 of 2 passed',
      '—no reviews',
      '50\u00a0%1/2, 1 of 2 passed',
    ]);
  });

  it('with FSRS, shows the desired retention and the estimated cards known', async () => {
    const user = uid();
    const db = getUserDb(user);
    await saveSchedulerSettings(
      db,
      user,
      { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs', desiredRetention: 0.85, updatedAt: 1 },
      new Date(),
    );
    const now = new Date();
    const row = (itemId: string, stability: number | null, daysAgo: number) => ({
      id: `${user}_${itemId}`,
      userId: user,
      itemId,
      cardId: itemId,
      subjectId: 's',
      deckId: 'd',
      type: 'flashcard' as const,
      easeFactor: 2.5,
      interval: 86_400,
      dueDate: now,
      isSuspended: false,
      ...(stability === null
        ? {}
        : {
            stability,
            difficulty: 5,
            learningState: 'review' as const,
            lastReview: new Date(now.getTime() - daysAgo * 86_400_000),
          }),
    });
    // 1 + 0.9 (reviewed `stability` days ago) + 0.9 (c3: SM-2 reviewed a day ago, its memory derived
    // from ease and interval) ≈ 2.8 → 3 of the 3 reviewed cards; the new card c4 is left out.
    await db.userProgress.bulkPut([
      row('c1', 10, 0),
      row('c2', 10, 10),
      row('c3', null, 0),
      { ...row('c4', null, 0), interval: 0, dueDate: null },
    ]);
    mockFetch({ [URL]: () => ({ status: 200, body: figures }) });
    render(<RetentionSection userId={user} />);
    expect((await screen.findByTestId('retention-desired')).textContent).toContain('85\u00a0%');
    const known = await screen.findByTestId('retention-known');
    await vi.waitFor(() => expect(known.textContent).toContain('estimated, of 3 reviewed'));
    expect(known.textContent).toMatch(/Cards known3estimated/);
  });

  it('offline: shows the kept figures with their date, or says it needs the server once', async () => {
    const user = uid();
    mockFetch({ [URL]: () => ({ status: 200, body: figures }) });
    const first = render(<RetentionSection userId={user} />);
    await screen.findByRole('table', { name: 'True retention by week' });
    first.unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const spy = mockFetch({});
    render(<RetentionSection userId={user} />);
    await screen.findByRole('table', { name: 'True retention by week' });
    expect(screen.getByTestId('retention-status').textContent).toMatch(/^Offline: figures from /);
    expect(spy).not.toHaveBeenCalled();
    cleanup();

    render(<RetentionSection userId={uid()} />);
    await screen.findByText(RETENTION_NONE_OFFLINE);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when there are too few reviews to count', async () => {
    mockFetch({ [URL]: () => ({ status: 200, body: { ...figures, reviews: 3 } }) });
    render(<RetentionSection userId={uid()} />);
    await screen.findByText(RETENTION_TOO_FEW);
    screen.getByText(/3 so far in the last 6 months/);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a failed refresh keeps the figures and says they could not be refreshed', async () => {
    const user = uid();
    mockFetch({ [URL]: () => ({ status: 200, body: figures }) });
    const first = render(<RetentionSection userId={user} />);
    await screen.findByRole('table', { name: 'True retention by week' });
    first.unmount();
    mockFetch({ [URL]: () => ({ status: 500, body: { error: { code: 'X', message: 'x' } } }) });
    render(<RetentionSection userId={user} />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('retention-status').textContent).toMatch(/^Could not refresh: figures from /),
    );
    screen.getByRole('table', { name: 'True retention by week' });
  });
});
