// One vitest run for every workspace: core and server in Node, web in jsdom (the files that mock a
// module in a project of their own, apps/web/vitest.mocks.config.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.mocks.config.ts',
      'scripts',
    ],
    // Two files at once (vitest's default is cores − 1: one worker on this 2-core machine). A server file
    // waits much of its time on PostgreSQL and child processes, each on its own database, so two overlap
    // well (the server suite: 610 s with one worker, 432 s with two). Set here for every project: a
    // project's own maxWorkers would need a sequence.groupOrder of its own.
    maxWorkers: 2,
  },
});
