// Starts a TypeScript worker thread or child process (platform/off-thread.ts) under tsx (development and
// tests only: the production build bundles each worker to JavaScript). Node 20 does not pass tsx's loader
// to a worker through execArgv.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2] ?? '');
