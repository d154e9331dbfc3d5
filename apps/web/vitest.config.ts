import { configDefaults, defineConfig } from 'vitest/config';
import { MOCKING_FILES, webTest } from './vitest.shared.ts';

// The web app's tests in jsdom, sharing a worker's module cache (isolate off): a jsdom file costs far
// more to import than to run, and importing the app anew for every one of ~100 files took 142 s of the
// run, shared 26 s (37 s with the four isolated files). test-setup.ts undoes timers, stubs and spies after each file. The files that mock a
// module run isolated in vitest.mocks.config.ts.
export default defineConfig({
  test: {
    ...webTest,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    isolate: false,
  },
});
