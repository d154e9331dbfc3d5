// 'Keep my modules on this device' (issue 18): on by default; turning it off stops keeping everything
// and is remembered per user; turning it on keeps everything again.
import { MSG } from '@zan/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readKeepModules } from './keep-modules.ts';
import { KeepModulesToggle } from './keep-modules-toggle.tsx';
import { OfflineContext, type OfflineApi } from './use-offline.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('KeepModulesToggle', () => {
  it('is on by default; off unkeeps everything, on keeps it, remembered per user', () => {
    const api: OfflineApi = {
      job: null,
      keep: vi.fn(async () => null),
      unkeep: vi.fn(async () => undefined),
      dismiss: () => undefined,
    };
    render(
      <OfflineContext.Provider value={api}>
        <KeepModulesToggle userId="u1" />
      </OfflineContext.Provider>,
    );
    const box = screen.getByRole('checkbox', { name: MSG.keepModules });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    expect(api.unkeep).toHaveBeenCalledWith({ kind: 'everything' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(readKeepModules('u1')).toBe(false);
    expect(readKeepModules('u2')).toBe(true);
    fireEvent.click(box);
    expect(api.keep).toHaveBeenCalledWith({ kind: 'everything' });
    expect(readKeepModules('u1')).toBe(true);
  });
});
