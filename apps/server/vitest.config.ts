// Server integration tests: real embedded PostgreSQL, a fresh database per test file from a template.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // Two files at once, each on its own database: a file spends much of its time waiting on PostgreSQL
    // and on child processes, so two overlap well on two cores (the server suite: 610 s with vitest's
    // default of cores − 1 = one worker here, 432 s with two).
    maxWorkers: 2,
  },
});
