// The SYNC button and its messages (SPEC §8 Sync, verbatim, clearing after 5 s / 3 s), the login
// notice without a session, and the sign-out wait registered through lib/session.
import { MSG, SYNC_LOGIN_MESSAGE_CLEAR_MS, SYNC_MESSAGE_CLEAR_MS, type UserProfile } from '@zan/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type Auth } from '../lib/session/auth-context.ts';
import { runBeforeSignOut } from '../lib/session/sign-out-hooks.ts';
import { profile } from '../lib/testing/fakes.ts';
import { SyncButton, SyncStatus } from './sync-button.tsx';
import { useSync } from './use-sync.ts';
import { SyncProvider } from './sync-provider.tsx';
import { stubEngine } from './testing/stub-engine.ts';

function authValue(p: UserProfile | null): Auth {
  return {
    status: p ? 'signedIn' : 'signedOut',
    profile: p,
    sessionId: p ? 's1' : null,
    connection: 'online',
    notice: null,
    justSignedUp: false,
  } as Auth;
}

function renderWith(p: UserProfile | null, children: ReactNode, stub = stubEngine(p?.role ?? 'user')) {
  const createEngine = vi.fn(() => stub.engine);
  render(
    <AuthContext.Provider value={authValue(p)}>
      <SyncProvider createEngine={createEngine as never}>{children}</SyncProvider>
    </AuthContext.Provider>,
  );
  return { ...stub, createEngine };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const status = () => screen.getByRole('status').textContent;

describe('SYNC button', () => {
  it('runs a delta sync, spins and is disabled meanwhile, then reports success and clears after 5 s', async () => {
    const { engine, finish } = renderWith(
      profile({ role: 'admin', adminCollegeId: 'c', adminYearGroup: 'y' }),
      <>
        <SyncButton />
        <SyncStatus />
      </>,
    );
    const button = screen.getByRole('button', { name: 'SYNC' });
    expect(engine.syncNow).not.toHaveBeenCalled(); // admins do not sync by themselves
    fireEvent.click(button);
    expect(engine.syncNow).toHaveBeenCalledTimes(1);
    expect(status()).toBe(MSG.syncDelta);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => finish('success'));
    expect(status()).toBe(MSG.syncSuccess);
    expect(button.hasAttribute('disabled')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(SYNC_MESSAGE_CLEAR_MS - 1));
    expect(status()).toBe(MSG.syncSuccess);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(status()).toBe('');
  });

  it('reports a failure with "Sync failed."', async () => {
    const { finish } = renderWith(
      profile({ role: 'superadmin' }),
      <>
        <SyncButton />
        <SyncStatus />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'SYNC' }));
    await act(async () => finish('offline'));
    expect(status()).toBe(MSG.syncFailed);
  });

  it('a student syncs automatically at start; the button shows it running', async () => {
    const { engine, finish } = renderWith(profile(), <SyncButton />);
    // The start's sync waits for the first screen to be painted (lib/first-screen.ts), at most 400 ms.
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(engine.syncNow).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'SYNC' }).hasAttribute('disabled')).toBe(true);
    await act(async () => finish('success'));
    expect(screen.getByRole('button', { name: 'SYNC' }).hasAttribute('disabled')).toBe(false);
  });
});

function SyncNowProbe() {
  const { syncNow, message } = useSync();
  return (
    <button type="button" onClick={() => void syncNow()}>
      {message ?? 'none'}
    </button>
  );
}

describe('without a session', () => {
  it('"Please log in to sync." clears after 3 s', async () => {
    const { createEngine } = renderWith(null, <SyncNowProbe />);
    expect(createEngine).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button').textContent).toBe(MSG.syncLogin);
    await act(() => vi.advanceTimersByTimeAsync(SYNC_LOGIN_MESSAGE_CLEAR_MS - 1));
    expect(screen.getByRole('button').textContent).toBe(MSG.syncLogin);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button').textContent).toBe('none');
  });
});

describe('sign-out', () => {
  it('waits for the engine through onBeforeSignOut and disposes it on unmount', async () => {
    const { engine } = renderWith(profile(), <SyncButton />);
    let done = false;
    engine.waitUntilIdle.mockImplementation(() => new Promise<boolean>(() => undefined));
    const signOut = runBeforeSignOut().then(() => (done = true));
    expect(engine.waitUntilIdle).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(done).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await signOut;
    expect(done).toBe(true);
    cleanup();
    expect(engine.dispose).toHaveBeenCalled();
  });
});
