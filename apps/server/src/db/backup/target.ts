// Which database a backup or restore works on: DATABASE_URL, else the embedded one in <DATA_DIR>/pg —
// the running server's (reached on its port) or started here for the duration of the command.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { embeddedPort } from '../embedded-port.ts';
import { embeddedRunning, embeddedUrl, startEmbedded, type EmbeddedDb } from '../embedded.ts';

export type Target = { url: string; kind: 'external' | 'embedded'; embedded?: EmbeddedDb };

export const embeddedDir = (config: Config) => path.join(config.dataDir, 'pg');

/** The database to back up; throws when there is none. */
export async function openExisting(config: Config, log: (m: string) => void): Promise<Target> {
  if (config.databaseUrl) return { url: config.databaseUrl, kind: 'external' };
  const dir = embeddedDir(config);
  if (embeddedRunning(dir)) {
    const port = embeddedPort(dir, config.embeddedPgPort);
    log(`Using the embedded PostgreSQL of the running server (port ${port}).`);
    return { url: embeddedUrl(port, 'zan'), kind: 'embedded' };
  }
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(
      `There is no database to back up: ${dir} holds no embedded PostgreSQL and DATABASE_URL is not set.`,
    );
  }
  log(`Starting the embedded PostgreSQL in ${dir} …`);
  const embedded = await startEmbedded({ dir, port: config.embeddedPgPort, database: 'zan' });
  return { url: embedded.url, kind: 'embedded', embedded };
}

/** True when `dir` does not exist or holds nothing. */
export function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}
