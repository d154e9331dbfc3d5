// RowActions: leaves out refused actions, names each button after its row, and shows a refused-but-
// visible action disabled with its reason.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowActions } from './row-actions.tsx';

afterEach(cleanup);

describe('RowActions', () => {
  it('renders the allowed actions named after the row, and runs them', () => {
    const archive = vi.fn();
    render(
      <RowActions name="Anatomy" actions={[false, { label: 'Archive', danger: true, onClick: archive }]} />,
    );
    expect(screen.queryByRole('button', { name: 'Edit Anatomy' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Archive Anatomy' }));
    expect(archive).toHaveBeenCalledOnce();
  });

  it('disables an action that has a reason, with the reason as its title', () => {
    const edit = vi.fn();
    render(
      <RowActions
        name="Heart"
        actions={[{ label: 'Edit', onClick: edit, disabledReason: 'Not yours to edit.' }]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Edit Heart' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('Not yours to edit.');
    fireEvent.click(button);
    expect(edit).not.toHaveBeenCalled();
  });

  it('shows a running action busy and can disable the others', () => {
    render(
      <RowActions
        name="Heart"
        actions={[
          { label: 'Restore', onClick: vi.fn(), busy: true, disabled: true },
          { label: 'Delete', danger: true, onClick: vi.fn(), disabled: true },
        ]}
      />,
    );
    const restore = screen.getByRole('button', { name: 'Restore Heart' }) as HTMLButtonElement;
    expect(restore.getAttribute('aria-busy')).toBe('true');
    expect(restore.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Delete Heart' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
