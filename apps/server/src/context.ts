// What every feature receives: config and the database (plus platform services added by plugins).
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { EventBus } from './platform/events.ts';
import type { JobRunner } from './platform/jobs/job-runner.ts';
import type { Mailer } from './platform/mail.ts';
import type { AuthKit } from './plugins/auth.ts';

export type AppDeps = {
  config: Config;
  db: Database;
  pool: pg.Pool;
};

/**
 * AppDeps plus the platform services buildApp() creates: live events (publish 'profile' when a
 * user's role or scope changes), mail, the auth kit, and the job runner (long work, issue 32). Features
 * may take this instead of AppDeps.
 */
export type AppContext = AppDeps & {
  events: EventBus;
  mail: Mailer;
  authKit: AuthKit;
  jobs: JobRunner;
};
