// The first screen before the network (issue 18): requests that can wait start once the signed-in shell's
// first screen is painted, or after a bound when no screen says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh gate for each test: the module (its open / closed state) is imported anew — also when another
// file of this worker opened it before (the web tests share a worker's modules).
beforeEach(() => vi.resetModules());
afterEach(() => vi.useRealTimers());

const load = () => import('./first-screen.ts');

describe('first screen gate', () => {
  it('opens one frame after the first screen is committed, for every waiter', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, firstScreenCommitted } = await load();
    const order: string[] = [];
    void afterFirstScreen().then(() => order.push('a'));
    void afterFirstScreen().then(() => order.push('b'));
    await vi.advanceTimersByTimeAsync(5);
    expect(order).toEqual([]);
    firstScreenCommitted();
    await vi.advanceTimersByTimeAsync(40);
    expect(order).toEqual(['a', 'b']);
    // Open for good: a later caller goes at once.
    let late = false;
    void afterFirstScreen().then(() => (late = true));
    await Promise.resolve();
    expect(late).toBe(true);
  });

  it('opens after 400 ms when no screen is committed', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen } = await load();
    let open = false;
    void afterFirstScreen().then(() => (open = true));
    await vi.advanceTimersByTimeAsync(399);
    expect(open).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toBe(true);
  });
});
