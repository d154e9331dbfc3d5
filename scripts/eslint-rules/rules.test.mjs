// Each house rule that `npm run check` enforces fails on a deliberate violation, with a message that
// names the rule, and passes on the allowed shape. Runs the project's real eslint.config.js.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const made = [];

/** Writes files under the repository (rules such as no-cycle read the real files), lints the first. */
async function lintFiles(files) {
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
    made.push(abs);
  }
  const first = path.join(root, Object.keys(files)[0]);
  const [result] = await eslint.lintFiles([first]);
  return result.messages;
}

async function lintText(rel, text) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, rel) });
  return result.messages;
}

const ids = (messages) => messages.map((m) => m.ruleId);

afterAll(() => {
  for (const file of made) fs.rmSync(file, { force: true });
  for (const dir of new Set(made.map((f) => path.dirname(f)))) {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  }
});

describe('house rules (scripts/eslint-rules/)', { timeout: 120_000 }, () => {
  it('SQL lives in repositories by import, whatever the file is called', async () => {
    const query =
      "import { sql } from 'drizzle-orm';\nexport const f = (db: { execute(q: unknown): unknown }) => db.execute(sql`select 1`);\n";
    const bad = await lintText('apps/server/src/features/colleges/lint-probe-service.ts', query);
    expect(ids(bad)).toEqual([
      'zan/no-sql-outside-repositories',
      'zan/no-sql-outside-repositories',
      'zan/no-sql-outside-repositories',
    ]);
    expect(bad[0].message).toContain("Rule 'queries live in repositories'");
    // Not a service, a route or a repository by name: the import alone fails.
    const sql = 'zan/no-sql-outside-repositories';
    for (const [file, text] of [
      [
        'apps/server/src/features/colleges/lint-probe.ts',
        "import { eq } from 'drizzle-orm';\nexport const e = eq;\n",
      ],
      [
        'apps/server/src/platform/lint-probe.ts',
        "import type { SQL } from 'drizzle-orm';\nexport type S = SQL;\n",
      ],
      [
        'apps/server/src/plugins/lint-probe.ts',
        "import { alias } from 'drizzle-orm/pg-core';\nexport const a = alias;\n",
      ],
      [
        'apps/server/src/startup-lint-probe.ts',
        "import { createDb } from './db/client.ts';\nexport const c = createDb;\n",
      ],
      [
        'apps/server/src/domain/lint-probe.ts',
        "import { sql } from './lint-probe-sql.ts';\nexport const s = sql;\n",
      ],
      ['apps/server/src/features/users/lint-probe.ts', "export const m = () => import('drizzle-orm');\n"],
    ])
      expect(ids(await lintText(file, text)), file).toEqual([sql]);
    const routes = await lintText(
      'apps/server/src/features/health/routes.ts',
      'export const f = (tx: { select(): unknown }) => tx.select();\n',
    );
    expect(ids(routes)).toEqual([sql]);
    const handle = await lintText(
      'apps/server/src/features/users/lint-probe.ts',
      'export const f = (deps: { db: { query: { user: { findFirst(): unknown } } } }) => deps.db.query.user.findFirst();\n',
    );
    expect(ids(handle)).toEqual([sql]);
    // Allowed: the client's types (services hand a transaction to repositories), a local string named
    // sql, and the files that hold SQL — repositories, db/, scripts, tests.
    for (const [file, text] of [
      [
        'apps/server/src/features/colleges/lint-probe-service.ts',
        "import type { Tx } from '../../db/client.ts';\nexport type T = Tx;\n",
      ],
      [
        'apps/server/src/features/colleges/lint-probe.ts',
        "import { type Database, type Tx } from '../../db/client.ts';\nexport type T = Tx | Database;\n",
      ],
      [
        'apps/server/src/features/anki/lint-probe.ts',
        "export const q = (sql: string) => sql.replace('a', 'b');\n",
      ],
      ['apps/server/src/features/colleges/lint-probe-repository.ts', query],
      ['apps/server/src/features/colleges/repository.ts', query],
      ['apps/server/src/db/lint-probe.ts', query],
      ['apps/server/src/scripts/lint-probe.ts', query],
      ['apps/server/src/features/colleges/lint-probe.test.ts', query],
      [
        'apps/server/src/server.ts',
        "import { createDb } from './db/client.ts';\nexport const c = createDb;\n",
      ],
    ])
      expect(ids(await lintText(file, text)), file).toEqual([]);
    // The composition root may open the pool, not write SQL.
    expect(ids(await lintText('apps/server/src/server.ts', query))).toContain(sql);
  });

  it('core stays pure: no Node module, no DOM or Node global (its tests may use Node)', async () => {
    const pure = 'no-restricted-imports';
    for (const text of [
      "import fs from 'node:fs';\nexport const f = fs;\n",
      "import { readFile } from 'node:fs/promises';\nexport const f = readFile;\n",
      "import path from 'path';\nexport const p = path;\n",
      "import { createHash } from 'crypto';\nexport const c = createHash;\n",
    ])
      expect(ids(await lintText('packages/core/src/lint-probe.ts', text)), text).toEqual([pure]);
    for (const text of [
      'export const w = () => document.title;\n',
      'export const w = () => window.location.href;\n',
      'export const s = () => localStorage.getItem("x");\n',
      'export const e = () => process.env.X;\n',
      'export const b = () => Buffer.from("x");\n',
      'export const f = () => fetch("/x");\n',
      'export const g = () => globalThis;\n',
    ])
      expect(ids(await lintText('packages/core/src/lint-probe.ts', text)), text).toEqual([
        'no-restricted-globals',
      ]);
    const bad = await lintText('packages/core/src/lint-probe.ts', 'export const w = () => document.title;\n');
    expect(bad[0].message).toContain('Core stays pure');
    expect(
      ids(
        await lintText(
          'packages/core/src/lint-probe.ts',
          'export const u = (s: string) => [new URL(s).host, new TextEncoder().encode(s), Math.max(1, 2), JSON.stringify(s)];\n',
        ),
      ),
    ).toEqual([]);
    expect(
      ids(
        await lintText(
          'packages/core/src/lint-probe.test.ts',
          "import fs from 'node:fs';\nexport const f = () => [fs, process.env];\n",
        ),
      ),
    ).toEqual([]);
  });

  it('a component may not import dexie-react-hooks or a local/ module; a hook may', async () => {
    const bad = await lintText(
      'apps/web/src/features/study/components/lint-probe.tsx',
      "import { useLiveQuery } from 'dexie-react-hooks';\nimport { getUserDb } from '../../../local/db.ts';\nimport { q } from '../local/study-queries.ts';\nexport const P = () => { useLiveQuery(() => getUserDb('x') && q); return null; };\n",
    );
    expect(ids(bad)).toEqual([
      'zan/components-use-hooks',
      'zan/components-use-hooks',
      'zan/components-use-hooks',
    ]);
    expect(bad[0].message).toContain("Rule 'components use hooks'");
    const hook = await lintText(
      'apps/web/src/features/study/hooks/use-lint-probe.ts',
      "import { useLiveQuery } from 'dexie-react-hooks';\nexport const useP = () => useLiveQuery(() => 1);\n",
    );
    expect(ids(hook)).toEqual([]);
  });

  it('a source file must be kebab-case', async () => {
    const bad = await lintText('apps/web/src/ui/LintProbe.tsx', 'export const a = 1;\n');
    expect(ids(bad)).toEqual(['zan/kebab-case-files']);
    expect(bad[0].message).toContain("Rule 'kebab-case files'");
    expect(ids(await lintText('apps/server/src/db/schema/_lint_probe.ts', 'export const a = 1;\n'))).toEqual([
      'zan/kebab-case-files',
    ]);
    expect(ids(await lintText('apps/web/src/ui/lint-probe.test.tsx', 'export const a = 1;\n'))).toEqual([]);
  });

  it('imports may not form a cycle', async () => {
    const messages = await lintFiles({
      'packages/core/src/lint-probe-a.ts':
        "import { b } from './lint-probe-b.ts';\nexport const a = () => b;\n",
      'packages/core/src/lint-probe-b.ts':
        "import { a } from './lint-probe-a.ts';\nexport const b = () => a;\n",
    });
    expect(ids(messages)).toEqual(['import-x/no-cycle']);
  });

  it('domain/ may not import a feature', async () => {
    const messages = await lintFiles({
      'apps/server/src/domain/lint-probe.ts':
        "import { probe } from '../features/health/lint-probe-target.ts';\nexport const p = probe;\n",
      'apps/server/src/features/health/lint-probe-target.ts': 'export const probe = 1;\n',
    });
    expect(ids(messages)).toEqual(['boundaries/dependencies']);
  });

  it('a role comparison outside packages/core fails; inside core it is the rule itself', async () => {
    const code = "export const isAdmin = (u: { role: string }) => u.role === 'admin';\n";
    const bad = await lintText('apps/web/src/features/account/lint-probe.ts', code);
    expect(ids(bad)).toEqual(['no-restricted-syntax']);
    expect(bad[0].message).toContain('Permissions once');
    expect(ids(await lintText('apps/server/src/features/users/lint-probe.ts', code))).toEqual([
      'no-restricted-syntax',
    ]);
    expect(ids(await lintText('packages/core/src/lint-probe.ts', code))).toEqual([]);
  });
});
