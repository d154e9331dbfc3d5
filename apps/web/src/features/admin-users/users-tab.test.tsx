// The users tab in jsdom with a fake server: debounced search, grouped paging, and the delete dialog.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG, NOTICE, type UserListItem, type UserProfile } from '@zan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/index.ts';
import { UsersTab } from './users-tab.tsx';

const profile = (over: Partial<UserProfile>): UserProfile => ({
  uid: 'me',
  email: 'me@x.dev',
  emailVerified: true,
  firstName: 'Me',
  lastName: '',
  displayName: 'Me',
  collegeId: null,
  collegeName: null,
  yearGroup: null,
  role: 'superadmin',
  adminCollegeId: null,
  adminCollegeName: null,
  adminYearGroup: null,
  activeSessionId: null,
  ...over,
});
const student = (i: number): UserListItem => ({
  uid: `s${i}`,
  email: `s${String(i).padStart(2, '0')}@x.dev`,
  displayName: `Student ${i}`,
  role: 'user',
  emailVerified: true,
  collegeId: 'c1',
  collegeName: 'Cairo',
  yearGroup: 'Y1',
  adminCollegeId: null,
  adminCollegeName: null,
  adminYearGroup: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeServer(handler: (c: Call) => Response | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const c = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(c);
      return handler(c) ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
}

function renderTab(actor: UserProfile) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <UsersTab actor={actor} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const userCalls = () =>
  calls.filter((c) => c.url.startsWith('/api/users?')).map((c) => new URL(c.url, 'http://x').searchParams);

describe('UsersTab', () => {
  it('an admin sees only the Users group; search waits 500 ms; Load More pages', async () => {
    const all = Array.from({ length: 20 }, (_, i) => student(i));
    fakeServer((c) => {
      if (!c.url.startsWith('/api/users?')) return undefined;
      const q = new URL(c.url, 'http://x').searchParams;
      const search = q.get('search') ?? '';
      const list = all.filter((u) => u.email.includes(search));
      const start = q.get('cursor') ? 15 : 0;
      return json(200, {
        users: list.slice(start, start + 15),
        nextCursor: start === 0 && list.length > 15 ? 'next' : null,
      });
    });
    renderTab(
      profile({ role: 'admin', adminCollegeId: 'c1', adminCollegeName: 'Cairo', adminYearGroup: 'Y1' }),
    );
    expect((await screen.findByText('Student 0')).closest('tr')?.getAttribute('role')).toBe('row');
    expect(screen.queryByRole('heading', { name: 'Superadmins' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Admins' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make Superadmin' })).toBeNull();
    expect(userCalls().map((q) => q.get('role'))).toEqual(['user']);
    expect(screen.getAllByRole('row')).toHaveLength(16); // header + 15

    fireEvent.click(screen.getByRole('button', { name: 'Load More Users' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(21)); // header + 20
    expect(screen.queryByRole('button', { name: 'Load More Users' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 's1' } });
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 's19' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(userCalls().some((q) => q.has('search'))).toBe(false);
    await waitFor(
      () =>
        expect(
          userCalls()
            .filter((q) => q.has('search'))
            .map((q) => q.get('search')),
        ).toEqual(['s19']),
      { timeout: 1500 },
    );
    await waitFor(() => expect(screen.queryByText('Student 0')).toBeNull());
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('Student 19');
  }, 15_000); // debounce waits on a shared, loaded machine

  it('shows the spec message when the first load fails', async () => {
    fakeServer((c) =>
      c.url.startsWith('/api/users?')
        ? json(500, { error: { code: 'INTERNAL', message: MSG.unexpected } })
        : json(200, { colleges: [] }),
    );
    renderTab(profile({ role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' }));
    // after its one retry
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      MSG.loadUsersFailedIndexes,
    );
  });

  it('a superadmin deletes a user only with the exact email typed', async () => {
    let deleted = false;
    fakeServer((c) => {
      if (c.url === '/api/colleges')
        return json(200, { colleges: [{ id: 'c1', name: 'Cairo', years: ['Y2', 'Y1'] }] });
      if (c.url.startsWith('/api/users?')) {
        const role = new URL(c.url, 'http://x').searchParams.get('role');
        return json(200, { users: role === 'user' && !deleted ? [student(1)] : [], nextCursor: null });
      }
      if (c.method === 'DELETE' && c.url === '/api/users/s1') {
        deleted = true;
        return json(200, { ok: true });
      }
      return undefined;
    });
    renderTab(profile({}));
    await waitFor(() =>
      expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(
        expect.arrayContaining(['Superadmins', 'Admins']),
      ),
    );
    const row = (await screen.findByText('Student 1')).closest('tr');
    if (!row) throw new Error('no row');
    // Years of the chosen college, sorted.
    const years = within(row).getByLabelText('Year group for Student 1');
    expect(
      within(years)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select year group', 'Y1', 'Y2']);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Type "s01@x.dev" to confirm'), {
      target: { value: 'S01@x.dev' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.confirmationMismatch);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Type "s01@x.dev" to confirm'), {
      target: { value: 's01@x.dev' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect((await screen.findByRole('status')).textContent).toContain(NOTICE.userDeleted);
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ confirmEmail: 's01@x.dev' });
    await waitFor(() => expect(screen.queryByText('Student 1')).toBeNull());
  });

  it('promote without a year group shows the spec message; with one it asks first, and a refusal shows in the dialog', async () => {
    fakeServer((c) => {
      if (c.url === '/api/colleges')
        return json(200, {
          colleges: [
            { id: 'c1', name: 'Cairo', years: ['Y1'] },
            { id: 'c2', name: 'Alex', years: [] },
          ],
        });
      if (c.url.startsWith('/api/users?')) {
        const role = new URL(c.url, 'http://x').searchParams.get('role');
        return json(200, { users: role === 'user' ? [student(1)] : [], nextCursor: null });
      }
      if (c.method === 'POST') return json(409, { error: { code: 'X', message: 'Nope.' } });
      return undefined;
    });
    renderTab(profile({}));
    const row = (await screen.findByText('Student 1')).closest('tr');
    if (!row) throw new Error('no row');
    await waitFor(() => expect(within(row).getAllByRole('option', { name: 'Alex' })).toHaveLength(1));
    fireEvent.change(within(row).getByLabelText('College for Student 1'), { target: { value: 'c2' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Promote' }));
    expect(within(row).getByRole('alert').textContent).toBe(MSG.promoteNeedsScope);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(row).getByLabelText('College for Student 1'), { target: { value: 'c1' } });
    fireEvent.change(within(row).getByLabelText('Year group for Student 1'), { target: { value: 'Y1' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Promote' }));
    // Issue 7: Promote changed a role with one click; it now asks like every other role change.
    const dialog = await screen.findByRole('dialog', { name: 'Promote to admin?' });
    expect(dialog.textContent).toContain('Cairo · Y1');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.updateRoleFailed('Nope.'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      newRole: 'admin',
      collegeId: 'c1',
      yearGroup: 'Y1',
    });
  });
});
