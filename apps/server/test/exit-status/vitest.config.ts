// Runs one of the fixtures here with the server's real global setup (the embedded PostgreSQL, whose
// exit hooks once turned every failing run into exit status 0). Used only by exit-status.test.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.fixture.ts'],
    globalSetup: ['../global-setup.ts'],
  },
});
