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
  it('a service may not import drizzle-orm or run SQL; a repository may', async () => {
    const bad = await lintText(
      'apps/server/src/features/colleges/lint-probe-service.ts',
      "import { sql } from 'drizzle-orm';\nexport const f = (db: { execute(q: unknown): unknown }) => db.execute(sql`select 1`);\n",
    );
    expect(ids(bad)).toEqual([
      'zan/no-sql-outside-repositories',
      'zan/no-sql-outside-repositories',
      'zan/no-sql-outside-repositories',
    ]);
    expect(bad[0].message).toContain("Rule 'queries live in repositories'");
    const routes = await lintText(
      'apps/server/src/features/health/routes.ts',
      'export const f = (tx: { select(): unknown }) => tx.select();\n',
    );
    expect(ids(routes)).toEqual(['zan/no-sql-outside-repositories']);
    const repo = await lintText(
      'apps/server/src/features/colleges/lint-probe-repository.ts',
      "import { sql } from 'drizzle-orm';\nexport const f = (db: { execute(q: unknown): unknown }) => db.execute(sql`select 1`);\n",
    );
    expect(ids(repo)).toEqual([]);
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
