// GET /api/events: the signed-in user's live events as Server-Sent Events (ARCHITECTURE §5).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../plugins/access.ts';

export const eventRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/events',
      // Never compressed or buffered: each event must reach the client as it is written.
      { schema: { tags: ['events'] }, config: { access: 'signedIn' }, compress: false },
      async (request, reply) => {
        const actor = requireActor(request);
        reply.hijack();
        // Headers already set by hooks (security headers, a refreshed session cookie) go out too.
        for (const [key, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(key, value);
        }
        ctx.events.stream(reply.raw, { userId: actor.id, sessionId: actor.sessionId });
      },
    );
  };
