import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { capitalizeName, classOfYear, isValidEmail, sortedYears } from './names.ts';
import { emailSchema } from './users.ts';

describe('names', () => {
  it('capitalises first letter, lowers the rest', () => {
    expect(capitalizeName('maria')).toBe('Maria');
    expect(capitalizeName('GARCIA')).toBe('Garcia');
    expect(capitalizeName('')).toBe('');
  });

  it('sorts years and reads CLASS OF from the second part', () => {
    expect(sortedYears(['Second Year, 2025-2026', 'First Year, 2025-2026'])).toEqual([
      'First Year, 2025-2026',
      'Second Year, 2025-2026',
    ]);
    expect(classOfYear('First Year, 2025-2026')).toBe('2026');
  });

  it("checks emails exactly as zod's z.email() does, and the server schema agrees", () => {
    const samples = [
      'ana@x.com',
      'a.b+c@uni.edu.eg',
      'bad',
      'a@b',
      'a..b@x.com',
      '.a@x.com',
      'a@-x.com',
      "o'neil@x.org",
    ];
    for (const s of samples) {
      expect(isValidEmail(s), s).toBe(z.email().safeParse(s).success);
      expect(emailSchema.safeParse(s).success, s).toBe(isValidEmail(s));
    }
  });
});
