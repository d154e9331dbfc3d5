import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Above the 5 s findBy/waitFor limit of test-setup.ts, so a slow step fails with its own message.
    testTimeout: 20_000,
  },
});
