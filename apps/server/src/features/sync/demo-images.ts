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
    app.get(
      '/demo-images/:file',
      {
        schema: { tags: ['sync'], params: z.strictObject({ file: z.string().min(1).max(100) }) },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const body = await readDemoImage(ctx.config.storageDir, request.params.file);
        return reply
          .header('content-type', 'image/svg+xml')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(body);
      },
    );
  };
