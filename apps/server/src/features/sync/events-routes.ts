// GET /api/events: the signed-in user's live events as Server-Sent Events (ARCHITECTURE §5).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { routeTable } from '../../plugins/route-table.ts';

export const eventRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Never compressed or buffered: each event must reach the client as it is written.
    routeTable(app, ['events'])({
      method: 'GET',
      url: '/api/events',
      access: 'signedIn',
      compress: false,
      reply: 'events',
      call: async (actor) => (out) =>
        ctx.events.stream(out, { userId: actor.id, sessionId: actor.sessionId }),
    });
  };
