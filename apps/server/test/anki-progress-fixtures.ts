// 'Import Anki progress' through the HTTP API as a device does it (issue 32: the import is a job): the
// file is posted, then the job is followed until it ends. The app under test runs jobs (jobConcurrency).
import type { AnkiProgressJob } from '@zan/core';
import type { FastifyInstance } from 'fastify';

export type ProgressImport = {
  /** The POST's status: 202 when the job was queued, else the refusal's (413, 429, 400). */
  readonly statusCode: number;
  /** The job as it ended (null when the POST was refused). */
  readonly job: AnkiProgressJob | null;
  /** A refused POST's error. */
  readonly error: { code: string; message: string } | null;
  /** The POST's response headers (Retry-After on a 429). */
  readonly headers: Record<string, unknown>;
};

const ended = (j: AnkiProgressJob) => j.state !== 'queued' && j.state !== 'running';

export async function importAnkiProgress(
  app: FastifyInstance,
  cookie: string,
  bytes: Uint8Array,
  fileName = 'collection.colpkg',
): Promise<ProgressImport> {
  const post = await app.inject({
    method: 'POST',
    url: `/api/sync/anki-progress?fileName=${encodeURIComponent(fileName)}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(bytes),
  });
  const headers = post.headers;
  if (post.statusCode !== 202)
    return { statusCode: post.statusCode, job: null, error: post.json().error, headers };
  let job = post.json<AnkiProgressJob>();
  for (let i = 0; i < 1200 && !ended(job); i++) {
    await new Promise((r) => setTimeout(r, 50));
    const res = await app.inject({
      method: 'GET',
      url: `/api/sync/anki-progress/${job.jobId}`,
      headers: { cookie },
    });
    job = res.json<AnkiProgressJob>();
  }
  return { statusCode: 202, job, error: null, headers };
}
