// Issue 10, item 12: every registered route's zod schemas (body, params, querystring) driven with
// generated input — mostly valid, with wrong types, NUL, huge and unicode strings, prototype keys,
// extreme numbers and dates mixed in — as a signed-in superadmin and anonymously. No request may
// answer 5xx, and a refused request (4xx) must leave the data as it was (no partial write).
// FUZZ_RUNS (default 2000) and FUZZ_SEED set the run; `npm run bench -- fuzz` runs 25,000.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryFor, hostile } from './fuzz/zod-arbitrary.ts';
import { createTestApp } from './harness.ts';
import { createCollege, createUser, signIn, type TestUser } from './helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** Tables whose rows change outside the request (sessions, rate counters, mails sent after the response). */
const VOLATILE = new Set(['rate_limit', 'session', 'verification', 'dev_mail']);
const SKIP = new Set(['GET /api/events']); // a stream that stays open: covered by the events tests

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

describe('route fuzzing', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let superadmin: TestUser;
  let cookie = '';
  let routes: Route[] = [];
  let tables: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: { max: 1_000_000, windowSeconds: 60 } });
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
  afterAll(async () => t.close());

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
    { timeout: Math.max(120_000, RUNS * 100) },
    async () => {
      const colleges = await Promise.all([
        createCollege(t.db, { years: ['Y1', 'Y2'] }),
        createCollege(t.db, { years: ['Y1'] }),
      ]);
      const users = await Promise.all([
        createUser(t.db, { collegeId: colleges[0]!.id, yearGroup: 'Y1' }),
        createUser(t.db, { role: 'admin', adminCollegeId: colleges[0]!.id, adminYearGroup: 'Y1' }),
      ]);
      const pool = [
        ...colleges.flatMap((c) => [c.id, c.name, ...c.years]),
        ...users.flatMap((u) => [u.id, u.email]),
      ];
      const arbs = routes.map((route) => {
        const opts = { pool, hostility: 0.04 };
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
      const caseArb: fc.Arbitrary<Case> = fc
        .integer({ min: 0, max: routes.length - 1 })
        .chain((route) => fc.tuple(fc.constant(route), fc.boolean(), arbs[route]!))
        .map(
          ([route, anonymousCoin, x]) =>
            ({
              route,
              anonymous: anonymousCoin && x.raw === null && Math.abs(route % 5) === 0,
              ...x,
            }) as Case,
        );

      const statuses = new Map<number, number>();
      let before = await digest();
      let count = 0;
      await fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          count++;
          const route = routes[c.route]!;
          const url = urlOf(route, c);
          const withBody = route.method !== 'GET' && (c.body !== undefined || c.raw !== null);
          const res = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...(c.anonymous ? {} : { cookie }),
              ...(withBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(withBody ? { payload: c.raw ?? JSON.stringify(c.body) ?? 'null' } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = `${route.method} ${url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) throw new Error(`5xx: ${what}`);
          const after = await digest();
          if (res.statusCode >= 400) {
            const changed = tables.filter((n) => after[n] !== before[n]);
            if (changed.length) throw new Error(`refused request changed ${changed.join(', ')}: ${what}`);
          }
          before = after;
          // The superadmin signed out (or lost the session some other way): sign in again.
          if (!c.anonymous && (res.statusCode === 401 || route.url === '/api/session/sign-out')) {
            cookie = (await signIn(t.app, superadmin.email, superadmin.password)).cookie;
            before = await digest();
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const summary = [...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `fuzz: ${count} requests over ${routes.length} routes, seed ${SEED} (FUZZ_SEED=${SEED} to replay); statuses ${summary}`,
      );
      expect(count).toBe(RUNS);
    },
  );
});
