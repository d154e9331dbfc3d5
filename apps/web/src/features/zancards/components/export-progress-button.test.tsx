// 'Export my progress (.apkg)' (issue 20): this device's queued study changes are sent before the server
// writes the file (the export had missed reviews still in the outbox); what could not be sent is said.
import { ANKI_PROGRESS_MESSAGES as T } from '@zan/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncContext, type SyncApiForUi } from '../../../sync/use-sync.ts';
import { ToastProvider } from '../../../ui/index.ts';
import { ExportProgressButton } from './export-progress-button.tsx';

let saved: string[] = [];
let order: string[] = [];
beforeEach(() => {
  saved = [];
  order = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      order.push('fetch');
      return new Response(new Uint8Array([1, 2, 3]), {
        headers: { 'content-disposition': 'attachment; filename="Organelles.apkg"' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderButton(flushProgress: () => Promise<number>) {
  const sync = { flushProgress } as unknown as SyncApiForUi;
  render(
    <ToastProvider>
      <SyncContext.Provider value={sync}>
        <ExportProgressButton deckId="d1" title="Organelles" />
      </SyncContext.Provider>
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: `${T.exportButton}: Organelles` }));
}

describe('Export my progress (.apkg)', () => {
  it("sends this device's queued study changes before the server writes the file", async () => {
    renderButton(async () => {
      order.push('flush');
      return 0;
    });
    await screen.findByText(T.exportDone('Organelles'));
    expect(order).toEqual(['flush', 'fetch']);
    expect(saved).toEqual(['Organelles.apkg']);
    expect(screen.queryByText(/could not be sent yet/)).toBeNull();
  });

  it('says how many changes could not be sent, beside the saved file', async () => {
    renderButton(async () => 2);
    await screen.findByText(T.exportPending(2));
    expect(T.exportPending(2)).toMatch(/^2 study changes on this device could not be sent yet/);
    await waitFor(() => expect(saved).toEqual(['Organelles.apkg']));
  });

  it('exports even when sending fails (offline outbox, server refusal)', async () => {
    renderButton(async () => {
      throw new Error('network');
    });
    await screen.findByText(T.exportDone('Organelles'));
  });
});
