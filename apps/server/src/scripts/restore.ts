// npm run restore -- FILE: restores a backup made by `npm run backup` into an EMPTY data directory
// (embedded default) or an empty database at DATABASE_URL; refuses anything else. Then `npm start`.
// Exit codes: 0 restored, 1 failed, 2 invalid usage or refused.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { RestoreRefused, runRestore } from '../db/backup/restore.ts';

const USAGE =
  'Usage: npm run restore -- FILE.tar.gz   (into an empty DATA_DIR, or an empty database at DATABASE_URL)';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('-h') || args.includes('--help')) return void console.log(USAGE);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  const config = loadConfig();
  const started = Date.now();
  const manifest = await runRestore(config, file, (m) => console.log(m));
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : config.dataDir;
  console.log(
    `Restored ${path.basename(file)} (made ${manifest.createdAt}) into ${where}:\n  ${manifest.tables.length} tables, ${rows} rows, ${manifest.files} files, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(
      err instanceof RestoreRefused
        ? `Restore refused: ${err.message}`
        : `Restore failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(err instanceof RestoreRefused ? 2 : 1);
  },
);
