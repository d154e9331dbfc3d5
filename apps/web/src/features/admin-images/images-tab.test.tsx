// The Images tab in jsdom with a fake server: an admin's own college and year group (no selector), the
// used-in names and filters, the load failure's spec message, a text file refused before any upload,
// and a delete asked first, its refusal shown as 'Failed to delete image: {reason}'.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG, type ImageDto, type UserProfile } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeAuth } from '../../lib/testing/signed-in.tsx';
import { profile } from '../../lib/testing/fakes.ts';
import { AuthContext } from '../../lib/session/index.ts';
import { ToastProvider } from '../../ui/index.ts';
import { ImagesTab } from './images-tab.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const img = (id: string, fileName: string, uses: ImageDto['uses'] = []): ImageDto => ({
  id,
  fileName,
  usedIn: uses!.map((u) => u.id),
  uses,
  collegeId: 'c1',
  yearGroup: 'Y1',
  isOptimized: true,
  storageUrl: `/files/html_content_images/${id}.png`,
  webpUrl: `/files/html_content_images/${id}.webp`,
  createdAt: Date.UTC(2026, 0, 5),
});
const COLLEGES = { colleges: [{ id: 'c1', name: 'Cairo', years: ['Y1', 'Y2'] }] };
const calls: string[] = [];

function serve(handler: (url: string, init: RequestInit) => Response | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/colleges') return json(200, COLLEGES);
      return handler(url, init) ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
}

function renderTab(p: UserProfile) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <ImagesTab /> }], {
    initialEntries: ['/dashboard/images'],
  });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <AuthContext.Provider value={fakeAuth(p)}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const admin = profile({
  role: 'admin',
  adminCollegeId: 'c1',
  adminYearGroup: 'Y1',
  adminCollegeName: 'Cairo',
});
const page = { id: 'p1', kind: 'page' as const, label: 'Valves', topicId: 't1' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe('ImagesTab', () => {
  it("lists the admin's own scope with what each image is used in, and filters", async () => {
    serve((url) =>
      url.startsWith('/api/admin/images?')
        ? json(200, {
            images: url.includes('usedIn=p1')
              ? [img('i1', 'valve.png', [page])]
              : [img('i2', 'spare.png'), img('i1', 'valve.png', [page])],
          })
        : undefined,
    );
    renderTab(admin);
    const table = await screen.findByRole('table', { name: 'Images' });
    expect(calls).toContain('GET /api/admin/images?collegeId=c1&yearGroup=Y1');
    expect(screen.queryByLabelText('College and year')).toBeNull();
    expect(within(table).getByRole('link', { name: 'Valves' }).getAttribute('href')).toBe(
      '/admin/html/p1/edit',
    );
    expect(within(table).getByText('spare.png').closest('tr')?.textContent).toContain('Not used');

    fireEvent.change(screen.getByLabelText('Used in'), { target: { value: 'p1' } });
    await waitFor(() => expect(screen.queryByText('spare.png')).toBeNull());
    expect((await screen.findByText('valve.png')).closest('tr')?.textContent).toContain('Valves');
    expect(calls).toContain('GET /api/admin/images?collegeId=c1&yearGroup=Y1&usedIn=p1');
    fireEvent.change(screen.getByLabelText('Used in'), { target: { value: '__unused' } });
    expect((await screen.findByText('spare.png')).closest('tr')?.textContent).toContain('Not used');
    expect(screen.queryByText('valve.png')).toBeNull();
  });

  it('a failed load shows the spec message with a retry', async () => {
    serve((url) =>
      url.startsWith('/api/admin/images')
        ? json(500, { error: { code: 'X', message: MSG.unexpected } })
        : undefined,
    );
    renderTab(admin);
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.imagesLoadFailed);
    expect(screen.getByRole('button', { name: 'Try Again' }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses a text file before uploading anything', async () => {
    serve((url) => (url.startsWith('/api/admin/images') ? json(200, { images: [] }) : undefined));
    renderTab(admin);
    expect(await screen.findAllByText('No images yet')).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    const file = new File(['plain text'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Upload Image'), { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      MSG.imageUploadFailedReason(MSG.imageWrongType),
    );
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('asks before deleting and says why a delete failed', async () => {
    serve((url, init) => {
      if (init.method === 'DELETE')
        return json(404, { error: { code: 'IMAGE_NOT_FOUND', message: MSG.imageNotFound } });
      return url.startsWith('/api/admin/images')
        ? json(200, { images: [img('i2', 'spare.png')] })
        : undefined;
    });
    renderTab(admin);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete spare.png' }));
    const d = await screen.findByRole('dialog', { name: 'Delete image?' });
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(d).getByRole('button', { name: 'Delete' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(
      'Failed to delete image: Image not found.',
    );
    expect(calls).toContain('DELETE /api/admin/images/i2');
  });
});
