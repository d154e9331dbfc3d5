// GET /demo-images/:file — the demo content's SVG diagrams, written to storage by the content seed.
// Only names listed in the demo data are served; SVG gets a CSP that forbids scripts and fetches.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { DEMO_CONTENT } from '../../db/seed/content/index.ts';
import { DEMO_IMAGES_DIR, isDemoImageName } from '../../db/seed/content-seed.ts';
import { notFound } from '../../errors.ts';
import { rawReply, routeTable } from '../../plugins/route-table.ts';

const ALLOWED = new Set(DEMO_CONTENT.images.map((i) => i.fileName).filter(isDemoImageName));

/** The file's bytes from storage, or 404 for names not in the demo data or not (yet) written. */
async function readDemoImage(storageDir: string, file: string): Promise<Buffer> {
  if (!ALLOWED.has(file)) throw notFound();
  try {
    return await fs.readFile(path.join(storageDir, DEMO_IMAGES_DIR, file));
  } catch {
    throw notFound();
  }
}

export const demoImageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    routeTable(app, ['sync'])({
      method: 'GET',
      url: '/demo-images/:file',
      access: 'public',
      params: z.strictObject({ file: z.string().min(1).max(100) }),
      reply: 'raw',
      call: async (_, r) =>
        rawReply(await readDemoImage(ctx.config.storageDir, r.params.file), {
          'content-type': 'image/svg+xml',
          'x-content-type-options': 'nosniff',
          'cache-control': 'public, max-age=31536000',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        }),
    });
  };
