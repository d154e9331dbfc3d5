// Behaviour of the shared pieces others build on: ConfirmDialog, Toast, SidePanel, Tabs.
import { MSG } from '@zan/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { SidePanel } from './side-panel.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';
import { ToastProvider, useToast } from './toast.tsx';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('requires the exact confirmation text before confirming', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Delete college"
        body="Gone for good."
        confirmText="Kasr Al Ainy"
        confirmLabel="Delete"
        onConfirm={onConfirm}
      />,
    );
    const input = screen.getByLabelText('Type "Kasr Al Ainy" to confirm');
    fireEvent.change(input, { target: { value: 'kasr al ainy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.confirmationMismatch);
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'Kasr Al Ainy' } });
    expect(screen.queryByText(MSG.confirmationMismatch)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('stays open and shows the error when onConfirm throws', async () => {
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Demote"
        onConfirm={() => Promise.reject(new Error('Failed to update role: nope'))}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update role: nope');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});

function ToastButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Sync successful!', { durationMs: 1000 })}>
      go
    </button>
  );
}

describe('Toast', () => {
  it('announces a notice and removes it after its duration', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <ToastButton />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByRole('status').textContent).toContain('Sync successful!');
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.queryByText('Sync successful!')).toBeNull();
    vi.useRealTimers();
  });
});

function PanelHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <SidePanel open={open} onClose={() => setOpen(false)} label="Menu">
        <button type="button">inside</button>
      </SidePanel>
    </>
  );
}

describe('SidePanel', () => {
  it('locks body scroll, takes focus, closes on Escape and returns focus', () => {
    render(<PanelHarness />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog').getAttribute('aria-label')).toBe('Menu');
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    expect(document.activeElement?.textContent).toBe('inside');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});

describe('Tabs', () => {
  it('renders Radix tabs with the active panel', () => {
    render(
      <Tabs defaultValue="a">
        <TabsList aria-label="Sections">
          <TabsTrigger value="a">Modules</TabsTrigger>
          <TabsTrigger value="b">Subjects</TabsTrigger>
        </TabsList>
        <TabsContent value="a">modules panel</TabsContent>
        <TabsContent value="b">subjects panel</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'Modules' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('modules panel');
  });
});
