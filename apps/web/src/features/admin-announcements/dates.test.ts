import { describe, expect, it } from 'vitest';
import { defaultDates, endOfDay, startOfDay, toDateInput } from './dates.ts';

describe('announcement form dates', () => {
  it('defaults to today and seven days later (across a month end)', () => {
    expect(defaultDates(new Date(2026, 0, 28, 15, 30).getTime(), 7)).toEqual({
      date: '2026-01-28',
      expiresAt: '2026-02-04',
    });
  });
  it('reads a day as its start (event) or end (expiry), and nothing for a blank field', () => {
    expect(startOfDay('2026-03-05')).toBe(new Date(2026, 2, 5).getTime());
    expect(endOfDay('2026-03-05')).toBe(new Date(2026, 2, 5, 23, 59, 59, 999).getTime());
    expect(startOfDay('')).toBeUndefined();
    expect(toDateInput(new Date(2026, 11, 31, 23, 0).getTime())).toBe('2026-12-31');
  });
});
