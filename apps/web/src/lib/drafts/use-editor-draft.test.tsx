// useEditorDraft: written while the values differ from what is saved (after a short pause, or at once
// when the editor closes), removed when they match again or on clear(); a stored draft is offered on
// opening instead of overwritten, and one holding nothing new is dropped.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../session/index.ts';
import { fakeAuth } from '../testing/signed-in.tsx';
import { profile } from '../testing/fakes.ts';
import { draftKey, stringRecord, writeDraft } from './draft-store.ts';
import { DRAFT_WRITE_MS, useEditorDraft } from './use-editor-draft.ts';

type V = { title: string };
const parse = stringRecord(['title'] as const);
const key = draftKey('u1', 'page:p1');
const wrapper = ({ children }: { children: ReactNode }) => (
  <AuthContext.Provider value={fakeAuth(profile({ uid: 'u1' }))}>{children}</AuthContext.Provider>
);
const mount = (saved: V) =>
  renderHook(
    ({ values }: { values: V }) =>
      useEditorDraft({
        item: 'page:p1',
        values,
        dirty: values.title !== saved.title,
        parse,
        same: (d) => d.title === saved.title,
      }),
    { wrapper, initialProps: { values: saved } },
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('useEditorDraft', () => {
  it('writes unsaved values after a pause and removes them once they match what is saved', () => {
    const h = mount({ title: 'Saved' });
    h.rerender({ values: { title: 'Typing' } });
    expect(localStorage.getItem(key)).toBeNull();
    act(() => vi.advanceTimersByTime(DRAFT_WRITE_MS));
    expect(JSON.parse(localStorage.getItem(key)!).data).toEqual({ title: 'Typing' });
    h.rerender({ values: { title: 'Saved' } });
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('writes at once when the editor closes before the pause ends', () => {
    const h = mount({ title: 'Saved' });
    h.rerender({ values: { title: 'Quick' } });
    h.unmount();
    expect(JSON.parse(localStorage.getItem(key)!).data).toEqual({ title: 'Quick' });
  });

  it('offers a stored draft without overwriting it, restores or discards it', () => {
    writeDraft(key, { title: 'From yesterday' }, 5);
    const h = mount({ title: 'Saved' });
    expect(h.result.current.offer).toEqual({ savedAt: 5, data: { title: 'From yesterday' } });
    h.rerender({ values: { title: 'Saved' } });
    act(() => vi.advanceTimersByTime(DRAFT_WRITE_MS));
    expect(localStorage.getItem(key)).not.toBeNull();
    let restored: V | null = null;
    act(() => void (restored = h.result.current.restore()));
    expect(restored).toEqual({ title: 'From yesterday' });
    expect(h.result.current.offer).toBeNull();

    writeDraft(key, { title: 'Another' }, 6);
    const again = mount({ title: 'Saved' });
    act(() => again.result.current.discard());
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('drops a stored draft that holds nothing new, and clear() removes it at once', () => {
    writeDraft(key, { title: 'Saved' }, 5);
    const h = mount({ title: 'Saved' });
    expect(h.result.current.offer).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    h.rerender({ values: { title: 'Edited' } });
    act(() => h.result.current.clear());
    h.unmount();
    expect(localStorage.getItem(key)).toBeNull();
  });
});
