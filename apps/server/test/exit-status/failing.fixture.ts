// A test that fails on purpose: exit-status.test.ts runs it and expects vitest to exit non-zero.
import { expect, test } from 'vitest';

test('fails on purpose', () => {
  expect(1).toBe(2);
});
