// Web unit tests run in jsdom with an in-memory IndexedDB.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Every rendered tree is unmounted after its test (testing-library registers this itself only with
// vitest's globals on): a hook left mounted kept scheduling React work after its file's jsdom was torn
// down ('window is not defined', an unhandled error that failed CI). Files that also clean up in their
// own afterEach (before closing a user's database) do so first.
afterEach(() => cleanup());

// Most files share a worker's modules (vitest.config.ts: isolate off): whatever a file changed in the
// process — fake timers, stubbed globals or environment, spies — is undone before the next file.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

// findBy*/waitFor give up after this long. Rendering a whole route in jsdom costs a few hundred ms
// of CPU; testing-library's 1 s default left no room on a busy 2-core machine (the suite must pass
// while other work keeps both cores busy), and in `npm test`, where the server's files run beside the
// web's, 5 s was passed once (the scheduler section's first render). Races are fixed where they are, not
// by this margin; the test timeout (vitest.shared.ts) stays above it.
configure({ asyncUtilTimeout: 10_000 });
