// The topic modal in jsdom with a fake server: Parent Subject waits for a module, both lists sorted by
// name with Global marked, the spec message, 'Make this a GLOBAL topic' only for a superadmin under a
// global parent, and the save failure.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG, type Actor } from '@zan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/index.ts';
import { TopicFormModal } from './components/topic-form-modal.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const base = {
  emailVerified: true,
  collegeId: null,
  yearGroup: null,
  adminCollegeId: null,
  adminYearGroup: null,
};
const admin: Actor = { ...base, id: 'a', role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' };
const superadmin: Actor = { ...base, id: 's', role: 'superadmin' };
const options = {
  modules: [
    { id: 'm2', name: 'Renal', isGlobal: false, collegeId: 'c1', yearGroup: 'Y1' },
    { id: 'm1', name: 'Anatomy', isGlobal: false, collegeId: 'c1', yearGroup: 'Y1' },
    { id: 'g1', name: 'Clinical Skills', isGlobal: true, collegeId: 'c1', yearGroup: 'global' },
  ],
  subjects: [
    { id: 's2', name: 'Upper Limb', moduleId: 'm1', isGlobal: false },
    { id: 's1', name: 'Head & Neck', moduleId: 'm1', isGlobal: false },
    { id: 'gs', name: 'Bedside', moduleId: 'g1', isGlobal: true },
  ],
};
let posts: unknown[] = [];

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/admin/options') return json(200, options);
      if (url === '/api/admin/topics' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(500, { error: { code: 'INTERNAL', message: MSG.unexpected } });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(actor: Actor) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <TopicFormModal actor={actor} topic={null} onClose={() => undefined} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Add Topic' });
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('TopicFormModal', () => {
  it('an admin: subjects wait for a module, both sorted, global parents left out; every field required; failure shown', async () => {
    const d = open(admin);
    const modules = within(d).getByLabelText('Parent Module');
    const subjects = within(d).getByLabelText('Parent Subject');
    await waitFor(() => expect(optionTexts(modules)).toEqual(['Select module', 'Anatomy']));
    expect((subjects as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(within(d).getByLabelText('Topic Name'), { target: { value: 'Brachial plexus' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(MSG.topicRequired);
    expect(posts).toEqual([]);

    fireEvent.change(modules, { target: { value: 'm1' } });
    expect((subjects as HTMLSelectElement).disabled).toBe(false);
    expect(optionTexts(subjects)).toEqual(['Select subject', 'Head & Neck', 'Upper Limb']);
    fireEvent.change(subjects, { target: { value: 's2' } });
    expect(within(d).queryByLabelText('Make this a GLOBAL topic')).toBeNull();
    fireEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect((await within(d).findByRole('alert')).textContent).toBe(MSG.saveTopicFailed);
    expect(posts).toEqual([{ name: 'Brachial plexus', subjectId: 's2', moduleId: 'm1', isGlobal: false }]);
  });

  it('a superadmin: Global marked; under a global parent they may make the topic global', async () => {
    const d = open(superadmin);
    const modules = within(d).getByLabelText('Parent Module');
    // Renal has no subject to hold a topic: not offered.
    await waitFor(() =>
      expect(optionTexts(modules)).toEqual(['Select module', 'Anatomy', 'Clinical Skills (Global)']),
    );
    fireEvent.change(modules, { target: { value: 'm1' } });
    fireEvent.change(within(d).getByLabelText('Parent Subject'), { target: { value: 's1' } });
    expect(within(d).queryByLabelText('Make this a GLOBAL topic')).toBeNull();
    fireEvent.change(modules, { target: { value: 'g1' } });
    expect(optionTexts(within(d).getByLabelText('Parent Subject'))).toEqual([
      'Select subject',
      'Bedside (Global)',
    ]);
    fireEvent.change(within(d).getByLabelText('Parent Subject'), { target: { value: 'gs' } });
    expect(within(d).getByLabelText<HTMLInputElement>('Make this a GLOBAL topic').checked).toBe(false);
  });
});
