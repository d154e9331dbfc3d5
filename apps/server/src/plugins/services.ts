// The platform services every feature may use (live events, mail, auth), created once per app and
// closed with it: open SSE streams end in preClose so a graceful shutdown never waits on them.
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppDeps } from '../context.ts';
import { createEventBus } from '../platform/events.ts';
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
  try {
    const authKit = await createAuthKit({ config, db, mail, events, log: app.log });
    return { ...deps, events, mail, authKit };
  } catch (err) {
    await events.close();
    throw err;
  }
}
