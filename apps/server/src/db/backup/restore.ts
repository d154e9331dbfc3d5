// `npm run restore -- FILE`: puts a backup into an EMPTY place — a new embedded data directory, or an
// empty database at DATABASE_URL — and refuses anything else. Schema first (the committed migrations
// up to the backup's level; the server applies newer ones when it starts), then the rows, then files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { createPool } from '../client.ts';
import { startEmbedded, type EmbeddedDb } from '../embedded.ts';
import { MIGRATIONS_DIR, runMigrations } from '../migrate.ts';
import { unpackArchive } from './archive.ts';
import { loadDatabase } from './load.ts';
import { BACKUP_DIR, BACKUP_FORMAT, type Manifest } from './manifest.ts';
import { embeddedDir, isEmptyDir } from './target.ts';

export class RestoreRefused extends Error {}

function readManifest(root: string): Manifest {
  const file = path.join(root, 'manifest.json');
  if (!fs.existsSync(file))
    throw new RestoreRefused('This file is not a Zan backup (no manifest.json inside).');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new RestoreRefused(
      `Unknown backup format ${String(manifest.format)} (this version reads ${BACKUP_FORMAT}).`,
    );
  }
  return manifest;
}

/** The committed migrations up to the backup's level, as a migrations folder to apply. */
function migrationsFolderFor(manifest: Manifest, work: string): string {
  const committed = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const applied = manifest.migrations;
  const matches = applied.every((m, i) => committed[i]?.hash === m.hash);
  if (!matches || applied.length > committed.length) {
    throw new RestoreRefused(
      'This backup was made by a different (newer) version of Zan: its database migrations are not the ones of this version. Restore it with that version.',
    );
  }
  if (applied.length === committed.length) return MIGRATIONS_DIR;
  const folder = path.join(work, 'migrations');
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, applied.length);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'drizzle')`,
    );
    const tables = Number(res.rows[0]?.n ?? 0);
    if (tables > 0) {
      throw new RestoreRefused(
        `The database at DATABASE_URL is not empty (${tables} tables). Restore only into an empty database: create a new one and point DATABASE_URL at it.`,
      );
    }
  } finally {
    await client.end();
  }
}

export async function runRestore(
  config: Config,
  file: string,
  log: (m: string) => void = () => {},
): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`${file} does not exist.`);
  const storageInside = path.resolve(config.storageDir).startsWith(path.resolve(config.dataDir) + path.sep);
  if (config.databaseUrl) {
    await assertEmptyDatabase(config.databaseUrl);
  } else if (!isEmptyDir(config.dataDir)) {
    throw new RestoreRefused(
      `The data directory ${config.dataDir} is not empty. Restore only into an empty data directory: stop the server, move that directory away (or set DATA_DIR to a new one) and run the restore again.`,
    );
  }
  if ((config.databaseUrl || !storageInside) && !isEmptyDir(config.storageDir)) {
    throw new RestoreRefused(
      `The file storage ${config.storageDir} is not empty. Restore only into an empty STORAGE_DIR.`,
    );
  }

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-restore-'));
  let embedded: EmbeddedDb | undefined;
  let created = false;
  try {
    try {
      unpackArchive(path.resolve(file), work);
    } catch (err) {
      throw new RestoreRefused(
        `Could not read ${file} as a backup archive (.tar.gz): ${(err as Error).message}`,
      );
    }
    const root = path.join(work, BACKUP_DIR);
    const manifest = readManifest(root);
    const folder = migrationsFolderFor(manifest, work);

    let url = config.databaseUrl;
    if (!url) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.chmodSync(config.dataDir, 0o755);
      created = true;
      log(`Creating the embedded PostgreSQL in ${embeddedDir(config)} …`);
      embedded = await startEmbedded({
        dir: embeddedDir(config),
        port: config.embeddedPgPort,
        database: 'zan',
        log,
      });
      url = embedded.url;
    }
    const pool = createPool(url, 1, true);
    try {
      await runMigrations(pool, folder);
      log(`Loading ${manifest.tables.length} tables …`);
      await loadDatabase(pool, path.join(root, 'db'), manifest.tables);
    } finally {
      await pool.end();
    }
    const files = path.join(root, 'files');
    fs.mkdirSync(config.storageDir, { recursive: true });
    if (fs.existsSync(files)) fs.cpSync(files, config.storageDir, { recursive: true });
    if (manifest.authSecret && !config.databaseUrl) {
      fs.copyFileSync(path.join(root, 'auth-secret'), path.join(config.dataDir, 'auth-secret'));
      fs.chmodSync(path.join(config.dataDir, 'auth-secret'), 0o600);
    }
    return manifest;
  } catch (err) {
    // Leave the place as empty as it was, so the restore can simply be run again.
    await embedded?.stop();
    embedded = undefined;
    if (created)
      for (const entry of fs.readdirSync(config.dataDir))
        fs.rmSync(path.join(config.dataDir, entry), { recursive: true, force: true });
    throw err;
  } finally {
    await embedded?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
