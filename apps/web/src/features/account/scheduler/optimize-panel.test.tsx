// 'Optimize' (issue 38): why a run failed or fitted nothing is said where its outcome shows, and while the
// student's runs are bounded (one an hour, or sooner after 1,000 new reviews) the button says until when.
import { DEFAULT_SCHEDULER_SETTINGS, MSG, type OptimizeStateResponse } from '@zan/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSyncApi, mockFetch } from '../../../lib/testing/fakes.ts';
import { SyncContext } from '../../../sync/use-sync.ts';
import { OptimizePanel } from './optimize-panel.tsx';

const MIN = 60_000;
const settings = { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' as const, updatedAt: 1 };

function renderPanel() {
  const sync = fakeSyncApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SyncContext.Provider value={sync}>
        <OptimizePanel settings={settings} />
      </SyncContext.Provider>
    </QueryClientProvider>,
  );
}
const serve = (state: () => OptimizeStateResponse) =>
  mockFetch({ 'GET /api/sync/scheduler-optimize': () => ({ status: 200, body: state() }) });
/** The text of the elements an element's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OptimizePanel', () => {
  it('says why a run failed', async () => {
    serve(() => ({
      job: { status: 'failed', reason: 'time', message: MSG.optimizeFailure('time'), finishedAt: 1 },
      limit: null,
    }));
    renderPanel();
    await screen.findByText(MSG.optimizeFailure('time'));
  });

  it("says why nothing was fitted when the reviews are of too few cards (FSRS's 'not enough data')", async () => {
    serve(() => ({
      job: { status: 'done', outcome: { kind: 'sparse', reviews: 500, cards: 5 }, finishedAt: 1 },
      limit: null,
    }));
    renderPanel();
    await screen.findByText(MSG.optimizeSparse(5, false));
  });

  it('while bounded, the button is disabled and says when it can run again', async () => {
    serve(() => ({
      job: null,
      limit: { until: Date.now() + 30 * MIN, reviewsToGo: 400 },
    }));
    renderPanel();
    const reason = MSG.optimizeLimited(30 * 60, 400);
    await screen.findByText(reason);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Optimize' });
    expect(button.disabled).toBe(true);
    expect(description(button)).toBe(reason);
  });

  it("a refused start (429) shows the server's reason, then the button's limit", async () => {
    let state: OptimizeStateResponse = { job: null, limit: null };
    const refusal = MSG.optimizeLimited(50 * 60, 10);
    mockFetch({
      'GET /api/sync/scheduler-optimize': () => ({ status: 200, body: state }),
      'POST /api/sync/scheduler-optimize': () => {
        // Another device ran it a few minutes ago.
        state = { job: null, limit: { until: Date.now() + 50 * MIN, reviewsToGo: 10 } };
        return { status: 429, body: { error: { code: 'OPTIMIZE_LIMITED', message: refusal } } };
      },
    });
    renderPanel();
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Optimize' });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await screen.findByText(refusal);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(description(button)).toBe(refusal);
    // Said once: as the button's reason.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });
});
