// The production build as a process: `node apps/server/dist/server.js` stops cleanly on SIGTERM and
// SIGINT, sent to it alone or to its whole process group: it finishes in-flight requests, ends the
// event streams, stops the embedded PostgreSQL and exits 0 within 10 s.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alive,
  buildServer,
  postmasterPid,
  startBuiltServer,
  stopGroup,
  type RunningServer,
} from './built-server.ts';

const STUDENT = { email: 'student@demo.test', password: 'demo-student-1' };

/** Starts a sign-in whose body arrives in two parts; `finish()` sends the rest and resolves the status. */
function slowSignIn(url: string) {
  const body = JSON.stringify(STUDENT);
  const half = Math.floor(body.length / 2);
  const req = http.request(`${url}/api/session/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  response.catch(() => {}); // awaited by finish(); no unhandled rejection before that
  req.write(body.slice(0, half));
  return {
    finish: () => {
      req.end(body.slice(half));
      return response;
    },
  };
}

async function openEvents(url: string, cookie: string) {
  const res = await fetch(`${url}/api/events`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toContain(': connected');
  /** Resolves when the server ends the stream. */
  return (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })();
}

async function expectStopped(server: RunningServer, pgPid: number, started: number) {
  const { code } = await server.exited;
  const took = Date.now() - started;
  expect(code, server.output()).toBe(0);
  expect(took).toBeLessThan(10_000);
  // The postmaster exits with the server (its last child may linger a moment).
  for (let i = 0; i < 50 && alive(pgPid); i++) await new Promise((r) => setTimeout(r, 100));
  expect(alive(pgPid)).toBe(false);
  expect(fs.existsSync(`${server.dataDir}/pg/postmaster.pid`)).toBe(false);
}

describe('the built server process', () => {
  let dataDir: string | undefined;
  beforeAll(() => buildServer(), 60_000);
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM to the process: finishes the in-flight request, ends event streams, stops PostgreSQL, exits 0', async () => {
    const server = await startBuiltServer({ SEED_DEMO: '1' });
    dataDir = server.dataDir;
    const pgPid = postmasterPid(server.dataDir)!;
    expect(alive(pgPid)).toBe(true);
    const signIn = await fetch(`${server.url}/api/session/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STUDENT),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const streamEnded = openEvents(server.url, cookie);
    const inFlight = slowSignIn(server.url);
    await new Promise((r) => setTimeout(r, 200));

    const started = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // The request that was being received when the signal came is still answered in full.
    expect(await inFlight.finish()).toBe(200);
    expect(await streamEnded).toBe(true);
    await expectStopped(server, pgPid, started);
  }, 120_000);

  it('SIGTERM to the whole process group (as a terminal or supervisor sends it) stops everything', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir! });
    const pgPid = postmasterPid(server.dataDir)!;
    const started = Date.now();
    stopGroup(server, 'SIGTERM');
    await expectStopped(server, pgPid, started);
  }, 120_000);

  it('SIGINT (Ctrl+C) to the process group stops everything', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir! });
    const pgPid = postmasterPid(server.dataDir)!;
    const started = Date.now();
    stopGroup(server, 'SIGINT');
    await expectStopped(server, pgPid, started);
  }, 120_000);
});
