// ESLint: typescript-eslint, react-hooks, feature import boundaries (features never import each other;
// core → features → app; domain/ below features), no import cycles, and Zan's own house rules
// (scripts/eslint-rules/: kebab-case files, queries only in repositories — by import —, components read
// storage through hooks); core stays pure (no Node module, no DOM or Node global).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import zan from './scripts/eslint-rules/index.js';

const NO_ENUM = { selector: 'TSEnumDeclaration', message: 'Use a union of literals, not enum.' };

// Permissions once (ARCHITECTURE §4): outside packages/core no source decides by comparing a role —
// not `x.role ===`, not `newRole !==`, not `switch (u.role)`, not `[…].includes(u.role)` (tests and
// e2e aside). Label look-ups keyed by role (`TONES[u.role]`, roleLabel) stay allowed, and so do queries
// that pick users by role (`eq(user.role, 'superadmin')`: the superadmins a role change locks, a
// content event's recipients): they select rows, they grant nothing. A block that sets no-restricted-syntax for these files
// again must spread ROLE_RULES too (ESLint replaces a rule's options, it does not merge them).
const PERMISSIONS_ONCE =
  'Permissions once: decide by role only in packages/core (can() or a core scope function).';
const ROLE_NAME = '/^(role|[A-Za-z]*Role)$/';
const COMPARE = 'BinaryExpression[operator=/^[!=]==?$/]';
const ROLE_RULES = [
  `${COMPARE}[left.property.name=${ROLE_NAME}]`,
  `${COMPARE}[right.property.name=${ROLE_NAME}]`,
  `${COMPARE}[left.name=${ROLE_NAME}]`,
  `${COMPARE}[right.name=${ROLE_NAME}]`,
  `SwitchStatement[discriminant.property.name=${ROLE_NAME}]`,
  `SwitchStatement[discriminant.name=${ROLE_NAME}]`,
  `CallExpression[callee.property.name='includes'] > MemberExpression.arguments[property.name=${ROLE_NAME}]`,
  `CallExpression[callee.property.name='includes'] > Identifier.arguments[name=${ROLE_NAME}]`,
].map((selector) => ({ selector, message: PERMISSIONS_ONCE }));

// Core stays pure (ARCHITECTURE §4: "pure TypeScript, no I/O"): packages/core runs the same in the browser, the server and a worker,
// so its source (tests aside) imports no Node module and reads no DOM or Node global — whatever it needs
// from the outside world its caller passes in. Allowed: the ECMAScript built-ins and these web-standard
// utilities both runtimes have.
const CORE_PURE = 'Core stays pure: packages/core uses no DOM or Node API; let the caller pass it in.';
const CORE_ALLOWED_GLOBALS = new Set([
  ...Object.keys(globals.es2025).filter((name) => name !== 'globalThis'), // globalThis.document: no
  ...['console', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'structuredClone', 'atob', 'btoa'],
  ...['queueMicrotask', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
]);
const CORE_RESTRICTED_GLOBALS = [
  ...new Set([
    ...Object.keys(globals.browser),
    ...Object.keys(globals.node),
    ...Object.keys(globals['shared-node-browser']),
    'globalThis',
  ]),
]
  .filter((name) => !CORE_ALLOWED_GLOBALS.has(name))
  .map((name) => ({ name, message: CORE_PURE }));
const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_'));

// One route style (issue 31): every server route is a row of plugins/route-table.ts — no hand-written
// app.get / app.post / … / app.route elsewhere in apps/server/src (on an app, or with a path and a handler).
const HAND_ROUTE =
  'Routes are rows of the route table (plugins/route-table.ts routeTable), not app.get / app.route.';
const HTTP_METHOD = 'callee.property.name=/^(get|head|post|put|patch|delete|options|all)$/';
const HAND_ROUTES = [
  `CallExpression[${HTTP_METHOD}][arguments.length>1][arguments.0.value=/^\\//]`,
  `CallExpression[${HTTP_METHOD}][arguments.length>1][arguments.0.type='TemplateLiteral']`,
  `CallExpression[${HTTP_METHOD}][callee.object.name=/^(app|fastify|server|instance)$/]`,
  "CallExpression[callee.property.name='route']",
].map((selector) => ({ selector, message: HAND_ROUTE }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tmp/**',
      'data/**',
      'apps/server/drizzle/**',
      'apps/web/public/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-restricted-syntax': ['error', NO_ENUM],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/core/src/**', '**/*.test.{ts,tsx}', '**/test/**', 'e2e/**'],
    rules: {
      'no-restricted-syntax': ['error', NO_ENUM, ...ROLE_RULES],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/plugins/route-table.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_ENUM, ...ROLE_RULES, ...HAND_ROUTES],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { zan },
    rules: { 'zan/kebab-case-files': 'error' },
  },
  // Queries live in repositories, decided by import (scripts/eslint-rules/): every server source file
  // but these may not import drizzle-orm, `sql` or the database client's values, whatever it is called.
  {
    files: ['apps/server/src/**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'apps/server/src/**/*-repository.ts',
      'apps/server/src/**/repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/scripts/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: { 'zan/no-sql-outside-repositories': 'error' },
  },
  // The composition root opens the pool (createDb); it still writes no SQL.
  {
    files: ['apps/server/src/server.ts'],
    rules: { 'zan/no-sql-outside-repositories': ['error', { allowClient: true }] },
  },
  {
    files: ['apps/web/src/{features,sync,app,ui}/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/testing/**'],
    rules: { 'zan/components-use-hooks': 'error' },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...CORE_RESTRICTED_GLOBALS],
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: CORE_PURE })),
          patterns: [{ group: ['node:*'], message: CORE_PURE }],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/local/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'dexie', message: 'Only local/db.ts imports Dexie.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-shared', pattern: 'apps/web/src/(ui|local|sync|lib|sw)' },
        { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
        { type: 'server-domain', pattern: 'apps/server/src/domain' },
        { type: 'server-shared', pattern: 'apps/server/src/(db|plugins|platform|scripts)' },
      ],
      'boundaries/include': ['apps/web/src/**/*', 'apps/server/src/**/*'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: { element: { type: 'web-feature', captured: { feature: '!{{from.captured.feature}}' } } },
              },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-app' } } },
            },
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
            },
            {
              from: { element: { type: 'server-feature' } },
              disallow: {
                to: {
                  element: { type: 'server-feature', captured: { feature: '!{{from.captured.feature}}' } },
                },
              },
            },
            {
              from: { element: { types: { anyOf: ['server-domain', 'server-shared'] } } },
              disallow: { to: { element: { type: 'server-feature' } } },
            },
          ],
        },
      ],
    },
  },
);
