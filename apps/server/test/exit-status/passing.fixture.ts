// A test that passes: exit-status.test.ts runs it and expects vitest to exit 0.
import { expect, test } from 'vitest';

test('passes', () => {
  expect(1 + 1).toBe(2);
});
