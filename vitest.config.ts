// One vitest run for every workspace: core and server in Node, web in jsdom.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web', 'scripts'],
  },
});
