import { MSG } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { collegeFailureText, parseYearLines } from './failure.ts';

describe('colleges tab helpers', () => {
  it('keeps the spec message and adds a server rule reason', () => {
    const inUse = MSG.yearGroupInUse('Y1', 2, 0);
    expect(collegeFailureText(MSG.deleteYearFailed, new ApiError(409, 'YEAR_GROUP_IN_USE', inUse))).toBe(
      `${MSG.deleteYearFailed} ${inUse}`,
    );
    expect(collegeFailureText(MSG.addCollegeFailed, new ApiError(403, 'FORBIDDEN', 'nope'))).toBe(
      MSG.addCollegeFailed,
    );
    expect(collegeFailureText(MSG.updateCollegeFailed, new ApiError(500, 'INTERNAL', MSG.unexpected))).toBe(
      MSG.updateCollegeFailed,
    );
    expect(collegeFailureText(MSG.deleteCollegeFailed, new Error('x'))).toBe(MSG.deleteCollegeFailed);
  });
  it('reads year groups one per line, trimmed, without blanks or repeats', () => {
    expect(parseYearLines(' First Year, 2024-2025 \n\n  \nSecond Year\r\nFirst Year, 2024-2025')).toEqual([
      'First Year, 2024-2025',
      'Second Year',
    ]);
  });
});
