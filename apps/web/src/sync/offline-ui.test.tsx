// The offline card's storage estimate (issues 11 and 22): the site's usage and free room, and the
// search index's memory on a line of its own once the index holds something.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchFootprint } from '../lib/search-footprint.ts';
import { StorageEstimate } from './offline-ui.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  searchFootprint.set(null);
});

const stubEstimate = (usage: number, quota: number) =>
  vi.stubGlobal('navigator', { ...navigator, storage: { estimate: async () => ({ usage, quota }) } });

describe('StorageEstimate', () => {
  it('shows the usage, the room left and the search index as its own line', async () => {
    stubEstimate(3 * 1024 * 1024, 103 * 1024 * 1024);
    render(<StorageEstimate refreshKey={0} />);
    await screen.findByText('Zan uses about 3.0 MB on this device; 100 MB free.');
    expect(screen.queryByText(/Search index/)).toBeNull();
    act(() => searchFootprint.set({ bytes: 12.5 * 1024 * 1024, docs: 1234 }));
    screen.getByText(
      'Search index: about 13 MB of memory for 1,234 items (built from what is stored here, not stored itself).',
    );
    act(() => searchFootprint.set(null));
    expect(screen.queryByText(/Search index/)).toBeNull();
  });
});
