import { defineConfig } from 'vitest/config';
import { MOCKING_FILES, webTest } from './vitest.shared.ts';

// The web files that mock a module (vitest.shared.ts), each isolated: a mock needs a module graph of
// its own.
export default defineConfig({
  test: { ...webTest, name: 'web-mocks', include: MOCKING_FILES },
});
