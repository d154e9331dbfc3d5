// A file that fails to load on purpose: exit-status.test.ts runs it and expects a non-zero exit.
import { test } from 'vitest';

throw new Error('this file fails to load on purpose');

test('never collected', () => {});
