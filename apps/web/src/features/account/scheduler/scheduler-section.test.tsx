// Account → Scheduler: the choice, FSRS's fields and their messages, the daily limits, Save ('Saved',
// the settings stored and synced) with the cards converted (due dates kept) or rescheduled, and
// 'Optimize' (offline reason, time zone sent, progress, each outcome).
import { MSG, DEFAULT_SCHEDULER_SETTINGS, fsrsMemory, type OptimizeJob } from '@zan/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb, type UserProgressRow } from '../../../local/db.ts';
import { getSchedulerSettingsRow, saveSchedulerSettings } from '../../../local/scheduler-settings.ts';
import { fakeSyncApi, mockFetch } from '../../../lib/testing/fakes.ts';
import { SyncContext } from '../../../sync/use-sync.ts';
import { SchedulerSection } from './scheduler-section.tsx';

const DAY = 86_400_000;
const t0 = new Date('2026-03-01T09:00:00Z');
let userId = '';

const fakeSync = fakeSyncApi;

const row = (itemId: string): UserProgressRow => ({
  id: `${userId}_${itemId}`,
  userId,
  itemId,
  cardId: itemId,
  subjectId: 's1',
  deckId: 'd1',
  type: 'flashcard',
  easeFactor: 2.5,
  interval: 10 * 86_400,
  dueDate: new Date(t0.getTime() + 10 * DAY),
  isSuspended: false,
  reviewedAt: t0,
});

function renderSection(sync = fakeSync()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SyncContext.Provider value={sync}>
        <SchedulerSection userId={userId} />
      </SyncContext.Provider>
    </QueryClientProvider>,
  );
  return sync;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
/** The text of the elements an element's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const stored = async () => (await getSchedulerSettingsRow(getUserDb(userId), userId))?.settings;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const noJob = () => ({ status: 200, body: { job: null } });

beforeEach(async () => {
  userId = 'sched-' + crypto.randomUUID();
  await getUserDb(userId).userProgress.bulkPut([row('a'), row('b')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  closeUserDb();
});

/** Saving and switching go through IndexedDB: on a loaded machine they take seconds. */
const SLOW = { timeout: 10_000 };

describe('SchedulerSection', () => {
  it('SM-2 by default; switching to FSRS saves and says Saved; reviewed cards read with their memory, nothing written, due dates kept', async () => {
    mockFetch({ 'GET /api/sync/scheduler-optimize': noJob });
    renderSection();
    const sm2 = await screen.findByRole('radio', { name: /SM-2 \(classic\)/ });
    expect((sm2 as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Desired retention')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /FSRS/ }));
    expect(field('Desired retention').value).toBe('90');
    expect(field('Learning steps').value).toBe('1m 10m');
    expect(field('Relearning steps').value).toBe('10m');
    screen.getByText(MSG.parametersDefault);
    expect(checkbox('Reschedule all cards').checked).toBe(false);
    save();
    await screen.findByText(MSG.schedulerSaved, {}, SLOW);
    expect(screen.queryByText(/updated on this device/)).toBeNull();
    expect((await stored())?.scheduler).toBe('fsrs');
    const a = await getUserDb(userId).userProgress.get(`${userId}_a`);
    expect(a?.dueDate).toEqual(new Date(t0.getTime() + 10 * DAY));
    expect(fsrsMemory(a as UserProgressRow)?.stability).toBeCloseTo(10.0, 1);
    // Their reviews are not on this device: nothing to replay, nothing written or queued.
    expect(await getUserDb(userId).progressOutbox.count()).toBe(0);
  });

  it('switching back keeps due dates (nothing written); Reschedule recomputes them', async () => {
    mockFetch({ 'GET /api/sync/scheduler-optimize': noJob });
    renderSection();
    fireEvent.click(await screen.findByRole('radio', { name: /FSRS/ }));
    save();
    await screen.findByText(MSG.schedulerSaved, {}, SLOW);
    fireEvent.click(screen.getByRole('radio', { name: /SM-2/ }));
    save();
    await screen.findByText(MSG.schedulerSaved, {}, SLOW);
    expect((await stored())?.scheduler).toBe('sm2');
    expect(await getUserDb(userId).progressOutbox.count()).toBe(0);
    // FSRS again at 80 % with Reschedule: due dates move to the memory's interval at 80 %.
    fireEvent.click(screen.getByRole('radio', { name: /FSRS/ }));
    fireEvent.change(screen.getByLabelText('Desired retention'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reschedule all cards' }));
    save();
    await screen.findByText(`${MSG.schedulerSaved} ${MSG.schedulerConverted(2)}`, {}, SLOW);
    const a = await getUserDb(userId).userProgress.get(`${userId}_a`);
    expect(a?.dueDate?.getTime()).toBeGreaterThan(t0.getTime() + 20 * DAY);
    expect((await stored())?.desiredRetention).toBe(0.8);
    expect(checkbox('Reschedule all cards').checked).toBe(false);
  });

  it('explains retention, warns above 95 %, and refuses what is not right with a message on the field', async () => {
    mockFetch({ 'GET /api/sync/scheduler-optimize': noJob });
    renderSection();
    fireEvent.click(await screen.findByRole('radio', { name: /FSRS/ }));
    const retention = screen.getByLabelText('Desired retention');
    expect(description(retention)).toContain('Higher means more reviews');
    fireEvent.change(retention, { target: { value: '96' } });
    screen.getByText(MSG.retentionHigh);
    fireEvent.change(retention, { target: { value: '99' } });
    fireEvent.change(screen.getByLabelText('Learning steps'), { target: { value: '1 minute' } });
    fireEvent.change(screen.getByLabelText('New cards per day'), { target: { value: '-3' } });
    save();
    await screen.findByText(MSG.retentionRange);
    screen.getByText(MSG.stepsInvalid);
    expect(field('Desired retention').getAttribute('aria-invalid')).toBe('true');
    expect(field('Learning steps').getAttribute('aria-invalid')).toBe('true');
    expect(description(field('New cards per day'))).toContain(MSG.limitInvalid('New cards per day', 9999));
    expect(document.activeElement).toBe(screen.getByLabelText('Desired retention'));
    expect((await stored())?.scheduler ?? 'sm2').toBe('sm2');
  });

  it('saves the daily limits and the hour a day starts, keeping the other settings', async () => {
    mockFetch({ 'GET /api/sync/scheduler-optimize': noJob });
    await saveSchedulerSettings(
      getUserDb(userId),
      userId,
      { ...DEFAULT_SCHEDULER_SETTINGS, keepModulesOffline: false },
      t0,
    );
    renderSection();
    fireEvent.change(await screen.findByLabelText('New cards per day'), { target: { value: '35' } });
    fireEvent.change(screen.getByLabelText('Maximum reviews per day'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Day starts at'), { target: { value: '6' } });
    save();
    await screen.findByText(MSG.schedulerSaved, {}, SLOW);
    expect(await stored()).toMatchObject({
      scheduler: 'sm2',
      newPerDay: 35,
      maxReviewsPerDay: 500,
      dayRolloverHour: 6,
      keepModulesOffline: false,
    });
    expect((await getSchedulerSettingsRow(getUserDb(userId), userId))?.dirty).toBe(true);
  });

  it('Optimize: sends the time zone, says it waits in the queue, shows progress, then the new fit beside the old', async () => {
    let job: OptimizeJob | null = null;
    const fetchSpy = mockFetch({
      'GET /api/sync/scheduler-optimize': () => ({ status: 200, body: { job } }),
      'POST /api/sync/scheduler-optimize': () => {
        job = { status: 'queued', ahead: 2, startedAt: t0.getTime() };
        return { status: 202, body: { job } };
      },
    });
    const sync = renderSection();
    fireEvent.click(await screen.findByRole('radio', { name: /FSRS/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Optimize' }));
    // Issue 32: queued behind other work of the college, the button stays busy.
    const queued = await screen.findByText('Queued: 2 tasks ahead of yours.');
    expect(queued.getAttribute('role')).toBe('status');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Optimize' }).disabled).toBe(true);
    job = { status: 'running', progress: 0.4, startedAt: t0.getTime() };
    await screen.findByText(MSG.optimizeRunning(40));
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    job = {
      status: 'done',
      finishedAt: t0.getTime(),
      outcome: {
        kind: 'improved',
        reviews: 1200,
        current: { logLoss: 0.41, rmse: 0.08 },
        fitted: { logLoss: 0.35, rmse: 0.05 },
      },
    };
    await screen.findByText(MSG.optimizeImproved);
    screen.getByRole('row', { name: /Log loss 0.4100 0.3500/ });
    screen.getByRole('row', { name: /RMSE 0.0800 0.0500/ });
    await waitFor(() => expect(sync.scheduleProgressUpload).toHaveBeenCalled());
  });

  it('Optimize first sends what waits here (a just-saved FSRS choice), so the fit the server saves keeps it', async () => {
    const order: string[] = [];
    mockFetch({
      'GET /api/sync/scheduler-optimize': () => ({ status: 200, body: { job: null } }),
      'POST /api/sync/scheduler-optimize': () => {
        order.push('start');
        return { status: 202, body: { job: { status: 'running', progress: 0, startedAt: t0.getTime() } } };
      },
    });
    const sync = fakeSync();
    sync.flushProgress = vi.fn(async () => {
      order.push('flush');
      return 0;
    });
    renderSection(sync);
    fireEvent.click(await screen.findByRole('radio', { name: /FSRS/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Optimize' }));
    await waitFor(() => expect(order).toEqual(['flush', 'start']));
  });

  it('Optimize: too few reviews, already the best fit, and offline', async () => {
    let job: OptimizeJob = {
      status: 'done',
      finishedAt: t0.getTime(),
      outcome: { kind: 'few', reviews: 120, needed: 400 },
    };
    mockFetch({ 'GET /api/sync/scheduler-optimize': () => ({ status: 200, body: { job } }) });
    await saveSchedulerSettings(
      getUserDb(userId),
      userId,
      {
        ...DEFAULT_SCHEDULER_SETTINGS,
        scheduler: 'fsrs',
        parametersSource: {
          kind: 'personal',
          reviews: 2400,
          optimizedAt: Date.UTC(2026, 2, 4),
          logLoss: 0.3,
          rmse: 0.04,
        },
      },
      t0,
    );
    renderSection();
    await screen.findByText(MSG.optimizeFew(120, 400, true));
    screen.getByText(MSG.parametersPersonal(2400, '4 Mar 2026'));
    cleanup();
    job = {
      status: 'done',
      finishedAt: t0.getTime(),
      outcome: {
        kind: 'kept',
        reviews: 900,
        current: { logLoss: 0.3, rmse: 0.04 },
        fitted: { logLoss: 0.31, rmse: 0.05 },
      },
    };
    renderSection();
    await screen.findByText(MSG.optimizeKept);
    cleanup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderSection();
    const button = await screen.findByRole('button', { name: 'Optimize' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(description(button)).toBe(MSG.optimizeOffline);
  });
});
