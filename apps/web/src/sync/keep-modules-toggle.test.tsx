// 'Keep my modules on this device' (issue 18): on by default; turning it off stops keeping everything
// and is remembered per user in the synced settings; turning it on keeps everything again.
import { MSG } from '@zan/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUserDb, openUserDb } from '../local/db.ts';
import { readKeepModules } from './keep-modules.ts';
import { KeepModulesToggle } from './keep-modules-toggle.tsx';
import { OfflineContext, type OfflineApi } from './use-offline.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('KeepModulesToggle', () => {
  it('is on by default; off unkeeps everything, on keeps it, remembered per user', async () => {
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
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: MSG.keepModules });
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(api.unkeep).toHaveBeenCalledWith({ kind: 'everything' });
    await waitFor(() => expect(box.checked).toBe(false));
    expect(await readKeepModules(getUserDb('u1'), 'u1')).toBe(false);
    expect(await readKeepModules(openUserDb('u2'), 'u2')).toBe(true);
    fireEvent.click(box);
    expect(api.keep).toHaveBeenCalledWith({ kind: 'everything' });
    await waitFor(() => expect(box.checked).toBe(true));
    expect(await readKeepModules(getUserDb('u1'), 'u1')).toBe(true);
  });
});
