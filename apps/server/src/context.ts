// What every feature receives: config and the database (plus platform services added by plugins).
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

export type AppDeps = {
  config: Config;
  db: Database;
  pool: pg.Pool;
};
