// Issue 18 daily limits across devices: the cards the other devices answered today (GET
// /api/sync/day-tally) are kept and counted with this device's answers, each card once; a failed, refused
// or malformed answer keeps the figures from before, and figures of another day do not count.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fakes.ts';
import { getDeviceId } from '../../../sync/device-id.ts';
import { noteAnswer, readDayTally } from './daily-tally.ts';
import { refreshOtherDevicesTally } from './other-devices-tally.ts';

const DAY_START = Date.UTC(2026, 10, 27, 4);
const url = (since: number) => `GET /api/sync/day-tally?since=${since}&deviceId=${getDeviceId()}`;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('other devices in the day tally', () => {
  it("counts the other devices' cards with this device's, each card once", async () => {
    const user = 'tally-' + crypto.randomUUID();
    noteAnswer(user, 'a', true, new Date(DAY_START + 1000));
    noteAnswer(user, 'b', false, new Date(DAY_START + 2000));
    expect(readDayTally(user, DAY_START)).toEqual({ newCards: 1, reviews: 1 });
    mockFetch({
      [url(DAY_START)]: () => ({
        status: 200,
        body: { since: DAY_START, newCardIds: ['c'], reviewedCardIds: ['b', 'd'] },
      }),
    });
    expect(await refreshOtherDevicesTally(user, DAY_START)).toBe(true);
    expect(readDayTally(user, DAY_START)).toEqual({ newCards: 2, reviews: 2 });
    // The next day starts from nothing elsewhere.
    expect(readDayTally(user, DAY_START + 86_400_000)).toEqual({ newCards: 0, reviews: 0 });
  });

  it('keeps the figures it had when the server cannot say', async () => {
    const user = 'tally-' + crypto.randomUUID();
    mockFetch({
      [url(DAY_START)]: () => ({
        status: 200,
        body: { since: DAY_START, newCardIds: ['x'], reviewedCardIds: [] },
      }),
    });
    await refreshOtherDevicesTally(user, DAY_START);
    for (const answer of [
      'network',
      { status: 500, body: {} },
      { status: 200, body: { nope: 1 } },
    ] as const) {
      mockFetch({ [url(DAY_START)]: () => answer });
      expect(await refreshOtherDevicesTally(user, DAY_START)).toBe(false);
      expect(readDayTally(user, DAY_START)).toEqual({ newCards: 1, reviews: 0 });
    }
  });

  it('waits only so long for a slow server', async () => {
    const user = 'tally-' + crypto.randomUUID();
    mockFetch({ [url(DAY_START)]: () => new Promise(() => undefined) });
    expect(await refreshOtherDevicesTally(user, DAY_START, 20)).toBe(false);
  });
});
