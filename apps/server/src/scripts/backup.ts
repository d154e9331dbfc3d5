// npm run backup [-- FILE]: writes one .tar.gz backup (database snapshot + uploaded files) of the
// configured database (DATABASE_URL, or the embedded one in DATA_DIR, running or not).
// Default FILE: zan-backup-<UTC date and time>.tar.gz in the directory the command was run from.
// Exit codes: 0 written, 1 failed, 2 invalid usage.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { runBackup } from '../db/backup/backup.ts';

const USAGE = 'Usage: npm run backup [-- FILE.tar.gz]';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('-h') || args.includes('--help')) return void console.log(USAGE);
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    console.error(USAGE);
    process.exit(2);
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const file = path.resolve(cwd, args[0] ?? `zan-backup-${stamp}.tar.gz`);
  const started = Date.now();
  const manifest = await runBackup(loadConfig(), file, (m) => console.log(m));
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Backup written: ${file}\n  ${manifest.tables.length} tables, ${rows} rows, ${manifest.files} files, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
