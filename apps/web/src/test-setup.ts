// Web unit tests run in jsdom with an in-memory IndexedDB.
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after this long. Rendering a whole route in jsdom costs a few hundred ms
// of CPU; testing-library's 1 s default left no room on a busy 2-core machine (the suite must pass
// while other work keeps both cores busy). Races are fixed where they are, not by this margin.
configure({ asyncUtilTimeout: 5_000 });
