// Issue 10, item 12: every registered route's zod schemas (body, params, querystring) driven with
// generated input — mostly valid, with wrong types, NUL, huge and unicode strings, prototype keys,
// extreme numbers and dates mixed in — as a signed-in superadmin and anonymously, over HTTP to the
// app listening on loopback. Issue 17: first a sweep that mutates every body field of every route in
// turn and sends the multipart upload every broken body (test/fuzz/mutations.ts), then random cases
// (schema-driven, one mutated field, multipart). Issue 38: the Anki routes get Anki packages — the
// progress import (octet-stream) and the admin's Anki upload (multipart, to a real topic) each a real
// package, cut short, overwritten, a lying zip, a zip bomb, random bytes (test/fuzz/anki-bodies.ts). No
// request may answer 5xx or go unanswered within FUZZ_TIMEOUT_MS (default 60 s), and a refused request
// (4xx) must leave the data as it was (no partial write). FUZZ_RUNS (default 500, the sweep
// included: one mutation per field, about 190 requests, then generated cases) and FUZZ_SEED set the run;
// `npm run bench -- fuzz` runs 25,000 with every mutation of every field. FUZZ_SUMMARY: a file the
// status counts are written to (JSON).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fieldPaths,
  FILE_NAMES,
  multipartArb,
  multipartRequest,
  MULTIPART_KINDS,
  mutate,
  MUTATIONS,
  type MultipartCase,
} from './fuzz/mutations.ts';
import {
  ankiBody,
  ankiBodyArb,
  ankiSamples,
  ANKI_BODY_KINDS,
  type AnkiBodyCase,
} from './fuzz/anki-bodies.ts';
import { arbitraryFor, hostile } from './fuzz/zod-arbitrary.ts';
import { createTestApp } from './harness.ts';
import { createCollege, createUser, signIn, type TestUser } from './helpers.ts';
import { write } from './sync-fixtures.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/**
 * Tables whose rows change outside the request (sessions, rate counters, mails sent after the response, and
 * the job runner's rows: an earlier request's Anki read runs on in the background, issue 32).
 */
const VOLATILE = new Set(['rate_limit', 'session', 'verification', 'dev_mail', 'job', 'job_instance']);
const SKIP = new Set(['GET /api/events']); // a stream that stays open: covered by the events tests
/** The routes that take a multipart body (no body schema); each must exist. */
const ANKI_UPLOAD = 'POST /api/admin/topics/:id/anki-imports';
const MULTIPART = new Set(['POST /api/admin/images', ANKI_UPLOAD]);
/** The Anki progress import: a package as an octet-stream body (its rate limit is reset before each). */
const ANKI_PROGRESS = 'POST /api/sync/anki-progress';
/** The Anki upload's file in the sweep: a package, as a proper multipart body. */
const ANKI_PACKAGE: AnkiBodyCase = { kind: 'package', cut: 0.6, random: new Uint8Array([7]), at: 0.5 };
const ANKI_FILE: MultipartCase = {
  kind: 'file',
  fileName: 'deck.apkg',
  mime: 'application/octet-stream',
  content: 'random',
  random: new Uint8Array(0),
  cut: 0.6,
  wrongType: 'text/plain',
};
/** A request not answered within this is a hang, and fails the run. */
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 60_000);
/** From this many runs on, the sweep takes every mutation of every field (else one per field). */
const FULL_SWEEP_RUNS = 10_000;

type Route = {
  method: string;
  url: string;
  access: string;
  schema: { body?: unknown; params?: unknown; querystring?: unknown };
};
type Case = {
  route: number;
  anonymous: boolean;
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  raw: string | null;
};
/** One HTTP request of the fuzz, with what to print when it fails. */
type Shot = {
  method: string;
  url: string;
  anonymous: boolean;
  contentType?: string;
  body?: string | Buffer;
  label: string;
};

const ankiTally = () => ({ statuses: new Map<number, number>(), slowestMs: 0, slowest: '' });
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
/** Percent-encoding that also takes lone surrogates (as their UTF-8 replacement bytes). */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function urlOf(route: Route, c: Case): string {
  const params = c.params && typeof c.params === 'object' ? c.params : {};
  let url = route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => enc(asText(params[name])));
  if (c.query && typeof c.query === 'object' && !Array.isArray(c.query)) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(c.query as Record<string, unknown>)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) q.append(k, asText(item));
    }
    const parts: string[] = [];
    for (const [k, v] of q) parts.push(`${enc(k)}=${enc(v)}`);
    if (parts.length) url += `?${parts.join('&')}`;
  } else if (c.query !== undefined) {
    url += `?${enc(asText(c.query))}`;
  }
  return url;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request over loopback; a connection the server closed before answering is status 0, no answer
 * within TIMEOUT_MS status -1. A kept-alive socket the server had already closed (after an answer that
 * ends the connection) is retried once on a new one, as Node's documentation advises (`reusedSocket`).
 */
function send(
  port: number,
  shot: Shot,
  cookie: string,
  retry = true,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {};
    if (!shot.anonymous) headers.cookie = cookie;
    if (shot.contentType !== undefined) headers['content-type'] = shot.contentType;
    if (shot.body !== undefined) headers['content-length'] = Buffer.byteLength(shot.body);
    let done = false;
    const finish = (r: { status: number; body: string }) => {
      if (!done) resolve(r);
      done = true;
    };
    const req = http.request(
      { host: '127.0.0.1', port, method: shot.method, path: shot.url, headers, agent: keepAlive },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', (err) => finish({ status: res.statusCode ?? 0, body: String(err) }));
      },
    );
    req.setTimeout(TIMEOUT_MS, () => {
      finish({ status: -1, body: `no answer within ${TIMEOUT_MS} ms` });
      req.destroy();
    });
    req.on('error', (err) => {
      if (retry && req.reusedSocket && (err as { code?: string }).code === 'ECONNRESET' && !done) {
        done = true;
        resolve(send(port, shot, cookie, false));
      } else finish({ status: 0, body: String(err) });
    });
    req.end(shot.body);
  });
}

describe('route fuzzing', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let superadmin: TestUser;
  let cookie = '';
  let port = 0;
  let routes: Route[] = [];
  let tables: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: { max: 1_000_000, windowSeconds: 60 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    superadmin = await createUser(t.db, { role: 'superadmin' });
    cookie = (await signIn(t.app, superadmin.email, superadmin.password)).cookie;
    const seen = new Set<string>();
    routes = t.app.routeAccess
      .filter((r) => r.method !== 'HEAD' && !r.exempt && !SKIP.has(`${r.method} ${r.url}`))
      .filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`))
      .map((r) => ({
        method: r.method,
        url: r.url,
        access: r.access,
        schema: (r.schema ?? {}) as Route['schema'],
      }));
    const res = await t.db.execute<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    tables = res.rows.map((r) => r.name).filter((n) => !VOLATILE.has(n));
  });
  afterAll(async () => {
    keepAlive.destroy();
    await t.close();
  });

  /** One md5 per table: a refused request must not change any. */
  async function digest(): Promise<Record<string, string>> {
    const parts = tables.map(
      (n) =>
        `SELECT '${n}' AS name, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS sum FROM "${n}" x`,
    );
    const res = await t.pool.query<{ name: string; sum: string }>(parts.join(' UNION ALL '));
    return Object.fromEntries(res.rows.map((r) => [r.name, r.sum]));
  }

  it(
    `answers ${RUNS} generated requests without a 5xx or a partial write`,
    { timeout: Math.max(180_000, RUNS * 150) },
    async () => {
      const colleges = await Promise.all([
        createCollege(t.db, { years: ['Y1', 'Y2'] }),
        createCollege(t.db, { years: ['Y1'] }),
      ]);
      const users = await Promise.all([
        createUser(t.db, { collegeId: colleges[0]!.id, yearGroup: 'Y1' }),
        createUser(t.db, { role: 'admin', adminCollegeId: colleges[0]!.id, adminYearGroup: 'Y1' }),
      ]);
      // Content of the first college, so that content routes and the upload find a topic.
      const content = await write(t.db, async (w) => {
        const m = await w.module({ collegeId: colleges[0]!.id, yearGroup: 'Y1' });
        const s = await w.subject(m);
        const topic = await w.topic(s);
        return { m, s, topic, deck: await w.deck(topic, 3) };
      });
      const pool = [
        ...colleges.flatMap((c) => [c.id, c.name, ...c.years]),
        ...users.flatMap((u) => [u.id, u.email]),
        ...Object.values(content),
      ];
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#36c' } })
        .png()
        .toBuffer();
      const anki = await ankiSamples();
      for (const key of [...MULTIPART, ANKI_PROGRESS])
        expect(
          routes.some((r) => `${r.method} ${r.url}` === key),
          `${key} is registered`,
        ).toBe(true);
      const isMultipart = (r: Route) => MULTIPART.has(`${r.method} ${r.url}`);

      const opts = { pool, hostility: 0.04 };
      const valid = { pool, hostility: 0 };
      const arbs = routes.map((route) => {
        const { body, params, querystring } = route.schema;
        return fc.record({
          params: params
            ? (arbitraryFor(params, opts) as fc.Arbitrary<Record<string, unknown>>)
            : fc.constant({}),
          query: querystring
            ? arbitraryFor(querystring, opts)
            : fc.option(hostile, { nil: undefined, freq: 6 }),
          body: body ? arbitraryFor(body, opts) : fc.option(hostile, { nil: undefined, freq: 3 }),
          raw: fc.option(
            fc.constantFrom('{"a":', '[', 'nul', '{"__proto__":{"x":1}}', '\u0000', '{}'.repeat(1000)),
            { nil: null, freq: 30 },
          ),
        });
      });
      const jsonShot = (route: Route, c: Case, label: string): Shot => {
        const withBody = route.method !== 'GET' && (c.body !== undefined || c.raw !== null);
        return {
          method: route.method,
          url: urlOf(route, c),
          anonymous: c.anonymous,
          label,
          ...(withBody && {
            contentType: 'application/json',
            body: c.raw ?? JSON.stringify(c.body) ?? 'null',
          }),
        };
      };
      const isAnkiUpload = (r: Route) => `${r.method} ${r.url}` === ANKI_UPLOAD;
      /** A multipart upload; to the Anki upload (to the topic) with an Anki package as its file. */
      const multipartShot = (route: Route, m: MultipartCase, query: unknown, a?: AnkiBodyCase): Shot => {
        const file = isAnkiUpload(route) ? ankiBody(a ?? ANKI_PACKAGE, anki) : undefined;
        const { contentType, body } = multipartRequest(m, png, file);
        const params = { id: content.topic };
        const c = { route: 0, anonymous: false, params, query, body: undefined, raw: null };
        return {
          method: route.method,
          url: urlOf(route, c),
          anonymous: false,
          contentType,
          body,
          label: a ? `${m.kind}: ${a.kind}` : m.kind,
        };
      };
      const uploadQuery = { topicId: content.topic };
      const progressShot = (
        a: AnkiBodyCase,
        fileName: string,
        contentType = 'application/octet-stream',
      ): Shot => ({
        method: 'POST',
        url: `/api/sync/anki-progress?fileName=${enc(fileName)}`,
        anonymous: false,
        contentType,
        body: ankiBody(a, anki),
        label: `anki progress: ${a.kind}`,
      });

      // The sweep: every field of every body, each mutation in turn (one per field below the full
      // size), on a valid body; every broken multipart body.
      const sample = <T>(arb: fc.Arbitrary<T>, i: number) =>
        fc.sample(arb, { numRuns: 1, seed: SEED + i })[0]!;
      const full = RUNS >= FULL_SWEEP_RUNS;
      const sweep: Shot[] = [];
      routes.forEach((route, r) => {
        const { body, params, querystring } = route.schema;
        if (`${route.method} ${route.url}` === ANKI_PROGRESS)
          for (const kind of ANKI_BODY_KINDS)
            for (const fileName of full ? ['progress.colpkg', ...FILE_NAMES] : ['progress.colpkg'])
              sweep.push(progressShot({ ...sample(ankiBodyArb, r), kind }, fileName));
        if (isAnkiUpload(route))
          for (const kind of ANKI_BODY_KINDS)
            sweep.push(multipartShot(route, ANKI_FILE, undefined, { ...sample(ankiBodyArb, r), kind }));
        if (isMultipart(route)) {
          for (const kind of MULTIPART_KINDS)
            for (const fileName of full ? FILE_NAMES : FILE_NAMES.slice(0, 1))
              sweep.push(
                multipartShot(
                  route,
                  {
                    kind,
                    fileName,
                    mime: 'image/png',
                    content: 'png',
                    random: png,
                    cut: 0.6,
                    wrongType: 'text/plain',
                  },
                  uploadQuery,
                ),
              );
          return;
        }
        if (!body || route.method === 'GET') return;
        fieldPaths(body).forEach((path, f) => {
          const mutations = full ? MUTATIONS : [MUTATIONS[(r + f) % MUTATIONS.length]!];
          for (const m of mutations) {
            const c: Case = {
              route: r,
              anonymous: false,
              params: params ? (sample(arbitraryFor(params, valid), r) as Record<string, unknown>) : {},
              query: querystring ? sample(arbitraryFor(querystring, valid), r) : undefined,
              body: mutate(sample(arbitraryFor(body, valid), r + f), path, m),
              raw: null,
            };
            sweep.push(jsonShot(route, c, `${path.join('.')}: ${m.name}`));
          }
        });
      });

      const bodyRoutes = routes.flatMap((r, i) => (r.schema.body && r.method !== 'GET' ? [i] : []));
      const uploads = routes.flatMap((r, i) => (isMultipart(r) ? [i] : []));
      const schemaCase: fc.Arbitrary<Shot> = fc
        .integer({ min: 0, max: routes.length - 1 })
        .chain((route) => fc.tuple(fc.constant(route), fc.boolean(), arbs[route]!))
        .map(([route, anonymousCoin, x]) =>
          jsonShot(
            routes[route]!,
            { route, anonymous: anonymousCoin && x.raw === null && Math.abs(route % 5) === 0, ...x },
            'schema',
          ),
        );
      const fieldCase: fc.Arbitrary<Shot> = fc.constantFrom(...bodyRoutes).chain((r) => {
        const route = routes[r]!;
        const { body, params, querystring } = route.schema;
        const paths = fieldPaths(body);
        return fc
          .tuple(
            params ? arbitraryFor(params, valid) : fc.constant({}),
            querystring ? arbitraryFor(querystring, valid) : fc.constant(undefined),
            arbitraryFor(body, valid),
            fc.nat(),
            fc.nat(),
          )
          .map(([p, query, b, f, m]) => {
            const path = paths[f % Math.max(1, paths.length)] ?? ['extra'];
            const mutation = MUTATIONS[m % MUTATIONS.length]!;
            const c = { route: r, anonymous: false, params: p as Record<string, unknown>, query, raw: null };
            return jsonShot(
              route,
              { ...c, body: mutate(b, path, mutation) },
              `${path.join('.')}: ${mutation.name}`,
            );
          });
      });
      const uploadCase: fc.Arbitrary<Shot> = fc
        .tuple(
          fc.constantFrom(...uploads),
          multipartArb.filter((m) => m.kind !== 'too large'), // 10 MB each: the sweep sends it
          fc.option(arbitraryFor(routes[uploads[0]!]!.schema.querystring, opts), {
            nil: uploadQuery,
            freq: 2,
          }),
        )
        .map(([r, m, query]) => multipartShot(routes[r]!, m, query));
      const ankiUpload = routes.find(isAnkiUpload)!;
      const ankiCase: fc.Arbitrary<Shot> = fc.oneof(
        fc
          .tuple(ankiBodyArb, fc.constantFrom('progress.colpkg', 'deck.apkg', ...FILE_NAMES))
          .map(([a, name]) => progressShot(a, name)),
        fc
          .tuple(
            multipartArb.filter((m) => m.kind !== 'too large'),
            ankiBodyArb,
          )
          .map(([m, a]) => multipartShot(ankiUpload, m, undefined, a)),
      );
      const caseArb = fc.oneof(
        { weight: 16, arbitrary: schemaCase },
        { weight: 3, arbitrary: fieldCase },
        { weight: 2, arbitrary: uploadCase },
        { weight: 1, arbitrary: ankiCase },
      );

      const statuses = new Map<number, number>();
      /** The Anki routes' own figures: requests, statuses, the slowest answer. */
      const ankiFigures = { progress: ankiTally(), upload: ankiTally() };
      const tally = (shot: Shot, status: number, ms: number) => {
        const group = shot.url.startsWith('/api/sync/anki-progress')
          ? ankiFigures.progress
          : shot.method === 'POST' && /\/anki-imports(\?|$)/.test(shot.url)
            ? ankiFigures.upload
            : null;
        if (!group) return;
        group.statuses.set(status, (group.statuses.get(status) ?? 0) + 1);
        if (ms > group.slowestMs) Object.assign(group, { slowestMs: ms, slowest: shot.label });
      };
      let before = await digest();
      let count = 0;
      const check = async (shot: Shot) => {
        count++;
        // Every progress import reads its package (10 an hour a student would answer 429 from the 11th).
        if (shot.url.startsWith('/api/sync/anki-progress'))
          await t.pool.query("DELETE FROM rate_limit WHERE key LIKE '%anki-progress%'");
        const started = performance.now();
        const res = await send(port, shot, cookie);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        tally(shot, res.status, performance.now() - started);
        const what = `${shot.method} ${shot.url.slice(0, 300)} [${shot.label.slice(0, 80)}] → ${res.status} ${res.body.slice(0, 300)}`;
        if (res.status >= 500) throw new Error(`5xx: ${what}`);
        if (res.status === -1) throw new Error(`hang: ${what}`);
        if (res.status === 0 && process.env.FUZZ_DEBUG) console.log(`no answer: ${what}`);
        const after = await digest();
        if (res.status >= 400 || res.status === 0) {
          const changed = tables.filter((n) => after[n] !== before[n]);
          if (changed.length) throw new Error(`refused request changed ${changed.join(', ')}: ${what}`);
        }
        before = after;
        // The superadmin signed out (or lost the session some other way): sign in again.
        if (!shot.anonymous && (res.status === 401 || shot.url.startsWith('/api/session/sign-out'))) {
          cookie = (await signIn(t.app, superadmin.email, superadmin.password)).cookie;
          before = await digest();
        }
      };

      const planned = sweep.slice(0, RUNS);
      for (const shot of planned) await check(shot);
      await fc.assert(fc.asyncProperty(caseArb, check), {
        numRuns: Math.max(0, RUNS - planned.length),
        seed: SEED,
        endOnFailure: true,
      });
      const byClass = new Map<string, number>();
      for (const [s, n] of statuses) {
        const cls = s === 0 ? 'no answer' : `${Math.floor(s / 100)}xx`;
        byClass.set(cls, (byClass.get(cls) ?? 0) + n);
      }
      const serverErrors = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
      const summary = [...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `fuzz: ${count} requests over ${routes.length} routes (sweep ${planned.length}: every body field` +
          `${full ? ' × every mutation' : ', one mutation each'}, multipart bodies), seed ${SEED} ` +
          `(FUZZ_SEED=${SEED} to replay); by class ${[...byClass].map(([k, n]) => `${k} ${n}`).join(', ')}; ` +
          `5xx ${serverErrors}; statuses ${summary}`,
      );
      const ankiLine = Object.entries(ankiFigures).map(
        ([name, g]) =>
          `anki ${name} ${[...g.statuses.values()].reduce((a, n) => a + n, 0)} (${[...g.statuses]
            .sort((a, b) => a[0] - b[0])
            .map(([st, n]) => `${st}×${n}`)
            .join(' ')}; slowest ${(g.slowestMs / 1000).toFixed(1)} s: ${g.slowest})`,
      );
      console.log(`fuzz: ${ankiLine.join(', ')}`);
      if (process.env.FUZZ_SUMMARY)
        fs.writeFileSync(
          process.env.FUZZ_SUMMARY,
          JSON.stringify({
            count,
            sweep: planned.length,
            byClass: Object.fromEntries(byClass),
            serverErrors,
            statuses: Object.fromEntries(statuses),
            anki: ankiLine.join(', '),
          }),
        );
      expect(count).toBe(RUNS);
    },
  );
});
