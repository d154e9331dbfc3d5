// The app end to end in jsdom: guards with a real session provider, offline start from the cached
// profile, and the session-replaced flows (on validation and live).
import { LOCAL_KEYS, MSG, type UserProfile } from '@zan/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../local/db.ts';
import { FakeEventSource, mockFetch, profile as makeProfile, type Route } from '../lib/testing/fakes.ts';
import { preloadRoutes } from '../lib/testing/preload-routes.ts';
import { setBootProfile } from '../lib/session/boot-profile.ts';
import { useAuth } from '../lib/session/index.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

// The shell and the auth modal are lazy chunks, transformed on first import: slow on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function cacheSession(p: UserProfile, sessionId = 'sess-1') {
  await getUserDb(p.uid).users.put({ ...p, savedAt: Date.now() });
  closeUserDb();
  localStorage.setItem(LOCAL_KEYS.activeSessionId, sessionId);
  localStorage.setItem(LOCAL_KEYS.lastUserId, p.uid);
}

const me =
  (p: UserProfile, sessionId = 'sess-1'): Route =>
  () => ({ status: 200, body: { profile: p, sessionId } });
const unauthorized =
  (code = 'UNAUTHORIZED'): Route =>
  () => ({ status: 401, body: { error: { code, message: 'Signed out' } } });

// Route modules are transformed once here, not inside the first test's 1 s waitFor.
beforeAll(() => preloadRoutes(routes), 60_000);
beforeEach(() => {
  localStorage.clear();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  window.scrollTo = vi.fn();
});
afterEach(() => {
  cleanup();
  closeUserDb();
  vi.unstubAllGlobals();
});

describe('access by sign-in state', () => {
  it('sends a signed-out visitor from a private path to the landing page', async () => {
    mockFetch({});
    const router = renderAt('/dashboard/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Study medicine anywhere.Even offline.',
    );
  });

  it('locks an unverified user to /verify-email and shows their email', async () => {
    const p = makeProfile({ emailVerified: false, email: 'new@student.test' });
    await cacheSession(p);
    mockFetch({ 'GET /api/session/me': me(p) });
    const router = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Verify your email');
    expect(screen.getByText('We sent a verification link to').nextElementSibling?.textContent).toBe(
      'new@student.test',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Resend Email' }).disabled).toBe(false);
  });

  it('moves a verified user from / to /dashboard and shows 404 for unknown paths', async () => {
    const p = makeProfile();
    await cacheSession(p);
    mockFetch({ 'GET /api/session/me': me(p) });
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await act(() => router.navigate('/no/such/page'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(MSG.notFound);
  });

  it('shows Access Denied to a student on an admin tab', async () => {
    const p = makeProfile();
    await cacheSession(p);
    mockFetch({ 'GET /api/session/me': me(p) });
    renderAt('/dashboard/users');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(MSG.accessDeniedTitle);
  });
});

describe('first render (issue 11: render once)', () => {
  it('a signed-out visitor gets the landing page at once, never "Loading user profile"', () => {
    mockFetch({});
    // Every node ever added to the page, even if replaced within the same act().
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.body, { childList: true, subtree: true });
    renderAt('/');
    const added = observer
      .takeRecords()
      .flatMap((r) => [...r.addedNodes])
      .map((n) => n.textContent ?? '')
      .join(' ');
    observer.disconnect();
    expect(added).not.toContain(MSG.loadingProfile);
    // Synchronously after the first render: no waiting for the session or a lazy route.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Study medicine anywhere.Even offline.',
    );
  });

  it('a returning user whose profile was read before the render starts signed in', async () => {
    const p = makeProfile({ firstName: 'Ada', lastName: 'Lovelace' });
    await cacheSession(p);
    setBootProfile(p);
    mockFetch({ 'GET /api/session/me': me(p) });
    render(
      <AppProviders>
        <AuthProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId('auth').textContent).toBe('signedIn Ada checking');
    // Then validated with the server as usual (and its local copy saved).
    await waitFor(() => expect(screen.getByTestId('auth').textContent).toBe('signedIn Ada online'));
  });
});

function AuthProbe() {
  const { status, profile, connection } = useAuth();
  return <p data-testid="auth">{`${status} ${profile?.firstName ?? ''} ${connection}`}</p>;
}

describe('offline start', () => {
  it('asks the server nothing and opens no event stream while the browser is offline', async () => {
    const p = makeProfile({ firstName: 'Grace' });
    await cacheSession(p);
    const fetch = mockFetch({ 'GET /api/session/me': () => 'network' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt('/dashboard');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome, Grace');
    expect((await screen.findByText('Offline')).closest('[role="status"]')?.textContent).toContain('Offline');
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/session/me'))).toHaveLength(0);
    expect(FakeEventSource.instances).toHaveLength(0);
    vi.restoreAllMocks();
  });

  it('renders the signed-in shell from the cached profile when the network is down', async () => {
    const p = makeProfile({ firstName: 'Grace', lastName: 'Hopper' });
    await cacheSession(p);
    const fetch = mockFetch({ 'GET /api/session/me': () => 'network' });
    renderAt('/dashboard');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome, Grace');
    // The module list is read from the local store (live query), so it settles a moment later.
    const empty = await screen.findByText('Your modules appear here once you are online and synced.');
    expect(empty.closest('div')?.textContent).toContain('No modules yet');
    expect(screen.getAllByText('Grace Hopper').length).toBeGreaterThan(0);
    expect((await screen.findByText('Offline')).closest('[role="status"]')?.textContent).toContain('Offline');
    expect(fetch).toHaveBeenCalled();
    // The session is kept for the next start.
    expect(localStorage.getItem(LOCAL_KEYS.activeSessionId)).toBe('sess-1');
  });

  it('refuses a first sign-in while offline with the Signed Out notice', async () => {
    mockFetch({ 'POST /api/session/sign-in': () => 'network' });
    renderAt('/');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Sign In' }))[0]!);
    // The auth modal is its own chunk (loaded on the first click).
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'a@b.test' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signed Out' });
    expect(dialog.textContent).toContain(MSG.mustBeOnlineFirstLogin);
    // One modal at a time: the sign-in modal gave way to the notice (issue 11).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull());
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

describe('session replaced on another device', () => {
  it('signs out with the notice when validation finds the session replaced', async () => {
    const p = makeProfile();
    await cacheSession(p);
    mockFetch({
      'GET /api/session/me': unauthorized(),
      'GET /api/session/status/sess-1': () => ({ status: 200, body: { state: 'replaced' } }),
    });
    const router = renderAt('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Signed Out' });
    expect(dialog.textContent).toContain(MSG.signedInElsewhere);
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(LOCAL_KEYS.activeSessionId)).toBeNull();
    // The user's local database is kept (offline work is not lost).
    expect((await getUserDb(p.uid).users.get(p.uid))?.uid).toBe(p.uid);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Signed Out' })).toBeNull());
  });

  it('signs out quietly when the session simply ended', async () => {
    const p = makeProfile();
    await cacheSession(p);
    mockFetch({
      'GET /api/session/me': unauthorized(),
      'GET /api/session/status/sess-1': () => ({ status: 200, body: { state: 'ended' } }),
    });
    const router = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Signed Out' })).toBeNull();
  });

  it('signs out live on a session-replaced event', async () => {
    const p = makeProfile();
    await cacheSession(p);
    mockFetch({ 'GET /api/session/me': me(p) });
    const router = renderAt('/dashboard');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome, Ada');
    await waitFor(() => expect(FakeEventSource.latest()).toBeInstanceOf(FakeEventSource));
    act(() => FakeEventSource.latest()!.emit('session-replaced', 'sess-2'));
    const dialog = await screen.findByRole('dialog', { name: 'Signed Out' });
    expect(dialog.textContent).toContain(MSG.signedInElsewhere);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('follows a live profile change (role promoted → admin shell), also one that arrives while a check is out', async () => {
    const p = makeProfile();
    await cacheSession(p);
    let current = p;
    let hold = false;
    let release: (() => void) | undefined;
    mockFetch({
      'GET /api/session/me': async () => {
        // The answer is read when the request reaches the server; a held one is sent later, stale.
        const answer = { status: 200, body: { profile: current, sessionId: 'sess-1' } };
        if (hold) {
          hold = false;
          await new Promise<void>((resolve) => (release = resolve));
        }
        return answer;
      },
    });
    renderAt('/dashboard/account');
    expect(await screen.findAllByText('STUDENT')).toHaveLength(3);
    expect(screen.queryAllByText('ADMIN')).toHaveLength(0);
    await waitFor(() => expect(FakeEventSource.latest()).toBeInstanceOf(FakeEventSource));
    // A check starts (the network came back) and the server answers it with the student profile…
    hold = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(release).toBeDefined());
    // …then the promotion happens and its live event arrives while that answer is still on its way.
    current = {
      ...p,
      role: 'admin',
      adminCollegeId: 'c1',
      adminCollegeName: 'Kasr Al Ainy',
      adminYearGroup: 'Third Year, 2025-2026',
    };
    act(() => FakeEventSource.latest()!.emit('profile', ''));
    act(() => release!());
    expect((await screen.findByRole('link', { name: 'Admin Dashboard' })).getAttribute('href')).toBe(
      '/dashboard/modules',
    );
    expect(screen.getAllByText('ADMIN').length).toBeGreaterThan(0);
  }, 15_000);
});
