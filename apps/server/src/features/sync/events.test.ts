import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../platform/events.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createUser, signIn } from '../../../test/helpers.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;

/** A stand-in for an HTTP response that records what the bus writes. */
function fakeResponse() {
  const emitter = new EventEmitter();
  const res = Object.assign(emitter, {
    chunks: [] as string[],
    ended: false,
    writeHead: () => res,
    write: (chunk: string) => {
      res.chunks.push(chunk);
      return true;
    },
    end: () => {
      res.ended = true;
      emitter.emit('close');
    },
  });
  return res;
}

const until = async (check: () => boolean, ms = 3000) => {
  const stop = Date.now() + ms;
  while (!check()) {
    if (Date.now() > stop) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('live events bus', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('delivers across instances through LISTEN/NOTIFY, per user, and replaces sessions', async () => {
    const log = { warn: () => {} };
    const a = createEventBus({ pool: t.pool, log });
    const b = createEventBus({ pool: t.pool, log });
    await Promise.all([a.start(), b.start()]);
    try {
      const oldSession = fakeResponse();
      const newSession = fakeResponse();
      const otherUser = fakeResponse();
      a.stream(oldSession as unknown as ServerResponse, { userId: 'u1', sessionId: 's1' });
      a.stream(newSession as unknown as ServerResponse, { userId: 'u1', sessionId: 's2' });
      a.stream(otherUser as unknown as ServerResponse, { userId: 'u2', sessionId: 's9' });
      expect(a.connectionCount()).toBe(3);

      await b.publish('u1', 'profile', { userId: 'u1' });
      await until(() => newSession.chunks.some((c) => c.startsWith('event: profile')));
      expect(oldSession.chunks).toContain('event: profile\ndata: {"userId":"u1"}\n\n');
      expect(otherUser.chunks.some((c) => c.includes('profile'))).toBe(false);

      await b.publish('*', 'content', {});
      await until(() => otherUser.chunks.some((c) => c.startsWith('event: content')));

      await b.sessionReplaced('u1', 's2');
      await until(() => oldSession.ended);
      expect(oldSession.chunks).toContain('event: session-replaced\ndata: {"sessionId":"s2"}\n\n');
      expect(newSession.ended).toBe(false);
      expect(newSession.chunks.some((c) => c.includes('session-replaced'))).toBe(false);

      await b.sessionsEnded('u1', ['s2']);
      await until(() => newSession.ended);
      expect(a.connectionCount()).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('issue 9 case 11: after a LISTEN reconnect every local stream is told to resync', async () => {
    const bus = createEventBus({ pool: t.pool, log: { warn: () => {} } });
    await bus.start();
    const res = fakeResponse();
    try {
      bus.stream(res as unknown as ServerResponse, { userId: 'u-resync', sessionId: 's' });
      // Kill the LISTEN connection: notifications sent meanwhile are lost for this instance.
      await t.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN zan_events%' and pid <> pg_backend_pid()`,
      );
      await until(() => res.chunks.some((c) => c.startsWith('event: resync')), 5000);
    } finally {
      await bus.close();
    }
  });

  it('sends heartbeat comments', async () => {
    const bus = createEventBus({ pool: t.pool, log: { warn: () => {} }, heartbeatMs: 30 });
    await bus.start();
    const res = fakeResponse();
    bus.stream(res as unknown as ServerResponse, { userId: 'u', sessionId: 's' });
    await until(() => res.chunks.includes(': heartbeat\n\n'));
    await bus.close();
    expect(res.ended).toBe(true);
  });
});

describe('GET /api/events over HTTP', () => {
  let t: T;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (t.app.server.listening) await t.close();
  });

  const open = async (cookie: string) => {
    const res = await fetch(`${base}/api/events`, { headers: { cookie } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { done, value } = await reader.read();
        if (done) return { text, done: true };
        text += decoder.decode(value, { stream: true });
      }
      return { text, done: false };
    };
    const readToEnd = async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
      }
    };
    return { res, readUntil, readToEnd };
  };

  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });

  it('tells the replaced session, then closes its stream; closing the server ends open streams', async () => {
    const u = await createUser(t.db);
    const first = await signIn(t.app, u.email, u.password);
    const stream = await open(first.cookie);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    await stream.readUntil(/: connected/);

    const second = await signIn(t.app, u.email, u.password);
    const text = await stream.readToEnd();
    expect(text).toContain(`event: session-replaced\ndata: {"sessionId":"${second.sessionId}"}\n\n`);

    const live = await open(second.cookie);
    await live.readUntil(/: connected/);
    const started = Date.now();
    await t.close();
    await live.readToEnd();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
