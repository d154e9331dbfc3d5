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
    // Files share a worker's module cache: each file builds its own app on its own database, and no
    // server test mocks a module. Importing the server anew for every file cost more than the tests
    // (the suite: 432 s isolated, about 200 s shared); a file must restore any process state it changes.
    isolate: false,
  },
});
