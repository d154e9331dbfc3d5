// Account → 'Import Anki progress' in jsdom with a fake server: the chosen file goes up as bytes with its
// name, the summary is said and progress sync is nudged; a refused file says the server's reason.
import { ANKI_PROGRESS_MESSAGES as T } from '@zan/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSyncApi } from '../../../lib/testing/fakes.ts';
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

describe('AnkiProgressSection', () => {
  it('uploads the file and says how many cards matched', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ matched: 12, unmatched: 3, cards: 12, reviews: 40 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const sync = renderSection();
    screen.getByRole('heading', { name: T.importTitle });
    choose('My deck.colpkg');
    await screen.findByText(T.summary({ matched: 12, unmatched: 3 }));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sync/anki-progress?fileName=My%20deck.colpkg');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(File);
    expect(sync.scheduleProgressUpload).toHaveBeenCalled();
  });

  it('says the server’s reason when the file is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'ANKI_PACKAGE', message: 'This file is not an Anki package (.apkg).' },
            }),
            { status: 400 },
          ),
      ),
    );
    renderSection();
    choose('notes.txt');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This file is not an Anki package (.apkg).',
    );
  });
});
