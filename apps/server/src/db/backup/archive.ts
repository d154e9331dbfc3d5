// A backup archive is a gzip-compressed tar of one directory (zan-backup/: manifest.json, db/, files/),
// made and read with the system's `tar` (GNU tar or bsdtar; present on Linux, macOS and Windows 10+).
import { spawnSync } from 'node:child_process';

function tar(args: string[]): void {
  const res = spawnSync('tar', args, { encoding: 'utf8' });
  if (res.error) throw new Error(`could not run tar: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`tar ${args[0]} failed: ${res.stderr.trim()}`);
}

/** Packs `dir/name` into `file` (.tar.gz). */
export const packArchive = (file: string, dir: string, name: string) => tar(['-czf', file, '-C', dir, name]);

/** Unpacks `file` into `dir`. */
export const unpackArchive = (file: string, dir: string) => tar(['-xzf', file, '-C', dir]);
