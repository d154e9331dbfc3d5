// Account → 'Import Anki progress' in jsdom with a fake server: the chosen file goes up as bytes with its
// name; the job (issue 32) is followed while it waits and runs, then the summary is said and progress sync
// is nudged; a refused file says the server's reason; a failed job offers Try again; Cancel import.
import { ANKI_PROGRESS_MESSAGES as T, type AnkiProgressJob } from '@zan/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSyncApi, mockFetch } from '../../../lib/testing/fakes.ts';
import { SyncContext } from '../../../sync/use-sync.ts';
import { AnkiProgressSection } from './anki-progress-section.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  const sync = fakeSyncApi();
  render(
    <SyncContext.Provider value={sync}>
      <AnkiProgressSection />
    </SyncContext.Provider>,
  );
  return sync;
}

const choose = (name: string) =>
  fireEvent.change(screen.getByLabelText('Anki file'), {
    target: { files: [new File([new Uint8Array([80, 75, 3, 4])], name)] },
  });

const job = (over: Partial<AnkiProgressJob> = {}): AnkiProgressJob => ({
  jobId: 'job-1',
  state: 'queued',
  ahead: 0,
  progress: 0,
  canRetry: false,
  result: null,
  error: null,
  ...over,
});
const UPLOAD = 'POST /api/sync/anki-progress?fileName=My%20deck.colpkg';

describe('AnkiProgressSection', () => {
  it('uploads the file, says it waits and how far it got, then how many cards matched', async () => {
    let current = job({ ahead: 1 });
    const fetchMock = mockFetch({
      [UPLOAD]: () => ({ status: 202, body: current }),
      'GET /api/sync/anki-progress/job-1': () => ({ status: 200, body: current }),
    });
    const sync = renderSection();
    screen.getByRole('heading', { name: T.importTitle });
    choose('My deck.colpkg');
    await screen.findByText(T.queued(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sync/anki-progress?fileName=My%20deck.colpkg');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(File);
    current = job({ state: 'running', ahead: null, progress: 0.4 });
    await screen.findByText(T.reading(40));
    expect(
      screen.getByRole('progressbar', { name: 'Importing Anki progress' }).getAttribute('aria-valuenow'),
    ).toBe('40');
    current = job({
      state: 'done',
      ahead: null,
      progress: 1,
      result: { matched: 12, unmatched: 3, cards: 12, reviews: 40 },
    });
    await screen.findByText(T.summary({ matched: 12, unmatched: 3 }));
    expect(sync.scheduleProgressUpload).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: T.cancel })).toBeNull();
  });

  it('says the server’s reason when the file is refused at once', async () => {
    mockFetch({
      'POST /api/sync/anki-progress?fileName=notes.txt': () => ({
        status: 413,
        body: { error: { code: 'UPLOAD_TOO_LARGE', message: 'This Anki package is larger than 1 MB.' } },
      }),
    });
    renderSection();
    choose('notes.txt');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This Anki package is larger than 1 MB.',
    );
  });

  it('a failed import says why and offers Try again, which runs it again without a new upload', async () => {
    const failed = job({ state: 'failed', ahead: null, canRetry: true, error: T.jobFailed });
    const fetchMock = mockFetch({
      [UPLOAD]: () => ({ status: 202, body: failed }),
      'POST /api/sync/anki-progress/job-1/retry': () => ({ status: 202, body: job() }),
      'GET /api/sync/anki-progress/job-1': () => ({ status: 200, body: job() }),
    });
    renderSection();
    choose('My deck.colpkg');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', T.jobFailed);
    fireEvent.click(screen.getByRole('button', { name: T.retry }));
    await screen.findByText(T.queued(0));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2);
  });

  it('Cancel import stops a job that waits, and says nothing changed', async () => {
    mockFetch({
      [UPLOAD]: () => ({ status: 202, body: job() }),
      'GET /api/sync/anki-progress/job-1': () => ({ status: 200, body: job() }),
      'POST /api/sync/anki-progress/job-1/cancel': () => ({
        status: 200,
        body: job({ state: 'cancelled', ahead: null }),
      }),
    });
    renderSection();
    choose('My deck.colpkg');
    fireEvent.click(await screen.findByRole('button', { name: T.cancel }));
    await screen.findByText(T.cancelled);
    expect(screen.queryByRole('button', { name: T.cancel })).toBeNull();
  });
});
