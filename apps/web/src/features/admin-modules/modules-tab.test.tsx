// The Modules tab in jsdom with a fake server: Archive only where can() allows (superadmins), the load
// failure's spec message, a search failure under the search box, and Add refused with the spec message.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG, type AdminModule, type UserProfile } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeAuth } from '../../lib/testing/signed-in.tsx';
import { profile } from '../../lib/testing/fakes.ts';
import { AuthContext } from '../../lib/session/index.ts';
import { ToastProvider } from '../../ui/index.ts';
import { ModulesTab } from './modules-tab.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const mod = (id: string, name: string): AdminModule => ({
  id,
  name,
  stage: 1,
  isFree: true,
  isGlobal: false,
  extraInfo: null,
  collegeId: 'c1',
  yearGroup: 'Y1',
  isArchived: false,
  createdAt: 0,
  updatedAt: 0,
  collegeName: 'Cairo',
  archivedAt: null,
  archivedBy: null,
});
const calls: string[] = [];

function serve(handler: (url: string, init: RequestInit) => Response | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return handler(url, init) ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
}

function renderTab(p: UserProfile) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/modules', element: <ModulesTab /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    {
      initialEntries: ['/dashboard/modules'],
    },
  );
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <AuthContext.Provider value={fakeAuth(p)}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

const admin = profile({
  role: 'admin',
  adminCollegeId: 'c1',
  adminYearGroup: 'Y1',
  adminCollegeName: 'Cairo',
});
const superadmin = profile({ role: 'superadmin' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe('ModulesTab', () => {
  it('an admin edits but never archives; Enter on a row opens its subjects', async () => {
    serve((url) =>
      url.startsWith('/api/admin/modules')
        ? json(200, { modules: [mod('m1', 'Anatomy')], nextCursor: null })
        : undefined,
    );
    const router = renderTab(admin);
    const table = await screen.findByRole('table', { name: 'Modules' });
    expect(within(table).getByRole<HTMLButtonElement>('button', { name: 'Edit Anatomy' }).disabled).toBe(
      false,
    );
    expect(within(table).queryByRole('button', { name: 'Archive Anatomy' })).toBeNull();
    fireEvent.keyDown(within(table).getAllByRole('row')[1]!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/module/m1/subjects'));
  });

  it('a superadmin may archive', async () => {
    serve((url) =>
      url.startsWith('/api/admin/modules')
        ? json(200, { modules: [mod('m1', 'Anatomy')], nextCursor: null })
        : undefined,
    );
    renderTab(superadmin);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Archive Anatomy' })).disabled).toBe(
      false,
    );
  });

  it('a failed load shows the spec message; a failed search shows under the search box', async () => {
    serve((url) => {
      if (!url.startsWith('/api/admin/modules')) return undefined;
      return json(500, { error: { code: 'INTERNAL', message: MSG.unexpected } });
    });
    renderTab(admin);
    // after its one retry
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      MSG.loadModuleDataFailed,
    );
    fireEvent.change(screen.getByLabelText('Search modules'), { target: { value: 'ana' } });
    const box = screen.getByLabelText('Search modules');
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      MSG.searchFailed,
    );
  });

  it('Add Module refuses a missing name and stage with the spec message and sends nothing', async () => {
    serve((url) =>
      url.startsWith('/api/admin/modules') ? json(200, { modules: [], nextCursor: null }) : undefined,
    );
    renderTab(admin);
    expect(await screen.findAllByText('No modules yet')).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Module' }));
    const d = await screen.findByRole('dialog', { name: 'Add Module' });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(MSG.moduleRequired);
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });
});
