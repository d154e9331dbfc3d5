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
});
