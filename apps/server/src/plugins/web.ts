// Serves the built web app with an SPA fallback (GET and HEAD, so a HEAD probe of a page answers like
// its GET); unknown /api paths get the JSON 404. /favicon.ico is a file of the build (public/).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // Cache-Control is set below per file; the plugin's own default would override it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || !page || !hasWeb || path.extname(url) !== '') {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
