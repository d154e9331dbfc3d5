// Which port the embedded PostgreSQL of a data directory uses: EMBEDDED_PG_PORT when set; otherwise
// 54329, or — when another program (a second Zan server) holds that — a free port, remembered in
// <DATA_DIR>/embedded-pg-port so the same data directory, and the tools that reach it, keep it.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const DEFAULT_EMBEDDED_PG_PORT = 54329;

/** The file that remembers a chosen port: beside `<DATA_DIR>/pg`. */
export const rememberedPortFile = (pgDir: string) =>
  path.join(path.dirname(path.resolve(pgDir)), 'embedded-pg-port');

function rememberedPort(pgDir: string): number | undefined {
  try {
    const n = Number(fs.readFileSync(rememberedPortFile(pgDir), 'utf8').trim());
    return Number.isInteger(n) && n > 0 && n < 65536 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The port of the embedded PostgreSQL in `pgDir` (to reach a running one): `configured`
 * (EMBEDDED_PG_PORT) when set, else the port the data directory remembers, else the default.
 */
export function embeddedPort(
  pgDir: string,
  configured: number | undefined,
  fallback = DEFAULT_EMBEDDED_PG_PORT,
): number {
  return configured ?? rememberedPort(pgDir) ?? fallback;
}

/** True when nothing listens on 127.0.0.1:port (where the embedded PostgreSQL listens). */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The port to start the embedded PostgreSQL of `pgDir` on (after a leftover postmaster of this data
 * directory has been stopped): `embeddedPort`, except that when EMBEDDED_PG_PORT is unset and that
 * port is taken, a free port is chosen and remembered. A taken EMBEDDED_PG_PORT is an error naming it.
 */
export async function chooseEmbeddedPort(
  pgDir: string,
  configured: number | undefined,
  opts: { fallback?: number; log?: (m: string) => void } = {},
): Promise<number> {
  const port = embeddedPort(pgDir, configured, opts.fallback);
  if (await portFree(port)) return port;
  if (configured !== undefined) {
    throw new Error(
      `Port ${port} (EMBEDDED_PG_PORT) is taken by another program. Set EMBEDDED_PG_PORT to a free port, or leave it unset to let Zan choose one.`,
    );
  }
  const chosen = await anyFreePort();
  const file = rememberedPortFile(pgDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${chosen}\n`);
  opts.log?.(
    `Port ${port} is taken (another server?): the embedded PostgreSQL uses port ${chosen}, remembered in ${file}. Set EMBEDDED_PG_PORT to choose one.`,
  );
  return chosen;
}
