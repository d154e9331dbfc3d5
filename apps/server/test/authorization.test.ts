// The authorization table: every registered route × every kind of caller → the expected outcome.
// It fails when a route has no entry (add one below), when an entry names a route that no longer
// exists, or when a route answers differently from its entry.
//
// To add a route: add ONE object literal to TABLE — `route` is 'METHOD /url' exactly as registered
// (params as `:id`), `expect` gives an outcome for each of the six kinds (start from a preset and
// override), and `request` builds the URL/body from the fixture when the route needs real ids or a
// body that passes validation. 'allow' and 'ok' both mean the call succeeds: a 2xx, or exactly
// `status` when the entry names one (e.g. a 400 or 404 from the service for a deliberately wrong
// body); never a 5xx. Rows added since issue 7 use 'ok', and `request` may build fresh rows per kind
// (it receives the kind) so each allowed call can succeed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANKI_PROGRESS_MESSAGES, DEFAULT_SCHEDULER_SETTINGS, JOB_KINDS } from '@zan/core';
import { job as jobTable } from '../src/db/schema/index.ts';
import { createStorage, privateKey } from '../src/platform/storage.ts';
import { registerAccess } from '../src/plugins/access.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { createServices } from '../src/plugins/services.ts';
import { strToU8, zipSync } from 'fflate';
import { writeAnkiPackage } from '../src/features/anki/write-package.ts';
import { createTestApp } from './harness.ts';
import { contentEntries, createContentFixture, type ContentFixture } from './authorization-content.ts';
import {
  createResourceFixture,
  multipartFile,
  resourceEntries,
  type ResourceFixture,
} from './authorization-resources.ts';
import { buildTestPackage, sampleContent } from '../src/features/anki/test-packages.ts';
import { createCollege, createUser, signIn, type TestCollege, type TestUser } from './helpers.ts';

/** otherAdmin: an admin of another college; otherYearAdmin: an admin of another year of the same college. */
const KINDS = [
  'anonymous',
  'unverified',
  'student',
  'otherAdmin',
  'otherYearAdmin',
  'admin',
  'superadmin',
] as const;
type Kind = (typeof KINDS)[number];
type Outcome = 'allow' | 'ok' | 401 | 403 | 404;
type Expect = Record<Kind, Outcome>;

type Fixture = {
  college: TestCollege;
  otherCollege: TestCollege;
  /** A student in the admin's scope that routes may act on. */
  target: TestUser;
  /** A user whose credentials any caller may use (sign-in). */
  spare: TestUser;
  /** Content in the admin's scope (college, Y1), written through the one write path. */
  content: ContentFixture;
  /** Decks, quizzes, cards, questions and pages of the content fixture's topic. */
  resources: ResourceFixture;
  /**
   * Issue 32: a new 'Import Anki progress' job of the student — waiting (a row no worker takes, so Cancel
   * always finds it queued), or failed with its file kept (Try again).
   */
  progressJob: (state: 'queued' | 'failed') => Promise<string>;
};
type Req = { url?: string; payload?: unknown; headers?: Record<string, string> };

type Entry = {
  route: string;
  expect: Expect;
  request?: (f: Fixture, kind: Kind) => Req | Promise<Req>;
  /** The route ends or replaces the caller's session: sign the caller in again afterwards. */
  fresh?: boolean;
  /** The route streams (SSE): only the status is checked. */
  stream?: boolean;
  /** What an allowed call answers when not a 2xx (the request is deliberately refused by the service). */
  status?: number;
  /** A longer time for the entry (its rows take a while to make: an Anki package read in a child). */
  timeout?: number;
};

/** 401 / 403 (or an expected 404), the wanted success outcome for the entry's success status, or the unexpected status itself. */
function outcomeOf(entry: Entry, want: Outcome, status: number): Outcome | `status ${number}` {
  if (status === 401 || status === 403 || (status === 404 && want === 404)) return status;
  const ok = entry.status === undefined ? status >= 200 && status < 300 : status === entry.status;
  if (ok) return want === 'ok' ? 'ok' : 'allow';
  return `status ${status}`;
}

// Presets, one per access level.
const PUBLIC: Expect = {
  anonymous: 'allow',
  unverified: 'allow',
  student: 'allow',
  otherAdmin: 'allow',
  otherYearAdmin: 'allow',
  admin: 'allow',
  superadmin: 'allow',
};
const SIGNED_IN: Expect = { ...PUBLIC, anonymous: 401 };
const VERIFIED: Expect = { ...SIGNED_IN, unverified: 403 };
const ADMIN: Expect = { ...VERIFIED, student: 403 };
const SUPERADMIN: Expect = { ...ADMIN, otherAdmin: 403, otherYearAdmin: 403, admin: 403 };
// Issue 7 presets: allowed calls must succeed ('ok').
/** A one-card Anki package (issue 20: a student's own progress) that matches no Zan card. */
const tinyAnkiPackage = () =>
  writeAnkiPackage({
    now: 1_760_000_000_000,
    decks: [{ id: 2, name: 'Mine' }],
    notes: [{ id: 3, guid: 'authz', kind: 'basic', fields: ['F', 'B'] }],
    cards: [{ id: 4, noteId: 3, deckId: 2, ord: 0 }],
  });

const NO_ADMIN = { anonymous: 401, unverified: 403, student: 403 } as const;
/** Every admin acts in their own scope (lists, creates in their scope). */
const ADMIN_OK: Expect = {
  ...NO_ADMIN,
  otherAdmin: 'ok',
  otherYearAdmin: 'ok',
  admin: 'ok',
  superadmin: 'ok',
};
/** A row of the admin's scope: admins of another year or college do not see it. */
const IN_SCOPE: Expect = { ...NO_ADMIN, otherAdmin: 404, otherYearAdmin: 404, admin: 'ok', superadmin: 'ok' };
/** A student of the admin's scope: other admins may not manage them. */
const STUDENT_OF_SCOPE: Expect = {
  ...NO_ADMIN,
  otherAdmin: 403,
  otherYearAdmin: 403,
  admin: 'ok',
  superadmin: 'ok',
};
/** A job of the student's: theirs alone (another's job is not found). */
const STUDENT_JOB: Expect = {
  ...VERIFIED,
  student: 'ok',
  otherAdmin: 404,
  otherYearAdmin: 404,
  admin: 404,
  superadmin: 404,
};
const SUPER_OK: Expect = { ...NO_ADMIN, otherAdmin: 403, otherYearAdmin: 403, admin: 403, superadmin: 'ok' };

let emailSeq = 0;
const CONTENT_ENTRIES: Entry[] = contentEntries({ ADMIN_OK, IN_SCOPE, STUDENT_OF_SCOPE, SUPER_OK });
const RESOURCE_ENTRIES: Entry[] = resourceEntries({ IN_SCOPE });

const TABLE: Entry[] = [
  { route: 'GET /api/health', expect: PUBLIC },

  // Session (features/session)
  {
    route: 'POST /api/session/sign-up',
    expect: PUBLIC,
    request: (f) => ({
      payload: {
        email: `authz.${emailSeq++}@test.zan`,
        password: 'secret-pw',
        firstName: 'a',
        lastName: 'b',
        collegeId: f.college.id,
        yearGroup: f.college.years[0],
      },
    }),
  },
  {
    route: 'POST /api/session/sign-in',
    expect: PUBLIC,
    request: (f) => ({ payload: { email: f.spare.email, password: f.spare.password } }),
  },
  { route: 'POST /api/session/sign-out', expect: PUBLIC, fresh: true },
  { route: 'GET /api/session/me', expect: SIGNED_IN },
  { route: 'GET /api/session/status/:sessionId', expect: PUBLIC },
  { route: 'POST /api/session/resend-verification', expect: SIGNED_IN },
  {
    route: 'POST /api/session/forgot-password',
    expect: PUBLIC,
    request: () => ({ payload: { email: 'nobody@test.zan' } }),
  },
  {
    route: 'POST /api/session/reset-password',
    expect: PUBLIC,
    status: 400,
    request: () => ({ payload: { token: 'x', newPassword: 'whatever-1' } }),
  },
  {
    route: 'GET /api/auth/verify-email',
    expect: PUBLIC,
    status: 302,
    request: () => ({ url: '/api/auth/verify-email?token=x' }),
  },
  { route: 'GET /api/events', expect: SIGNED_IN, stream: true },
  { route: 'GET /api/dev/mailbox', expect: PUBLIC },
  { route: 'GET /dev/mailbox', expect: PUBLIC },

  // Colleges (features/colleges)
  { route: 'GET /api/colleges', expect: PUBLIC },
  {
    route: 'POST /api/colleges',
    expect: SUPERADMIN,
    request: () => ({ payload: { name: `Authz College ${emailSeq++}`, years: ['Y1'] } }),
  },
  {
    route: 'PATCH /api/colleges/:id',
    expect: SUPERADMIN,
    request: (f) => ({ url: `/api/colleges/${f.otherCollege.id}`, payload: { name: f.otherCollege.name } }),
  },
  {
    route: 'DELETE /api/colleges/:id',
    expect: SUPERADMIN,
    status: 400,
    request: (f) => ({ url: `/api/colleges/${f.otherCollege.id}`, payload: { confirmName: 'not the name' } }),
  },

  // Users (features/users)
  { route: 'GET /api/users', expect: ADMIN },
  {
    route: 'POST /api/users/:id/role',
    expect: SUPERADMIN,
    request: (f) => ({ url: `/api/users/${f.target.id}/role`, payload: { newRole: 'user' } }),
  },
  {
    route: 'DELETE /api/users/:id',
    expect: SUPERADMIN,
    status: 400,
    request: (f) => ({ url: `/api/users/${f.target.id}`, payload: { confirmEmail: 'not the email' } }),
  },

  // /api/sync (features/sync, progress, scheduler, qbank; the Anki progress import: features/anki)
  { route: 'GET /api/sync/content', expect: VERIFIED },
  { route: 'GET /api/sync/topics/:topicId', expect: VERIFIED, status: 404 },
  {
    route: 'POST /api/sync/topics/versions',
    expect: VERIFIED,
    request: () => ({ payload: { topicIds: ['x'] } }),
  },
  { route: 'GET /api/sync/announcements', expect: VERIFIED },
  {
    route: 'POST /api/sync/progress',
    expect: VERIFIED,
    request: () => ({ payload: { deviceId: 'authz-device', ops: [] } }),
  },
  {
    route: 'POST /api/sync/anki-progress',
    expect: VERIFIED,
    timeout: 120_000,
    request: async () => ({
      url: '/api/sync/anki-progress?fileName=mine.apkg',
      payload: Buffer.from(await tinyAnkiPackage()),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  // Issue 32: the import is a job; only its owner (here the student) reaches it, others' answers 404.
  {
    route: 'GET /api/sync/anki-progress/:jobId',
    expect: STUDENT_JOB,
    request: async (f) => ({ url: `/api/sync/anki-progress/${await f.progressJob('queued')}` }),
  },
  {
    route: 'POST /api/sync/anki-progress/:jobId/cancel',
    expect: STUDENT_JOB,
    request: async (f) => ({ url: `/api/sync/anki-progress/${await f.progressJob('queued')}/cancel` }),
  },
  {
    route: 'POST /api/sync/anki-progress/:jobId/retry',
    expect: STUDENT_JOB,
    request: async (f) => ({ url: `/api/sync/anki-progress/${await f.progressJob('failed')}/retry` }),
  },
  {
    // A student's own progress on a deck: whoever can see the deck's topic (others: 404, it stays unseen).
    route: 'GET /api/decks/:id/apkg',
    expect: { ...VERIFIED, otherAdmin: 404, otherYearAdmin: 404 },
    request: async (f) => ({ url: `/api/decks/${await f.resources.deck()}/apkg` }),
  },
  { route: 'GET /api/sync/progress', expect: VERIFIED },
  { route: 'GET /api/sync/scheduler-settings', expect: VERIFIED },
  {
    route: 'PUT /api/sync/scheduler-settings',
    expect: VERIFIED,
    request: () => ({ payload: { ...DEFAULT_SCHEDULER_SETTINGS, updatedAt: 1 } }),
  },
  { route: 'GET /api/sync/scheduler-optimize', expect: VERIFIED },
  {
    route: 'POST /api/sync/scheduler-optimize',
    expect: VERIFIED,
    status: 202,
    request: () => ({ payload: { timeZone: 'UTC' } }),
  },
  {
    route: 'GET /api/sync/retention',
    expect: VERIFIED,
    request: () => ({ url: '/api/sync/retention?timeZone=Europe%2FLondon' }),
  },
  {
    route: 'GET /api/sync/day-tally',
    expect: VERIFIED,
    request: () => ({ url: '/api/sync/day-tally?since=0&deviceId=device-authz' }),
  },
  {
    route: 'POST /api/sync/question-stats',
    expect: VERIFIED,
    request: (f) => ({ payload: { topicIds: [f.resources.topic, 'not-a-topic'] } }),
  },
  {
    route: 'GET /demo-images/:file',
    expect: PUBLIC,
    status: 404 /* not seeded in tests */,
    request: () => ({ url: '/demo-images/cardiac-cycle.svg' }),
  },
  {
    route: 'GET /files/*',
    expect: PUBLIC,
    status: 404 /* no such file */,
    request: () => ({ url: '/files/html_content_images/missing.png' }),
  },

  ...CONTENT_ENTRIES,
  ...RESOURCE_ENTRIES,
];

describe('authorization table', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let fixture: Fixture;
  const users = {} as Record<Exclude<Kind, 'anonymous'>, TestUser>;
  const cookies = {} as Record<Kind, string>;

  beforeAll(async () => {
    // A fixed secret so the scratch app below accepts the same cookies.
    t = await createTestApp({
      authSecret: 'authorization-test-secret-0123456789abcdef',
      jobConcurrency: 1,
    });
    const college = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    const otherCollege = await createCollege(t.db, { years: ['Y1'] });
    const inScope = { collegeId: college.id, yearGroup: 'Y1' };
    users.unverified = await createUser(t.db, { ...inScope, verified: false });
    users.student = await createUser(t.db, inScope);
    users.admin = await createUser(t.db, { role: 'admin', adminCollegeId: college.id, adminYearGroup: 'Y1' });
    users.otherAdmin = await createUser(t.db, {
      role: 'admin',
      adminCollegeId: otherCollege.id,
      adminYearGroup: 'Y1',
    });
    users.otherYearAdmin = await createUser(t.db, {
      role: 'admin',
      adminCollegeId: college.id,
      adminYearGroup: 'Y2',
    });
    users.superadmin = await createUser(t.db, { role: 'superadmin' });
    const target = await createUser(t.db, inScope);
    const ankiPackage = Buffer.from(await buildTestPackage('latest', sampleContent()));
    /** A fresh job of the caller, read and ready — or failed (a zip that is no Anki package), for Try
     *  again — (an admin's for a caller who cannot upload one). */
    const cached = new Map<string, Promise<string>>();
    const notAnki = Buffer.from(zipSync({ 'notes.txt': strToU8('not an Anki collection') }));
    // A caller who may not own one is refused before ownership counts: the admin's will do.
    const ankiJob = (topicId: string, kind: string, fresh: boolean, failed = false): Promise<string> => {
      const owner = kind === 'superadmin' ? 'superadmin' : 'admin';
      if (fresh && kind === owner) return readJob(topicId, owner, failed);
      const key = `${owner}:${failed}`;
      const job = cached.get(key) ?? readJob(topicId, owner, failed);
      cached.set(key, job);
      return job;
    };
    const readJob = async (
      topicId: string,
      owner: 'admin' | 'superadmin',
      failed: boolean,
    ): Promise<string> => {
      const upload = multipartFile('cardio.apkg', failed ? notAnki : ankiPackage, 'application/octet-stream');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/topics/${topicId}/anki-imports`,
        payload: upload.payload,
        headers: { ...upload.headers, cookie: cookies[owner] },
      });
      const { jobId } = res.json<{ jobId: string }>();
      for (let i = 0; i < 1800; i++) {
        const job = await t.app.inject({
          method: 'GET',
          url: `/api/admin/anki-imports/${jobId}`,
          headers: { cookie: cookies[owner] },
        });
        const { state } = job.json<{ state: string }>();
        if (state === (failed ? 'failed' : 'ready')) return jobId;
        if (state !== 'queued' && state !== 'reading') throw new Error(`the Anki job ended ${state}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the Anki package was not read');
    };
    const content = await createContentFixture(t.db, { college, target });
    fixture = {
      college,
      otherCollege,
      target,
      spare: await createUser(t.db, inScope),
      content,
      resources: createResourceFixture(
        t.db,
        content.topic,
        { collegeId: college.id, yearGroup: 'Y1' },
        { ankiPackage, ankiJob: (kind, fresh, failed) => ankiJob(content.topic, kind, fresh, failed) },
      ),
      progressJob: async (state) => {
        const id = crypto.randomUUID();
        const packageKey = privateKey('jobs', id, 'anki-progress');
        if (state === 'failed')
          await createStorage(t.config.storage).put(packageKey, Buffer.from(await tinyAnkiPackage()), {
            contentType: 'application/octet-stream',
          });
        const at = Date.now();
        await t.db.insert(jobTable).values({
          id,
          kind: JOB_KINDS.ankiProgress,
          ownerId: users.student.id,
          collegeId: college.id,
          queue: `authz:${id}`,
          state,
          input: { fileName: 'mine.apkg', packageKey, at },
          error: state === 'failed' ? ANKI_PROGRESS_MESSAGES.jobFailed : null,
          createdAt: at,
          updatedAt: at,
          finishedAt: state === 'failed' ? at : null,
        });
        return id;
      },
    };
    cookies.anonymous = '';
    for (const kind of KINDS)
      if (kind !== 'anonymous')
        cookies[kind] = (await signIn(t.app, users[kind].email, users[kind].password)).cookie;
  });
  afterAll(async () => t.close());

  it('has exactly one complete entry per registered route', () => {
    const registered = t.app.routeAccess
      .filter((r) => r.method !== 'HEAD' && !r.exempt)
      .map((r) => `${r.method} ${r.url}`);
    const entries = TABLE.map((e) => e.route);
    const missing = registered.filter((r) => !entries.includes(r));
    const stale = entries.filter((e) => !registered.includes(e));
    const duplicated = entries.filter((e, i) => entries.indexOf(e) !== i);
    const incomplete = TABLE.filter((e) => KINDS.some((k) => !(k in e.expect))).map((e) => e.route);
    expect({ missing, stale, duplicated, incomplete }).toEqual({
      missing: [],
      stale: [],
      duplicated: [],
      incomplete: [],
    });
  });

  it('declares an access level on every route (no fail-closed fallbacks)', () => {
    const undeclared = t.app.routeAccess
      .filter((r) => !r.declared && !r.exempt)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  for (const entry of TABLE) {
    it(
      entry.route,
      async () => {
        const [method, pattern] = entry.route.split(' ') as [string, string];
        for (const kind of KINDS) {
          const req = (await entry.request?.(fixture, kind)) ?? {};
          const url = req.url ?? pattern.replace(/:[A-Za-z]+/g, 'x');
          const cookie = cookies[kind];
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { ...(cookie ? { cookie } : {}), ...req.headers },
            ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
            ...(entry.stream ? { payloadAsStream: true } : {}),
          });
          if (entry.stream) res.stream().destroy();
          if (entry.fresh && kind !== 'anonymous')
            cookies[kind] = (await signIn(t.app, users[kind].email, users[kind].password)).cookie;
          const outcome = outcomeOf(entry, entry.expect[kind], res.statusCode);
          expect({
            kind,
            outcome,
            body: outcome === entry.expect[kind] ? '' : res.body.slice(0, 200),
          }).toEqual({
            kind,
            outcome: entry.expect[kind],
            body: '',
          });
        }
      },
      entry.timeout,
    );
  }

  it("POST /api/sync/progress: ops on the scope's content apply for who may see it, are refused for the others", async () => {
    // Issue 38: a review, an answer and a block naming content of the admin's scope (college, Y1).
    const { subject, topic } = fixture.content;
    const [cardId, questionId] = [await fixture.resources.card(), await fixture.resources.question()];
    const record = {
      subjectId: subject,
      deckId: null,
      easeFactor: 2.5,
      interval: 0,
      dueDate: 1,
      isSuspended: false,
    };
    const question = { questionId, subjectId: subject, topicId: topic, order: [1, 2], answer: null };
    const ops = () => [
      {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'upsert',
        rating: 3,
        record: { ...record, itemId: cardId, type: 'flashcard', cardId, questionId: null, reviewedAt: 1 },
      },
      {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'upsert',
        rating: 1,
        record: { ...record, itemId: questionId, type: 'mcq', cardId: null, questionId, reviewedAt: 1 },
      },
      {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'block',
        block: {
          id: crypto.randomUUID(),
          mode: 'tutor',
          secondsPerQuestion: 90,
          startedAt: 1,
          endedAt: null,
          current: 0,
          shownAt: null,
          questions: [{ ...question, checked: false, flagged: false, struck: [], timeMs: 0 }],
          updatedAt: 1,
        },
      },
    ];
    const outcomes: Partial<Record<Kind, string>> = {};
    for (const kind of ['student', 'otherAdmin', 'otherYearAdmin', 'admin', 'superadmin'] as const) {
      const sent = ops();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/progress',
        headers: { cookie: cookies[kind] },
        payload: { deviceId: 'authz-visibility', ops: sent },
      });
      const body = res.json<{ accepted: string[]; rejected: { reason: string }[] }>();
      outcomes[kind] =
        res.statusCode !== 200
          ? `status ${res.statusCode}`
          : body.accepted.length === sent.length
            ? 'applied'
            : body.rejected.every((r) => r.reason.startsWith('not visible')) &&
                body.rejected.length === sent.length
              ? 'refused'
              : JSON.stringify(body);
    }
    expect(outcomes).toEqual({
      student: 'applied',
      otherAdmin: 'refused',
      otherYearAdmin: 'refused',
      admin: 'applied',
      superadmin: 'applied',
    });
  });

  it('serves the exempt routes (docs, built web app files, SPA fallback) to anonymous callers', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Zan</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const web = await createTestApp({ webDist: dist });
    try {
      const exempt = web.app.routeAccess.filter((r) => r.exempt).map((r) => `${r.method} ${r.url}`);
      expect(exempt).toEqual(
        expect.arrayContaining(['GET /index.html', 'GET /assets/app.js', 'GET /api/docs/json']),
      );
      for (const url of ['/', '/dashboard', '/assets/app.js', '/api/docs/json']) {
        expect((await web.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
      expect((await web.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('fails closed for a route without an access level: superadmin only', async () => {
    const scratch = Fastify({ logger: false });
    registerErrorHandling(scratch);
    const ctx = await createServices(scratch, { config: t.config, db: t.db, pool: t.pool });
    registerAccess(scratch, ctx.authKit);
    scratch.get('/api/forgotten', async () => ({ ok: true }));
    await scratch.ready();
    try {
      expect(scratch.routeAccess.find((r) => r.url === '/api/forgotten' && r.method === 'GET')).toMatchObject(
        {
          access: 'superadmin',
          declared: false,
        },
      );
      const call = (kind: Kind) =>
        scratch.inject({
          method: 'GET',
          url: '/api/forgotten',
          headers: cookies[kind] ? { cookie: cookies[kind] } : {},
        });
      expect((await call('anonymous')).statusCode).toBe(401);
      expect((await call('admin')).statusCode).toBe(403);
      expect((await call('superadmin')).statusCode).toBe(200);
    } finally {
      await scratch.close();
    }
  });
});
