// The colleges tab in jsdom with a fake server: add (empty name refused), year groups, type-to-delete.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG, type College } from '@zan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/index.ts';
import { CollegesTab } from './colleges-tab.tsx';

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let colleges: College[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  colleges = [{ id: 'c1', name: 'Cairo Medicine', years: ['Second Year', 'First Year'] }];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const c = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(c);
      if (c.method === 'GET' && url === '/api/colleges') return json(200, { colleges });
      if (c.method === 'POST' && url === '/api/colleges') {
        const b = c.body as { name: string; years: string[] };
        const college = { id: 'c2', name: b.name, years: b.years };
        colleges = [...colleges, college];
        return json(201, { college });
      }
      if (c.method === 'PATCH' && url === '/api/colleges/c1') {
        const b = c.body as { years: string[] };
        if (!b.years.includes('Second Year')) {
          return json(409, {
            error: { code: 'YEAR_GROUP_IN_USE', message: MSG.yearGroupInUse('Second Year', 3, 0) },
          });
        }
        colleges = [{ ...colleges[0]!, years: b.years }];
        return json(200, { college: colleges[0] });
      }
      if (c.method === 'DELETE' && url === '/api/colleges/c1') {
        colleges = [];
        return json(200, { ok: true });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <CollegesTab />
      </ToastProvider>
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CollegesTab', () => {
  it('lists year groups sorted and refuses an empty college name', async () => {
    const list = await screen.findByRole('list', { name: 'Year groups of Cairo Medicine' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['First Year', 'Second Year']);
    fireEvent.change(screen.getByLabelText('College name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add College' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.collegeNameEmpty);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('College name'), { target: { value: ' Alex ' } });
    fireEvent.change(screen.getByLabelText(/one per line/), { target: { value: 'Y1\n\nY1\nY2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add College' }));
    await waitFor(() => expect(screen.getAllByRole('heading').map((h) => h.textContent)).toContain('Alex'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Alex', years: ['Y1', 'Y2'] });
  });

  it('adds only a non-empty new year group; a refused removal shows the spec message and the reason', async () => {
    const input = await screen.findByLabelText('New year group for Cairo Medicine');
    const add = screen.getAllByRole('button', { name: 'Add' })[0]!;
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'First Year' } });
    expect((add as HTMLButtonElement).disabled).toBe(true); // already there
    fireEvent.change(input, { target: { value: ' Third Year ' } });
    fireEvent.click(add);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Year groups of Cairo Medicine' }).textContent).toContain(
        'Third Year',
      ),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      years: ['Second Year', 'First Year', 'Third Year'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove year group Second Year' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `${MSG.deleteYearFailed} ${MSG.yearGroupInUse('Second Year', 3, 0)}`,
    );
  });

  it('deletes a college only with its exact name typed', async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cairo Medicine' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Type the college name to confirm');
    fireEvent.change(field, { target: { value: 'cairo medicine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete College' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.confirmationMismatch);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.change(field, { target: { value: 'Cairo Medicine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete College' }));
    expect(await screen.findAllByText('No colleges yet')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ confirmName: 'Cairo Medicine' });
  });
});
