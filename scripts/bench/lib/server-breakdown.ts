// Where the server's time goes for one topic-content response (the bulk of a first full sync):
// the service (snapshot transaction + queries + DTOs), zod's response encode, JSON.stringify, the
// whole route through app.inject, and a real loopback HTTP request from Node. Diagnostic figures.
import zlib from 'node:zlib';
import { topicContentResponseSchema, type Actor } from '@zan/core';
import { safeEncode } from 'zod/v4/core';
import { syncService } from '../../../apps/server/src/features/sync/service.ts';
import { createDb } from '../../../apps/server/src/db/client.ts';
import type { BenchEnv } from './env.ts';
import { BENCH_COLLEGE, BENCH_YEAR } from './generate.ts';
import { median, ms, table } from './stats.ts';

export async function serverBreakdown(env: BenchEnv): Promise<void> {
  const { pool } = env;
  const db = createDb(pool.options.connectionString ?? '', 2);
  try {
    const service = syncService({ db: db.db });
    const actor: Actor = {
      id: env.gen.studentId,
      role: 'user',
      emailVerified: true,
      collegeId: BENCH_COLLEGE.id,
      yearGroup: BENCH_YEAR,
      adminCollegeId: null,
      adminYearGroup: null,
    };
    const cookie = (await env.context.cookies(env.origin)).map((c) => `${c.name}=${c.value}`).join('; ');
    const rows: Record<'service' | 'zod' | 'stringify' | 'inject' | 'http', number[]> = {
      service: [],
      zod: [],
      stringify: [],
      inject: [],
      http: [],
    };
    let bytes = 0;
    let gzBytes = 0;
    let encoding = '';
    for (const id of env.gen.topicIds) {
      let t = performance.now();
      const content = await service.topicContent(actor, id);
      rows.service.push(performance.now() - t);
      t = performance.now();
      const enc = safeEncode(topicContentResponseSchema, content);
      rows.zod.push(performance.now() - t);
      if (enc.error) throw new Error(`zod encode failed: ${enc.error.message}`);
      t = performance.now();
      const json = JSON.stringify(enc.data);
      bytes += json.length;
      rows.stringify.push(performance.now() - t);
      t = performance.now();
      const res = await env.app.inject({ method: 'GET', url: `/api/sync/topics/${id}`, headers: { cookie } });
      rows.inject.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`inject topic ${id}: ${res.statusCode}`);
      t = performance.now();
      const http = await fetch(`${env.origin}/api/sync/topics/${id}`, {
        headers: { cookie, accept: 'application/json' },
      });
      await http.text();
      rows.http.push(performance.now() - t);
      encoding = http.headers.get('content-encoding') ?? 'none';
      gzBytes += zlib.gzipSync(json).length;
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    console.log('');
    console.log(
      `server breakdown, one topic-content response (~${(bytes / env.gen.topicIds.length / 1024).toFixed(0)} KB JSON: 200 cards, 40 MCQs, 1 page), ${env.gen.topicIds.length} topics sequentially:`,
    );
    console.log(
      table([
        ['step', 'median / topic', 'sum of 50'],
        [
          'service.topicContent (snapshot tx, 6 queries, DTOs)',
          ms(median(rows.service)),
          ms(sum(rows.service)),
        ],
        ['zod safeEncode(topicContentResponseSchema)', ms(median(rows.zod)), ms(sum(rows.zod))],
        ['JSON.stringify', ms(median(rows.stringify)), ms(sum(rows.stringify))],
        ['whole route via app.inject (auth, encode, send)', ms(median(rows.inject)), ms(sum(rows.inject))],
        ['loopback HTTP from Node (fetch + text)', ms(median(rows.http)), ms(sum(rows.http))],
      ]),
    );
    console.log(
      `  topic content: ${(bytes / 1024 / 1024).toFixed(2)} MB JSON in total, ${(gzBytes / 1024 / 1024).toFixed(2)} MB if gzipped; the server answered with content-encoding: ${encoding} (fetch asked for gzip, br)`,
    );
  } finally {
    await db.pool.end();
  }
}
