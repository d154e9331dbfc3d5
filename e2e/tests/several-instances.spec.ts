// Journey: two server processes (the production build) on one PostgreSQL, as behind a load balancer.
// Signing in through instance B signs the session on instance A out, live; a content change made
// through A's admin content API (PATCH /api/admin/modules/:id, the demo admin signed in on A) reaches
// the student's event stream on B: A's unit of work publishes it after commit (PostgreSQL NOTIFY), B
// has to pick it up through its own LISTEN connection and send it to the student.
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
import { DEMO } from '../support/accounts.ts';
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
  const shared = { DATABASE_URL: pg.url, AUTH_SECRET, LOG_LEVEL: 'warn', E2E: '1' };
  // Both start together: migrations run once under the advisory lock; A also seeds the demo data.
  [a, b] = await Promise.all([
    startBuiltServer({ ...shared, SEED_DEMO: '1', DATA_DIR: path.join(dir, 'a') }),
    startBuiltServer({ ...shared, DATA_DIR: path.join(dir, 'b') }),
  ]);
});

test.afterAll(async () => {
  for (const server of [a, b]) {
    if (!server) continue;
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
