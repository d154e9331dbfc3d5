// The platform services every feature may use (live events, mail, auth, the job runner), created once per
// app and closed with it: open SSE streams end in preClose so a graceful shutdown never waits on them, and
// the job runner stops taking jobs there and hands back the ones it runs. Features define their kinds of
// job while they register; the runner starts once the app is ready.
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppDeps } from '../context.ts';
import { createEventBus } from '../platform/events.ts';
import { jobRunner } from '../platform/jobs/job-runner.ts';
import { createMailer } from '../platform/mail.ts';
import { createAuthKit } from './auth.ts';

export async function createServices(app: FastifyInstance, deps: AppDeps): Promise<AppContext> {
  const { config, db, pool } = deps;
  const events = createEventBus({ pool, log: app.log });
  await events.start();
  app.addHook('preClose', async () => events.close());
  const mail = createMailer({
    config,
    db,
    log: config.env === 'test' ? () => {} : (line) => console.log(line),
  });
  app.addHook('onClose', async () => mail.close());
  const jobs = jobRunner({
    db,
    pool,
    log: app.log,
    concurrency: config.jobConcurrency,
    publish: (userId, event) => events.publish(userId, 'job', event),
    timing: {
      deadMs: config.jobDeadMs,
      heartbeatMs: config.jobDeadMs / 4,
      sweepMs: (config.jobDeadMs * 3) / 8,
    },
  });
  // JOB_CONCURRENCY=0: this instance queues jobs; others run them.
  if (config.jobConcurrency > 0) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('preClose', async () => jobs.stop());
  }
  try {
    const authKit = await createAuthKit({ config, db, mail, events, log: app.log });
    return { ...deps, events, mail, authKit, jobs };
  } catch (err) {
    await events.close();
    throw err;
  }
}
