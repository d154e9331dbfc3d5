// RowConfirmDialog: runs the action on the row, shows the list's failure message in the dialog, and
// toasts the success.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowConfirmDialog } from './row-confirm-dialog.tsx';
import { ToastProvider } from './toast.tsx';

afterEach(cleanup);

const row = { id: 'r1', name: 'Anatomy' };

function renderDialog(run: (r: typeof row) => Promise<unknown>, onClose = vi.fn()) {
  render(
    <ToastProvider>
      <RowConfirmDialog
        row={row}
        onClose={onClose}
        title="Archive subject?"
        body="It can be restored."
        confirmLabel="Archive"
        run={run}
        failure={(err) => `Failed to save subject: ${(err as Error).message}`}
        success={(r) => `Subject "${r.name}" archived.`}
      />
    </ToastProvider>,
  );
}

describe('RowConfirmDialog', () => {
  it('runs the action on the row and toasts the success', async () => {
    const run = vi.fn(() => Promise.resolve());
    renderDialog(run);
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect((await screen.findByRole('status')).textContent).toContain('Subject "Anatomy" archived.');
    expect(run).toHaveBeenCalledWith(row);
  });

  it('shows the failure message in the dialog and toasts nothing', async () => {
    renderDialog(() => Promise.reject(new Error('offline')));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to save subject: offline');
    expect(screen.queryByText('Subject "Anatomy" archived.')).toBeNull();
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });
});
