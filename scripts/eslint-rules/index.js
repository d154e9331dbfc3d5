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

/**
 * Services and routes hold rules, repositories hold SQL (immich's controller / service / repository
 * split): no drizzle-orm import, no `sql` tag, no query builder call on a database handle.
 */
const noSqlOutsideRepositories = {
  meta: {
    type: 'problem',
    messages: {
      import:
        "Rule 'queries live in repositories': a service or route file must not import '{{source}}'; move the query into a repository.",
      query:
        "Rule 'queries live in repositories': '{{text}}' runs SQL in a service or route file; move it into a repository.",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source === 'string' && (source === 'drizzle-orm' || source.startsWith('drizzle-orm/')))
        context.report({ node, messageId: 'import', data: { source } });
    };
    const handleName = (expr) => {
      if (expr.type === 'Identifier') return expr.name;
      if (expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier')
        return expr.property.name;
      return null;
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node);
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql')
          context.report({ node, messageId: 'query', data: { text: 'sql`…`' } });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
          return;
        const method = callee.property.name;
        const handle = handleName(callee.object);
        if (QUERY_METHODS.test(method) && handle && DB_HANDLES.test(handle))
          context.report({ node, messageId: 'query', data: { text: `${handle}.${method}(…)` } });
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
