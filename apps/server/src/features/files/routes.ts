// GET /files/* — uploaded files from the storage driver (local directory or S3 bucket) with the
// serving headers of platform/storage.ts: type, nosniff, long immutable caching, sandbox CSP. Public:
// keys are unguessable and never reused, and students' devices fetch them for offline use. Keys under
// `private/` (a job's uploaded package) are never served here.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { rawReply, routeTable, type ReplyHeaders } from '../../plugins/route-table.ts';
import {
  assertValidKey,
  createStorage,
  FILES_PATH,
  isPrivateKey,
  setFileHeaders,
  type StorageDriver,
} from '../../platform/storage.ts';

export const filesRoutes =
  (ctx: AppContext, storage: StorageDriver = createStorage(ctx.config.storage)): FastifyPluginAsync =>
  async (app) => {
    // No tags and no params schema: the key is the wildcard, checked here.
    routeTable(app)({
      method: 'GET',
      url: `${FILES_PATH}/*`,
      access: 'public',
      reply: 'raw',
      call: async (_, r) => {
        const key = (r.http.params as { '*': string })['*'];
        try {
          assertValidKey(key);
          // A job's upload and preview pictures: read only through their job's routes.
          if (isPrivateKey(key)) throw new Error('private');
        } catch {
          throw notFound('File not found.', 'FILE_NOT_FOUND');
        }
        const file = await storage.get(key);
        if (!file) throw notFound('File not found.', 'FILE_NOT_FOUND');
        const headers: ReplyHeaders = {};
        setFileHeaders({ header: (name, value) => (headers[name] = value) }, file);
        return rawReply(file.body, headers);
      },
    });
  };
