// Web unit tests run in jsdom with an in-memory IndexedDB.
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';

// The signed-in shell and the auth modal are lazy chunks: their first import transforms many modules,
// which takes more than the default 1 s on a loaded machine.
configure({ asyncUtilTimeout: 5_000 });
