// Web unit tests run in jsdom with an in-memory IndexedDB.
import 'fake-indexeddb/auto';
