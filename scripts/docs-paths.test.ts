// Docs that cannot drift (issue 31): every CONTEXT.md, README.md and docs/*.md may name only files and
// folders that exist. A path is what a doc puts in `code` (or a relative link) that looks like one:
// - `apps/…`, `packages/…`, `scripts/…`, `e2e/…`, `docs/…`, `src/…` — from the repository root, the doc's
//   workspace, its src/ or the doc's folder (the server CONTEXT's `scripts/backup.ts` is its src/scripts);
// - another relative path ending in a file name (`platform/off-thread.ts`, `lib/env.ts`) — the end of a
//   path that exists somewhere in the repository;
// - a bare source file name (`off-thread.ts`) — a file of that name somewhere in the repository.
// `*` and `?` match as in a glob. Placeholders (`<name>`, `…`, `{a,b}`), absolute paths, URLs and what a
// build or a run writes (dist/, .tmp/, data/ …: .gitignore) are not checked.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

const WORKSPACES = ['packages/core', 'apps/server', 'apps/web', 'e2e', 'scripts'];
const REPO_PREFIX = /^(apps|packages|scripts|e2e|docs|src)\//;
const FILE_END = /\.(ts|tsx|mjs|cjs|js|sh|css|md|json|html|sql)$/;
const BARE_SOURCE = /^[\w.-]+\.(ts|tsx|mjs|cjs|js|sh)$/;
const NOT_A_PATH = /[…<>$={}~]|:\/\/|^\/|^\.|\s/;
const GENERATED = /(^|\/)(node_modules|dist|\.tmp|coverage|test-results|playwright-report)(\/|$)|^data\//;

type Repo = { paths: Set<string>; names: Set<string> };

/** Every file the repository holds (tracked or new, not ignored) and every folder above one. */
function listRepo(): Repo {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = out.split('\0').filter((f) => f && fs.existsSync(path.join(root, f)));
  const paths = new Set<string>();
  for (const f of files) {
    paths.add(f);
    for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) paths.add(d);
  }
  return { paths, names: new Set(files.map((f) => path.posix.basename(f))) };
}

const globRe = (glob: string) =>
  new RegExp(
    `^${glob
      .split('')
      .map((c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : c.replace(/[.+^$|()[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

/** Whether `p` (a path from the root, maybe a glob) is a file or folder of the repository. */
function has(repo: Repo, p: string): boolean {
  const clean = path.posix.normalize(p).replace(/\/$/, '');
  if (!/[*?]/.test(clean)) return repo.paths.has(clean);
  const re = globRe(clean);
  for (const q of repo.paths) if (re.test(q)) return true;
  return false;
}

function endsAPath(repo: Repo, tail: string): boolean {
  const clean = tail.replace(/\/$/, '');
  const re = globRe(`*/${clean}`.replace(/^\*\//, ''));
  const suffix = new RegExp(`(^|/)${re.source.slice(1)}`);
  for (const q of repo.paths) if (suffix.test(q)) return true;
  return false;
}

/** The workspace a doc belongs to ('' for the root's README and docs/). */
const workspaceOf = (doc: string) => WORKSPACES.find((w) => doc.startsWith(`${w}/`)) ?? '';

/** The path-like names a doc's text holds, with their line (fenced code blocks left out). */
export function namedPaths(text: string): { line: number; name: string; link: boolean }[] {
  const lines = text.split('\n');
  const found: { line: number; name: string; link: boolean }[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const m of line.matchAll(/`([^`]+)`/g))
      for (const raw of m[1]!.split(/[\s,;()]+/)) {
        const name = raw
          .replace(/^['"(]+/, '')
          .replace(/['".,:;)]+$/, '')
          .replace(/(:\d+)+$/, '')
          .replace(/#.*$/, '');
        if (!name || NOT_A_PATH.test(name) || GENERATED.test(name)) continue;
        if (REPO_PREFIX.test(name) || (name.includes('/') && FILE_END.test(name)) || BARE_SOURCE.test(name))
          found.push({ line: i + 1, name, link: false });
      }
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const name = m[1]!.replace(/#.*$/, '');
      if (name && !/^[a-z]+:/i.test(name) && !GENERATED.test(name))
        found.push({ line: i + 1, name, link: true });
    }
  });
  return found;
}

/** The names of `doc` that are no file or folder of the repository, as 'doc:line name'. */
function missingIn(repo: Repo, doc: string, text = fs.readFileSync(path.join(root, doc), 'utf8')): string[] {
  const ws = workspaceOf(doc);
  const dir = path.posix.dirname(doc);
  const bases = [...new Set(['.', ws || '.', ws ? `${ws}/src` : '.', dir])];
  const missing: string[] = [];
  for (const { line, name, link } of namedPaths(text)) {
    let ok: boolean;
    if (link) ok = has(repo, path.posix.join(dir, name));
    else if (REPO_PREFIX.test(name)) ok = bases.some((b) => has(repo, path.posix.join(b, name)));
    else if (name.includes('/'))
      ok = bases.some((b) => has(repo, path.posix.join(b, name))) || endsAPath(repo, name);
    else
      ok = repo.names.has(name) || (/[*?]/.test(name) && [...repo.names].some((n) => globRe(name).test(n)));
    if (!ok) missing.push(`${doc}:${line} ${name}`);
  }
  return missing;
}

describe('docs name only paths that exist', () => {
  const repo = listRepo();
  const docs = [...repo.paths]
    .filter((p) => /(^|\/)(CONTEXT|README)\.md$/.test(p) || /^docs\/[^/]+\.md$/.test(p))
    .sort();

  it('finds the docs', () => {
    expect(docs).toEqual(
      expect.arrayContaining(['README.md', 'packages/core/CONTEXT.md', 'apps/server/CONTEXT.md']),
    );
  });

  it('every CONTEXT.md, README.md and docs/*.md', () => {
    const missing = docs.flatMap((d) => missingIn(repo, d));
    expect(missing).toEqual([]);
  });

  it('tells a path that exists from one that does not', () => {
    const probe = [
      'See `apps/server/src/server.ts`, `src/server.ts`, `platform/off-thread.ts`, `off-thread.ts`,',
      '`apps/server/src/plugins/*.ts`, `apps/web/dist` and `features/<name>/x.ts`;',
      'not `apps/server/src/gone.ts`, `platform/nowhere/off-thread.ts`, `gone-file.ts` or [a](docs/gone.md).',
      '```',
      'node apps/server/src/also-gone.ts',
      '```',
    ].join('\n');
    const names = namedPaths(probe).map((p) => p.name);
    expect(names).not.toContain('apps/web/dist');
    expect(names).not.toContain('apps/server/src/also-gone.ts');
    expect(missingIn(repo, 'apps/server/CONTEXT.md', probe)).toEqual([
      'apps/server/CONTEXT.md:3 apps/server/src/gone.ts',
      'apps/server/CONTEXT.md:3 platform/nowhere/off-thread.ts',
      'apps/server/CONTEXT.md:3 gone-file.ts',
      'apps/server/CONTEXT.md:3 docs/gone.md',
    ]);
  });
});
