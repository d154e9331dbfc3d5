import { USER_SEARCH_DEBOUNCE_MS } from '@zan/core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles only after the value has been still for the delay (500 ms for user search)', () => {
    expect(USER_SEARCH_DEBOUNCE_MS).toBe(500);
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, USER_SEARCH_DEBOUNCE_MS), {
      initialProps: { v: '' },
    });
    rerender({ v: 'a' });
    act(() => void vi.advanceTimersByTime(300));
    rerender({ v: 'ab' });
    act(() => void vi.advanceTimersByTime(499));
    expect(result.current).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
  });
});
