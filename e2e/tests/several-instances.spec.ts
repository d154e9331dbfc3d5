// Journey: two server processes (the production build) on one PostgreSQL, as behind a load balancer.
// Signing in through instance B signs the session on instance A out, live; a content change reaches
// an event stream on B whichever process made it.
//
// No HTTP route writes content yet (the admin content API comes later), so the content change is
// announced the way the server's unit of work announces it after its commit: `notifyContentChanged`
// through an event bus (`createEventBus`) on the shared database, i.e. PostgreSQL NOTIFY from a third
// process. Instance B has to pick it up through its own LISTEN connection and send it to the student.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDb } from '../../apps/server/src/db/client.ts';
import { notifyContentChanged } from '../../apps/server/src/domain/notify.ts';
import { startEmbedded, type EmbeddedDb } from '../../apps/server/src/db/embedded.ts';
import { createEventBus } from '../../apps/server/src/platform/events.ts';
import { freePort, startBuiltServer, stopGroup, type RunningServer } from '../../apps/server/test/built-server.ts';
import { DEMO } from '../support/accounts.ts';
import { signedOutDialog, signIn } from '../support/ui.ts';

const AUTH_SECRET = 'several-instances-e2e-secret-0123456789abcdef';
const DEMO_COLLEGE_ID = 'demo-medical-college';

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

test('a sign-in through instance B signs A out live; a content change reaches a stream on B', async ({ browser }) => {
  const student = DEMO.student;
  const deviceA = await browser.newContext({ baseURL: a.url });
  try {
    const page = await deviceA.newPage();
    await signIn(page, student.email, student.password);
    await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __instanceA: boolean }).__instanceA = true));

    // The same student signs in on another device, whose requests the balancer sends to B.
    const signInB = await fetch(`${b.url}/api/session/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: student.email, password: student.password }),
    });
    expect(signInB.status).toBe(200);
    const cookie = signInB.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    // A's page learns it over its event stream on A, without a reload.
    const notice = signedOutDialog(page);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('You have been signed in on another device. This session has been logged out.');
    expect(await page.evaluate(() => (window as unknown as { __instanceA?: boolean }).__instanceA)).toBe(true);

    // The new session's event stream, served by B.
    const stream = await fetch(`${b.url}/api/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    expect(await readUntil(stream, /: connected/)).toContain(': connected');

    const { pool, db } = createDb(pg.url, 2);
    const bus = createEventBus({ pool, log: { warn: () => {} } });
    try {
      await notifyContentChanged(bus, db, { collegeIds: [DEMO_COLLEGE_ID], version: 424242 });
      const text = await readUntil(stream, /event: content/);
      expect(text).toContain('event: content\ndata: {"version":424242}\n\n');
    } finally {
      await bus.close();
      await pool.end();
    }
  } finally {
    await deviceA.close();
  }
});
