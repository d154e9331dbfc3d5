// The manifest at the top of every backup archive: what it holds and at which migration level.
import type { AppliedMigration, DumpedTable } from './dump.ts';

export const BACKUP_FORMAT = 'zan-backup/1';
/** The one directory inside the archive. */
export const BACKUP_DIR = 'zan-backup';

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  source: 'embedded' | 'external';
  migrations: AppliedMigration[];
  tables: DumpedTable[];
  files: number;
  authSecret: boolean;
};
