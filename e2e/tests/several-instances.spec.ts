// Journey: two server processes (the production build) on one PostgreSQL and one storage directory, as
// behind a load balancer. Signing in through instance B signs the session on instance A out, live; a
// content change made through A's admin content API (PATCH /api/admin/modules/:id, the demo admin signed
// in on A) reaches the student's event stream on B: A's unit of work publishes it after commit
// (PostgreSQL NOTIFY), B has to pick it up through its own LISTEN connection and send it to the student.
// Issue 32: an Anki package uploaded through A is read, previewed and imported through B (A queues jobs,
// JOB_CONCURRENCY=0; B runs them); B is killed (SIGKILL) in the middle of the import, started again, and
// the job still ends done — once: the cards are there one time each. A student's Optimize started through
// A (which queues it) is run by B, its live events reach the student's stream on A, and it is followed
// through B to its outcome.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { ModuleListResponse, ModuleResponse } from '../../packages/core/src/index.ts';
import { startEmbedded, type EmbeddedDb } from '../../apps/server/src/db/embedded.ts';
import {
  freePort,
  startBuiltServer,
  stopGroup,
  type RunningServer,
} from '../../apps/server/test/built-server.ts';
import pgLib from 'pg';
import { buildTestPackage, largeContent } from '../../apps/server/src/features/anki/test-packages.ts';
import { DEMO } from '../support/accounts.ts';
import { pastReviews } from '../support/study.ts';
import { signedOutDialog, signIn } from '../support/ui.ts';

const AUTH_SECRET = 'several-instances-e2e-secret-0123456789abcdef';

let dir: string;
let pg: EmbeddedDb;
let a: RunningServer;
let b: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-two-instances-'));
  fs.chmodSync(dir, 0o755);
  pg = await startEmbedded({ dir: path.join(dir, 'pg'), port: await freePort(), database: 'zan' });
  // Both start together: migrations run once under the advisory lock; A also seeds the demo data.
  [a, b] = await Promise.all([
    startBuiltServer({ ...shared(), SEED_DEMO: '1', DATA_DIR: path.join(dir, 'a'), JOB_CONCURRENCY: '0' }),
    startBuiltServer(envB()),
  ]);
});

/** What both instances share: the database, the secret, the storage directory; a dead one shows in 5 s. */
const shared = () => ({
  DATABASE_URL: pg.url,
  AUTH_SECRET,
  LOG_LEVEL: 'warn',
  E2E: '1',
  STORAGE_DIR: path.join(dir, 'files'),
  JOB_DEAD_SECONDS: '5',
});
const envB = () => ({ ...shared(), DATA_DIR: path.join(dir, 'b'), JOB_CONCURRENCY: '1' });

test.afterAll(async () => {
  for (const server of [a, b]) {
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) continue;
    stopGroup(server, 'SIGTERM');
    await server.exited;
  }
  await pg?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Signs in through `server`'s API (as another device would) and answers the session cookie. */
async function signInAt(server: RunningServer, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${server.url}/api/session/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Reads a Server-Sent Events response until `pattern` shows (or the stream ends). */
async function readUntil(res: Response, pattern: RegExp, ms = 15_000): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const stop = setTimeout(() => void reader.cancel(), ms);
  try {
    while (!pattern.test(text)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(stop);
    reader.releaseLock();
  }
  return text;
}

test('a sign-in through instance B signs A out live; a content change reaches a stream on B', async ({
  browser,
}) => {
  const student = DEMO.student;
  const deviceA = await browser.newContext({ baseURL: a.url });
  try {
    const page = await deviceA.newPage();
    await signIn(page, student.email, student.password);
    await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __instanceA: boolean }).__instanceA = true));

    // The same student signs in on another device, whose requests the balancer sends to B.
    const cookie = await signInAt(b, student);

    // A's page learns it over its event stream on A, without a reload.
    const notice = signedOutDialog(page);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(
      'You have been signed in on another device. This session has been logged out.',
    );
    expect(await page.evaluate(() => (window as unknown as { __instanceA?: boolean }).__instanceA)).toBe(
      true,
    );

    // The new session's event stream, served by B.
    const stream = await fetch(`${b.url}/api/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    expect(await readUntil(stream, /: connected/)).toContain(': connected');

    // The demo admin, signed in on A, edits a module of the student's college through A's admin API.
    const admin = await signInAt(a, DEMO.admin);
    const list = await fetch(`${a.url}/api/admin/modules`, { headers: { cookie: admin } });
    expect(list.status).toBe(200);
    const target = ((await list.json()) as ModuleListResponse).modules[0]!;
    expect(target.collegeName).toBe(DEMO.college);
    const extraInfo = `Edited through instance A at ${Date.now()}`;
    const patch = await fetch(`${a.url}/api/admin/modules/${target.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: a.url, cookie: admin },
      body: JSON.stringify({ extraInfo }),
    });
    expect(patch.status, await patch.clone().text()).toBe(200);
    expect(((await patch.json()) as ModuleResponse).module.extraInfo).toBe(extraInfo);

    // B sends it to the student: the content event with the write's version, newer than the seed's.
    const text = await readUntil(stream, /event: content\ndata: \{"version":\d+\}\n\n/);
    const version = Number(/event: content\ndata: \{"version":(\d+)\}/.exec(text)?.[1]);
    expect(version).toBeGreaterThan(0);
  } finally {
    await deviceA.close();
  }
});

test('an Anki import uploaded through A runs on B; B killed mid-import, the job still ends done, once', async () => {
  test.setTimeout(180_000);
  const db = new pgLib.Client({ connectionString: pg.url });
  await db.connect();
  try {
    const admin = await signInAt(a, DEMO.admin);
    // A topic the demo admin edits: their college and year group.
    const topic = await db.query<{ id: string }>(
      `select t.id from topic t join "user" u on u.email = $1
       where t.college_id = u.admin_college_id and t.year_group = u.admin_year_group
         and not t.is_archived order by t.created_at limit 1`,
      [DEMO.admin.email],
    );
    const topicId = topic.rows[0]!.id;
    const CARDS = 4000;
    const pkg = await buildTestPackage('latest', largeContent(CARDS, 1));
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(pkg)]), 'large.apkg');
    const up = await fetch(`${a.url}/api/admin/topics/${topicId}/anki-imports`, {
      method: 'POST',
      headers: { origin: a.url, cookie: admin },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(202);
    const { jobId } = (await up.json()) as { jobId: string };
    const job = async (server: RunningServer) => {
      const res = await fetch(`${server.url}/api/admin/anki-imports/${jobId}`, {
        headers: { cookie: admin },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        state: string;
        preview: { cards: number; samples: { front: string }[] } | null;
        result: { decks: { added: number }[] } | null;
      };
    };
    // Read on B (A runs no jobs), previewed through B.
    await expect.poll(async () => (await job(b)).state, { timeout: 60_000 }).toBe('ready');
    const ready = await job(b);
    expect(ready.preview?.cards).toBe(CARDS);
    const picture = /src="(\/api\/admin\/anki-imports\/[^"]+\/pictures\/[^"]+)"/.exec(
      ready.preview!.samples.map((x) => x.front).join(''),
    )?.[1];
    expect(picture).toBeTruthy();
    const pic = await fetch(`${b.url}${picture}`, { headers: { cookie: admin } });
    expect(pic.status).toBe(200);
    expect(pic.headers.get('content-type')).toBe('image/png');

    // Imported through B; B dies while the import step runs.
    const start = await fetch(`${b.url}/api/admin/anki-imports/${jobId}/import`, {
      method: 'POST',
      headers: { origin: b.url, cookie: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ deckMode: 'one', deckName: 'Large deck' }),
    });
    expect(start.status, await start.clone().text()).toBe(202);
    const row = async () =>
      (
        await db.query<{ state: string; attempts: number; step: string }>(
          `select state, attempts, input->>'step' as step from job where id = $1`,
          [jobId],
        )
      ).rows[0]!;
    await expect
      .poll(
        async () => {
          const r = await row();
          return `${r.step} ${r.state}`;
        },
        { timeout: 30_000, intervals: [50] },
      )
      .toBe('import running');
    stopGroup(b, 'SIGKILL');
    await b.exited;
    expect((await row()).state).toBe('running');

    // B again (a new instance): the dead one's job runs again there and ends done.
    b = await startBuiltServer(envB());
    await expect.poll(async () => (await job(a)).state, { timeout: 90_000 }).toBe('done');
    const done = await job(a);
    expect(done.result?.decks[0]?.added).toBe(CARDS);
    expect((await row()).attempts).toBe(2);
    const cards = await db.query<{ n: number }>(
      `select count(*)::int as n from card c join flashcard_deck d on d.id = c.deck_id
       where d.topic_id = $1 and d.name = 'Large deck'`,
      [topicId],
    );
    expect(cards.rows[0]!.n).toBe(CARDS);
  } finally {
    await db.end();
  }
});

test("a student's Optimize started through A is run by B and followed through B", async () => {
  test.setTimeout(120_000);
  const cookie = await signInAt(a, DEMO.student);
  const json = { origin: a.url, cookie, 'content-type': 'application/json' };
  // 480 reviews from another device reach the server through A.
  const ops = pastReviews(60, 8, Date.now());
  const push = await fetch(`${a.url}/api/sync/progress`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ deviceId: 'e2e-instances-device', ops }),
  });
  expect(push.status, await push.clone().text()).toBe(200);

  // The student's event stream is served by A, which runs no jobs.
  const stream = await fetch(`${a.url}/api/events`, { headers: { cookie } });
  expect(stream.status).toBe(200);
  const start = await fetch(`${a.url}/api/sync/scheduler-optimize`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ timeZone: 'Europe/London' }),
  });
  expect(start.status, await start.clone().text()).toBe(202);
  // A runs no jobs: the run waits in its queue until B takes it.
  expect(((await start.json()) as { job: { status: string } }).job.status).toBe('queued');
  // B's progress reaches the stream on A live (the web app follows the run by these events).
  expect(await readUntil(stream, /event: job\ndata: \{"id":"[^"]+","kind":"optimize"\}/, 60_000)).toMatch(
    /event: job/,
  );
  void stream.body?.cancel();
  const state = async () => {
    const res = await fetch(`${b.url}/api/sync/scheduler-optimize`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as { job: { status: string; outcome?: { kind: string; reviews: number } } };
  };
  await expect.poll(async () => (await state()).job.status, { timeout: 90_000 }).toBe('done');
  expect((await state()).job.outcome).toMatchObject({ kind: 'improved', reviews: 480 });
  // B saved the fit as the student's parameters: any instance answers them.
  const settings = await fetch(`${a.url}/api/sync/scheduler-settings`, { headers: { cookie } });
  expect(
    ((await settings.json()) as { settings: { parametersSource: { kind: string } } }).settings,
  ).toMatchObject({ parametersSource: { kind: 'personal', reviews: 480 } });
});
