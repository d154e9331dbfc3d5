// `npm run backup`: one .tar.gz with a consistent dump of the database (see dump.ts) and the uploaded
// files (STORAGE_DIR), plus the generated auth secret of the embedded default so sessions survive.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { createPool } from '../client.ts';
import { packArchive } from './archive.ts';
import { dumpDatabase } from './dump.ts';
import { openExisting } from './target.ts';
import { BACKUP_DIR, BACKUP_FORMAT, type Manifest } from './manifest.ts';

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

export async function runBackup(
  config: Config,
  file: string,
  log: (m: string) => void = () => {},
): Promise<Manifest> {
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose another name.`);
  const target = await openExisting(config, log);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-backup-'));
  const root = path.join(work, BACKUP_DIR);
  try {
    const pool = createPool(target.url, 1, true);
    let dumped;
    try {
      dumped = await dumpDatabase(pool, path.join(root, 'db'));
    } finally {
      await pool.end();
    }
    // After the snapshot: every file a dumped row refers to was written before its row committed.
    const files = path.join(root, 'files');
    if (fs.existsSync(config.storageDir)) fs.cpSync(config.storageDir, files, { recursive: true });
    else fs.mkdirSync(files, { recursive: true });
    const secretFile = path.join(config.dataDir, 'auth-secret');
    const authSecret = !config.databaseUrl && fs.existsSync(secretFile);
    if (authSecret) fs.copyFileSync(secretFile, path.join(root, 'auth-secret'));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      source: target.kind,
      migrations: dumped.migrations,
      tables: dumped.tables,
      files: countFiles(files),
      authSecret,
    };
    fs.writeFileSync(path.join(root, 'manifest.json'), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    packArchive(path.resolve(file), work, BACKUP_DIR);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await target.embedded?.stop();
  }
}
