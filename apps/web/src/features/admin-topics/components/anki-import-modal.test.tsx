// 'Import Anki Deck' in jsdom (issue 20) with the upload and job calls faked: a refused upload shows the
// server's message; a read package shows its counts, what is left out and the samples (a cloze one as the
// player shows it, its deletion highlighted on the back); 'Everything into one deck' sends the typed name; the result lists each deck.
// Issue 32: a queued job says how many imports are ahead; 'Cancel import' stops it; a failed one offers
// 'Try again' (no new upload).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AnkiImportBody, AnkiImportJob } from '@zan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { AnkiImportModal } from './anki-import-modal.tsx';

const calls = vi.hoisted(() => ({
  upload: [] as string[],
  imports: [] as unknown[],
  refuse: null as string | null,
  jobs: [] as unknown[],
  cancelled: 0,
  retried: 0,
}));
vi.mock('../../../lib/resources/anki-import.ts', () => ({
  uploadAnkiPackage: (_topic: string, file: File, onProgress: (f: number) => void) => {
    calls.upload.push(file.name);
    onProgress(1);
    if (calls.refuse) return Promise.reject(new ApiError(400, 'ANKI_COLLECTION', calls.refuse));
    return Promise.resolve({ jobId: 'j1' });
  },
  fetchAnkiImport: () => Promise.resolve(calls.jobs.shift() ?? calls.jobs.at(-1)),
  startAnkiImport: (_id: string, body: AnkiImportBody) => {
    calls.imports.push(body);
    return Promise.resolve(done);
  },
  cancelAnkiImport: () => {
    calls.cancelled++;
    return Promise.resolve(job({ state: 'cancelled', preview: null }));
  },
  retryAnkiImport: () => {
    calls.retried++;
    return Promise.resolve(job({ state: 'queued', ahead: 0, preview: null }));
  },
}));

const preview: AnkiImportJob['preview'] = {
  fileName: 'cardio.apkg',
  notes: 2,
  cards: 3,
  cardsByType: { basic: 1, reversed: 0, cloze: 2, custom: 0 },
  pictures: 0,
  skipped: [{ reason: 'Image Occlusion notes (not supported)', count: 1 }],
  missingMedia: ['gone.jpg'],
  decks: [{ name: 'Heart', cards: 3 }],
  samples: [
    { kind: 'basic', front: 'SA node?', back: 'Pacemaker', ord: null, deck: 'Heart' },
    { kind: 'cloze', front: '{{c1::Adenosine}} treats SVT', back: 'Flush fast', ord: 1, deck: 'Heart' },
  ],
};
const job = (over: Partial<AnkiImportJob>): AnkiImportJob => ({
  jobId: 'j1',
  state: 'ready',
  step: 'read',
  ahead: null,
  canRetry: false,
  progress: 1,
  preview,
  result: null,
  error: null,
  ...over,
});
const done = job({
  state: 'done',
  result: {
    decks: [{ id: 'd1', name: 'Cardio', created: true, added: 3, updated: 0, unchanged: 0, importId: 'i1' }],
    pictures: 0,
  },
});

function renderModal() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AnkiImportModal topicId="t1" onClose={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Import Anki Deck' });
}
const choose = (d: HTMLElement, name: string) =>
  fireEvent.change(within(d).getByLabelText('Anki package'), {
    target: { files: [new File([new Uint8Array([0x50, 0x4b, 3, 4])], name)] },
  });

describe('AnkiImportModal', () => {
  beforeEach(() => {
    calls.upload = [];
    calls.imports = [];
    calls.refuse = null;
    calls.jobs = [];
    calls.cancelled = 0;
    calls.retried = 0;
  });
  afterEach(cleanup);

  it('shows the server’s refusal of a whole collection', async () => {
    calls.refuse = 'This is a whole Anki collection (.colpkg).';
    const d = renderModal();
    choose(d, 'all.colpkg');
    fireEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    await within(d).findByText('This is a whole Anki collection (.colpkg).');
    expect(calls.upload).toEqual(['all.colpkg']);
  });

  it('previews the package, imports into one named deck and shows the result', async () => {
    calls.jobs = [job({ state: 'reading', progress: 0.4, preview: null }), job({})];
    const d = renderModal();
    choose(d, 'cardio.apkg');
    fireEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    await within(d).findByText('cardio.apkg: 2 notes, 3 cards (Basic 1, Cloze 2), 0 pictures.', undefined, {
      timeout: 3000,
    });
    within(d).getByText('Image Occlusion notes (not supported): 1');
    within(d).getByText('Missing from the package: gone.jpg');
    expect(within(d).getByRole('region', { name: 'Front of sample 2' }).textContent).toBe('[...] treats SVT');
    // The back reveals the deletion highlighted, as the player does (its class kept through sanitising).
    const back = within(d).getByRole('region', { name: 'Back of sample 2' });
    expect(back.querySelector('.cloze')?.textContent).toBe('Adenosine');
    fireEvent.click(within(d).getByRole('radio', { name: /Everything into one deck/ }));
    fireEvent.change(within(d).getByLabelText('Deck name'), { target: { value: 'Cardio' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(calls.imports).toEqual([{ deckMode: 'one', deckName: 'Cardio' }]));
    await within(d).findByText('Cardio: 3 cards added, 0 updated, 0 unchanged (new deck)');
  });

  it('says how many imports wait before a queued one, and Cancel import stops it', async () => {
    calls.jobs = [job({ state: 'queued', ahead: 2, preview: null })];
    const d = renderModal();
    choose(d, 'cardio.apkg');
    fireEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    await within(d).findByText('Queued: 2 imports ahead of yours.');
    fireEvent.click(within(d).getByRole('button', { name: 'Cancel import' }));
    await within(d).findByText('Import cancelled. Nothing was written.');
    expect(calls.cancelled).toBe(1);
    expect(within(d).getByRole<HTMLButtonElement>('button', { name: 'Choose another file' }).disabled).toBe(
      false,
    );
  });

  it('offers Try again on a failed job and runs it again without a new upload', async () => {
    calls.jobs = [
      job({
        state: 'failed',
        preview: null,
        canRetry: true,
        error: 'The import failed; nothing was written. Try again.',
      }),
    ];
    const d = renderModal();
    choose(d, 'cardio.apkg');
    fireEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    await within(d).findByText('The import failed; nothing was written. Try again.');
    calls.jobs = [job({ state: 'reading', progress: 0.5, preview: null }), job({})];
    fireEvent.click(within(d).getByRole('button', { name: 'Try again' }));
    await within(d).findByText('cardio.apkg: 2 notes, 3 cards (Basic 1, Cloze 2), 0 pictures.', undefined, {
      timeout: 3000,
    });
    expect(calls.retried).toBe(1);
    expect(calls.upload).toEqual(['cardio.apkg']);
  });
});
