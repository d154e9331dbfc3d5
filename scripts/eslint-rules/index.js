// Zan's own lint rules: the house rules of ARCHITECTURE §4 that no published plugin checks as we want
// them, each failing with a message that names the rule. Tested by rules.test.mjs beside it.
import path from 'node:path';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** Every source file we write is kebab-case (`user-badge.tsx`, `images-service.test.ts`). */
const kebabCaseFiles = {
  meta: {
    type: 'suggestion',
    messages: {
      name: "Rule 'kebab-case files': rename '{{name}}' to kebab-case (lower-case words joined by '-').",
    },
    schema: [],
  },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename);
        if (!KEBAB.test(name)) context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};

const DB_HANDLES = /^(db|tx|trx|pool|client|database)$/;
const QUERY_METHODS = /^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query)$/;
/** The one database handle (apps/server/src/db/client.ts), however the import spells it. */
const DB_CLIENT = /(^|\/)db\/client(\.[cm]?[jt]s)?$/;

const isDrizzle = (source) => source === 'drizzle-orm' || source.startsWith('drizzle-orm/');
/** `import type { Tx } …` or `import { type Tx, type Database } …`: names a type, runs nothing. */
const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
const importedName = (s) => s.imported?.name ?? s.imported?.value ?? s.local?.name;

/** `a.b.c(…)` as ['a', 'b', 'c'] (`this` counts as a name); null when a link is computed or a call. */
function memberChain(expr) {
  const names = [];
  while (expr.type === 'MemberExpression') {
    if (expr.computed || expr.property.type !== 'Identifier') return null;
    names.unshift(expr.property.name);
    expr = expr.object;
  }
  if (expr.type === 'Identifier') names.unshift(expr.name);
  else if (expr.type === 'ThisExpression') names.unshift('this');
  else return null;
  return names;
}

/**
 * Repositories hold SQL (immich's controller / service / repository split), decided by what a file
 * imports, not by what it is called: outside the files eslint.config.js exempts (repositories, db/,
 * scripts, tests) a server file may not import drizzle-orm (any entry, types included: a `SQL` type is
 * SQL built here), may not import a binding named `sql` from anywhere, may not import the database
 * client (db/client.ts) except for its types (`import type { Tx }`: services pass a transaction handle
 * to repositories), and may not write a `sql` tag or call a query method on a database handle
 * (`db.select(…)`, `this.deps.tx.execute(…)`, `db.query.users.findFirst(…)`).
 * Option `allowClient: true` (the composition root that opens the pool) lets a file import the client's
 * values; drizzle-orm and SQL stay forbidden there too.
 */
const noSqlOutsideRepositories = {
  meta: {
    type: 'problem',
    messages: {
      import:
        "Rule 'queries live in repositories': only a repository (*-repository.ts), db/, scripts and tests may import '{{source}}'; move the query into a repository.",
      client:
        "Rule 'queries live in repositories': only a repository (*-repository.ts), db/, scripts and tests may import the database client's values from '{{source}}' (`import type` for Database / Tx is allowed); move the query into a repository.",
      sqlName:
        "Rule 'queries live in repositories': '{{name}}' imported from '{{source}}' builds SQL; only a repository (*-repository.ts), db/, scripts and tests may; move the query into a repository.",
      query:
        "Rule 'queries live in repositories': '{{text}}' runs SQL outside a repository; move it into a repository (*-repository.ts).",
    },
    schema: [
      {
        type: 'object',
        properties: { allowClient: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const allowClient = context.options[0]?.allowClient === true;
    /** `sql` here is an imported binding (drizzle's tag), not a local string such as an SQLite text. */
    const importedSql = (node) => {
      for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
        const variable = scope.set.get('sql');
        if (variable) return variable.defs.some((d) => d.type === 'ImportBinding');
      }
      return false;
    };
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      if (isDrizzle(source)) {
        context.report({ node, messageId: 'import', data: { source } });
        return;
      }
      if (DB_CLIENT.test(source) && !allowClient && !typeOnly(node)) {
        context.report({ node, messageId: 'client', data: { source } });
        return;
      }
      for (const s of node.specifiers ?? []) {
        const name = importedName(s);
        if (name === 'sql' && s.importKind !== 'type' && s.exportKind !== 'type')
          context.report({ node, messageId: 'sqlName', data: { name, source } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node);
      },
      TaggedTemplateExpression(node) {
        const chain = memberChain(node.tag);
        if (chain?.[0] === 'sql' && importedSql(node))
          context.report({ node, messageId: 'query', data: { text: 'sql`…`' } });
      },
      CallExpression(node) {
        const chain = memberChain(node.callee);
        if (!chain || chain.length < 2) return;
        if (chain[0] === 'sql' && importedSql(node)) {
          context.report({ node, messageId: 'query', data: { text: `${chain.join('.')}(…)` } });
          return;
        }
        for (let i = 0; i < chain.length - 1; i++) {
          if (DB_HANDLES.test(chain[i]) && QUERY_METHODS.test(chain[i + 1])) {
            const text = `${chain.slice(Math.max(0, i - 1)).join('.')}(…)`;
            context.report({ node, messageId: 'query', data: { text } });
            return;
          }
        }
      },
    };
  },
};

const STORAGE_IMPORT = /(^dexie-react-hooks$)|(^dexie$)|(^|\/)local(\/|$)/;

/**
 * The UI never touches storage: component → feature hook → features/x/local → local/db.ts (Actual,
 * Excalidraw's LocalData). A component file imports no Dexie, no live-query hook and no local/ module.
 */
const componentsUseHooks = {
  meta: {
    type: 'problem',
    messages: {
      import:
        "Rule 'components use hooks': a component must not import '{{source}}'; read and write storage through a feature hook (component → hook → features/x/local → local/db.ts).",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source === 'string' && STORAGE_IMPORT.test(source))
        context.report({ node, messageId: 'import', data: { source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default {
  meta: { name: 'zan' },
  rules: {
    'kebab-case-files': kebabCaseFiles,
    'no-sql-outside-repositories': noSqlOutsideRepositories,
    'components-use-hooks': componentsUseHooks,
  },
};
