// `npm run bench -- anki-import`: issue 20's benchmark. Against the BUILT server (NODE_ENV=production, its
// embedded PostgreSQL, loopback), an admin imports a generated current-format Anki package of 30,000
// notes and 2,000 pictures through the real flow — upload, read off the request thread (a child process),
// preview, import in one transaction — while a student's delta sync measures its latency. Then a student
// of the year downloads that topic (the first sync's server half: cards, bytes, time).
// Prints upload/read/import times, the third client's p50/p99/max, the peak RSS of the server and of its
// child processes (the package reader; PostgreSQL apart), and the machine's load.
// Budget (issue 20): ≤ 90 s in all, server RSS ≤ 1 GB, other requests' p99 ≤ 100 ms. `--notes N`,
// `--pictures N` for other sizes. Exits non-zero only on functional errors.
import os from 'node:os';
import type { AnkiImportJob, ContentPullResponse, TopicContentResponse } from '@zan/core';
import { buildTestPackage, largeContent } from '../../apps/server/src/features/anki/test-packages.ts';
import { buildServer, prepareWorld, signInCookie, startServer, type LoadServer } from './lib/load-world.ts';
import { ms, percentile, table, verdict } from './lib/stats.ts';
import { rssTree as rss } from './lib/third-client.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const NOTES = arg('notes', 30_000);
const PICTURES = arg('pictures', 2_000);
const BUDGET_S = 90;
const BUDGET_P99 = 100;
const BUDGET_RSS_MB = 1024;
const log = (m: string) => console.log(m);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  log(
    `anki-import: ${NOTES.toLocaleString('en-US')} notes, ${PICTURES.toLocaleString('en-US')} pictures; ${os.cpus().length} cores, load avg ${load()}`,
  );
  const t0 = performance.now();
  const pkg = await buildTestPackage('latest', largeContent(NOTES, PICTURES));
  log(`  package generated: ${(pkg.length / 1e6).toFixed(2)} MB in ${ms(performance.now() - t0)}`);
  buildServer();
  const world = await prepareWorld(1, log);
  let server: LoadServer | undefined;
  try {
    server = await startServer(world);
    const base = server.url;
    const pid = server.pid;
    log(`Built server at ${base} (pid ${pid}); RSS at start ${rss(pid).server.toFixed(0)} MB`);
    const admin = await signInCookie(base, 'admin@demo.test', 'demo-admin-1');
    const student = await signInCookie(base, 'student@demo.test', 'demo-student-1');
    const pull = await json<ContentPullResponse>(
      await fetch(`${base}/api/sync/content`, { headers: { cookie: student } }),
    );
    const deltaPath = `/api/sync/content?cursor=${encodeURIComponent(pull.cursor)}&visibleSet=${encodeURIComponent(pull.visibleSet)}`;

    // The third client and the RSS sampler, throughout.
    let running = true;
    const samples: number[] = [];
    let clientErrors = 0;
    let peak = { server: 0, children: 0 };
    const sampler = setInterval(() => {
      const now = rss(pid);
      peak = { server: Math.max(peak.server, now.server), children: Math.max(peak.children, now.children) };
    }, 50);
    const client = (async () => {
      while (running) {
        const t = performance.now();
        const r = await fetch(`${base}${deltaPath}`, { headers: { cookie: student } });
        await r.arrayBuffer();
        samples.push(performance.now() - t);
        if (r.status !== 200) clientErrors++;
        await new Promise((res) => setTimeout(res, 20));
      }
    })();

    let failed = false;
    const start = performance.now();
    // Upload into the first of the student's topics the admin may edit (not the global ones).
    let jobId = '';
    let topicId = '';
    let uploadMs = 0;
    for (const t of pull.topics) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pkg)]), 'large.apkg');
      const u0 = performance.now();
      const res = await fetch(`${base}/api/admin/topics/${t.id}/anki-imports`, {
        method: 'POST',
        headers: { cookie: admin },
        body: form,
      });
      uploadMs = performance.now() - u0;
      if (res.status === 202) {
        jobId = (await json<{ jobId: string }>(res)).jobId;
        topicId = t.id;
        break;
      }
      await res.text();
    }
    if (!jobId) throw new Error('the demo admin may import into none of the topics it sees');
    const poll = async (until: (j: AnkiImportJob) => boolean): Promise<AnkiImportJob> => {
      for (;;) {
        const job = await json<AnkiImportJob>(
          await fetch(`${base}/api/admin/anki-imports/${jobId}`, { headers: { cookie: admin } }),
        );
        if (until(job) || job.state === 'failed') return job;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const r0 = performance.now();
    const ready = await poll((j) => j.state === 'ready');
    const readMs = performance.now() - r0;
    if (ready.state !== 'ready') {
      failed = true;
      log(`  read failed: ${JSON.stringify(ready.error)}`);
    }
    const i0 = performance.now();
    let done = ready;
    if (!failed) {
      const res = await fetch(`${base}/api/admin/anki-imports/${jobId}/import`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ deckMode: 'per-deck' }),
      });
      if (res.status !== 202 && res.status !== 200) {
        failed = true;
        log(`  import: ${res.status} ${(await res.text()).slice(0, 300)}`);
      } else {
        await res.text();
        done = await poll((j) => j.state === 'done');
        if (done.state !== 'done') {
          failed = true;
          log(`  import failed: ${JSON.stringify(done.error)}`);
        }
      }
    }
    const importMs = performance.now() - i0;
    const totalMs = performance.now() - start;
    running = false;
    await client;
    clearInterval(sampler);
    log(`  import result: ${JSON.stringify(done.result)?.slice(0, 300)}`);

    // A student's first sync of the topic: its whole content, one download (GET /api/sync/topics/:id).
    const f0 = performance.now();
    const topicRes = await fetch(`${base}/api/sync/topics/${topicId}`, { headers: { cookie: student } });
    const topicBody = await topicRes.text();
    if (topicRes.status !== 200) {
      failed = true;
      log(`  student's topic download: ${topicRes.status} ${topicBody.slice(0, 200)}`);
    }
    const bytes = topicBody.length;
    const cards = topicRes.status === 200 ? (JSON.parse(topicBody) as TopicContentResponse).cards.length : 0;
    const syncMs = performance.now() - f0;

    const p99 = percentile(samples, 99);
    log(
      `\n${table([
        [
          'topic',
          'upload',
          'read + preview',
          'import',
          'total',
          'client reqs',
          'p50',
          'p99',
          'max',
          'errors',
          'server RSS',
          'reader RSS',
        ],
        [
          topicId.slice(0, 8),
          ms(uploadMs),
          ms(readMs),
          ms(importMs),
          ms(totalMs),
          samples.length,
          ms(percentile(samples, 50)),
          ms(p99),
          ms(Math.max(...samples)),
          clientErrors,
          `${peak.server.toFixed(0)} MB`,
          `${peak.children.toFixed(0)} MB`,
        ],
      ])}`,
    );
    log(
      `\nthe student's download of the topic (first sync, server half): ${cards.toLocaleString('en-US')} cards, ${(bytes / 1e6).toFixed(1)} MB in ${ms(syncMs)}` +
        ' (the sync-full bench measures the browser side)',
    );
    log(
      `\ntotal ${ms(totalMs)} (budget ≤ ${BUDGET_S} s: ${verdict(totalMs <= BUDGET_S * 1000)}); ` +
        `third client p99 ${ms(p99)} (budget ≤ ${BUDGET_P99} ms: ${verdict(p99 <= BUDGET_P99)}); ` +
        `server peak RSS ${peak.server.toFixed(0)} MB (budget ≤ ${BUDGET_RSS_MB} MB: ${verdict(peak.server <= BUDGET_RSS_MB)}); ` +
        `load avg after ${load()}`,
    );
    if (failed || clientErrors) process.exitCode = 1;
  } finally {
    await server?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
