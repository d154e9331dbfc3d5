// buildApp(deps): the Fastify instance with every plugin and feature. server.ts runs it; tests inject.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '@zan/core';
import type { AppDeps } from './context.ts';
import { ankiExportRoutes } from './features/anki/export-routes.ts';
import { ankiProgressRoutes } from './features/anki/progress-routes.ts';
import { collegeRoutes } from './features/colleges/routes.ts';
import { contentRoutes } from './features/content/routes.ts';
import { devMailboxRoutes } from './features/dev-mailbox/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { sessionRoutes } from './features/session/routes.ts';
import { eventRoutes } from './features/sync/events-routes.ts';
import { demoImageRoutes } from './features/sync/demo-images.ts';
import { filesRoutes } from './features/files/routes.ts';
import { progressRoutes } from './features/progress/routes.ts';
import { progressService } from './features/progress/progress-service.ts';
import { qbankRoutes } from './features/qbank/routes.ts';
import { optimizerService } from './features/scheduler/optimizer-service.ts';
import { schedulerRoutes } from './features/scheduler/routes.ts';
import { schedulerSettingsService } from './features/scheduler/scheduler-settings-service.ts';
import { syncRoutes } from './features/sync/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { progressNotifier } from './domain/progress-notify.ts';
import { loggerOptions } from './platform/log.ts';
import { ankiImportRoutes } from './features/anki/import-routes.ts';
import { registerAccess } from './plugins/access.ts';
import { registerAuthHandler } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHostCheck, registerSecurity } from './plugins/security.ts';
import { createServices } from './plugins/services.ts';
import { registerWeb } from './plugins/web.ts';

/** Trust the N proxies nearest the server (what Fastify does for a number, which its types lack). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(
  deps: AppDeps,
  opts: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const options: FastifyServerOptions = {
    logger: opts.logger === false ? false : loggerOptions(config, opts.logStream),
    // A hop count or the proxies' addresses (config.ts): never "every hop", which lets a client choose its IP.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  // ctx = deps + live events, mail and auth; features may take it instead of deps.
  const ctx = await createServices(app, deps);
  registerHostCheck(app, config); // first: a request for another host name is not answered at all
  registerAccess(app, ctx.authKit); // before any route: every route is recorded and enforced
  await registerSecurity(app, config);
  await registerCompression(app); // before every route and @fastify/static
  await registerDocs(app);

  await app.register(healthRoutes(deps));
  await app.register(sessionRoutes(ctx));
  await app.register(eventRoutes(ctx));
  await app.register(devMailboxRoutes(ctx));
  await registerAuthHandler(app, ctx.authKit, config);
  await app.register(collegeRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(contentRoutes(ctx));
  await app.register(ankiImportRoutes(ctx));
  await app.register(syncRoutes(ctx));
  // Features meet only here: a progress change tells the user's devices (live event); the scheduler
  // settings ride on the progress clock and give retention its days; an upload that stored reviews tells
  // the optimizer, off the request path (the upload has answered when its check runs).
  const notify = progressNotifier(ctx.events, app.log);
  const settings = schedulerSettingsService({ db: ctx.db, notify });
  const optimizer = optimizerService({ db: ctx.db, settings, log: app.log, jobs: ctx.jobs });
  const afterReviews = (actor: Actor) =>
    void optimizer
      .autoStart(actor)
      .catch((err: unknown) => app.log.warn({ err }, 'could not check for an automatic optimizer run'));
  await app.register(progressRoutes(ctx, { notify, settings, afterReviews }));
  await app.register(schedulerRoutes({ settings, optimizer }));
  await app.register(qbankRoutes(ctx));
  await app.register(demoImageRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(ankiExportRoutes(ctx));
  // A student's Anki progress goes through the ordinary progress upload (features meet only here).
  const progress = progressService({ db: ctx.db, limits: config.progressLimits, notify });
  await app.register(ankiProgressRoutes(ctx, progress.pushBatches));

  await registerWeb(app, config);
  return app;
}
