// Live events (ARCHITECTURE §5): Server-Sent Events to a user's open connections. Every publish goes
// through PostgreSQL NOTIFY and comes back through one dedicated LISTEN client, so it reaches the
// user's connections on every server instance.
import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@zan/core';
import pg from 'pg';
import { listen, notify as pgNotify } from './events-repository.ts';

const CHANNEL = 'zan_events';
const HEARTBEAT_MS = 25_000;

/** Internal notices that travel the same way but are not sent to clients. */
type Notice =
  | { u: string; e: LiveEvent; d: Record<string, unknown> }
  | { u: string; e: 'session-ended'; d: { sessionIds: string[] } };

type Connection = {
  userId: string;
  sessionId: string;
  send: (event: LiveEvent, data: unknown) => void;
  close: () => void;
};

export type EventBus = {
  /** Connects the LISTEN client. */
  start: () => Promise<void>;
  /** Sends `event` to every connection of `userId` ('*' = every signed-in connection). */
  publish: (userId: string | '*', event: LiveEvent, data?: Record<string, unknown>) => Promise<void>;
  /** The user signed in elsewhere: connections of other sessions get 'session-replaced', then close. */
  sessionReplaced: (userId: string, newSessionId: string) => Promise<void>;
  /** Closes the connections of these sessions (sign-out, password reset). */
  sessionsEnded: (userId: string, sessionIds: string[]) => Promise<void>;
  /** Streams events to an HTTP response until the client leaves or the server closes. */
  stream: (res: ServerResponse, who: { userId: string; sessionId: string }) => void;
  connectionCount: () => number;
  /** Ends every stream and the LISTEN client (graceful shutdown must not wait on open streams). */
  close: () => Promise<void>;
};

export function createEventBus(opts: {
  pool: pg.Pool;
  log: { warn: (obj: unknown, msg: string) => void };
  heartbeatMs?: number;
}): EventBus {
  const { pool, log } = opts;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const connections = new Set<Connection>();
  let listener: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let backoff = 500;
  /** After the first LISTEN, a reconnect means notifications may have been missed meanwhile. */
  let listenedBefore = false;

  const dispatch = (notice: Notice) => {
    for (const c of [...connections]) {
      if (notice.u !== '*' && c.userId !== notice.u) continue;
      if (notice.e === 'session-ended') {
        if (notice.d.sessionIds.includes(c.sessionId)) c.close();
      } else if (notice.e === 'session-replaced') {
        if (c.sessionId === notice.d.sessionId) continue;
        c.send('session-replaced', notice.d);
        c.close();
      } else {
        c.send(notice.e, notice.d);
      }
    }
  };

  const scheduleReconnect = (err: unknown) => {
    if (closed || retryTimer) return;
    log.warn({ err }, 'live events: LISTEN connection lost; reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(scheduleReconnect);
    }, backoff);
    backoff = Math.min(backoff * 2, 30_000);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: pool.options.connectionString });
    const lost = (err: unknown) => {
      if (listener !== client) return;
      listener = null;
      client.end().catch(() => {});
      scheduleReconnect(err);
    };
    listener = client;
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        dispatch(JSON.parse(msg.payload) as Notice);
      } catch (err) {
        log.warn({ err }, 'live events: bad notification');
      }
    });
    try {
      await client.connect();
      await listen(client, CHANNEL);
      backoff = 500;
      // Whatever was notified while this instance was not listening is lost: every local stream resyncs.
      if (listenedBefore) for (const c of [...connections]) c.send('resync', {});
      listenedBefore = true;
    } catch (err) {
      if (listener === client) listener = null;
      client.end().catch(() => {});
      throw err;
    }
  };

  const notify = async (notice: Notice) => {
    await pgNotify(pool, CHANNEL, JSON.stringify(notice));
  };

  return {
    start: connect,
    publish: (userId, event, data = {}) => notify({ u: userId, e: event, d: data }),
    sessionReplaced: (userId, sessionId) => notify({ u: userId, e: 'session-replaced', d: { sessionId } }),
    sessionsEnded: (userId, sessionIds) =>
      sessionIds.length ? notify({ u: userId, e: 'session-ended', d: { sessionIds } }) : Promise.resolve(),
    stream(res, who) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      res.write('retry: 5000\n: connected\n\n');
      let open = true;
      const conn: Connection = {
        ...who,
        send(event, data) {
          if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        close() {
          if (!open) return;
          open = false;
          clearInterval(heartbeat);
          connections.delete(conn);
          res.end();
        },
      };
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      connections.add(conn);
      res.on('close', () => conn.close());
      if (closed) conn.close();
    },
    connectionCount: () => connections.size,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      for (const c of [...connections]) c.close();
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
