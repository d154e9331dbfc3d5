// ESLint: typescript-eslint, react-hooks, feature import boundaries (features never import each other;
// core → features → app; domain/ below features), no import cycles, and Zan's own house rules
// (scripts/eslint-rules/: kebab-case files, queries only in repositories, components read storage through hooks).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import zan from './scripts/eslint-rules/index.js';

const NO_ENUM = { selector: 'TSEnumDeclaration', message: 'Use a union of literals, not enum.' };

// Permissions once (ARCHITECTURE §4): outside packages/core nothing compares a role — not `x.role ===`,
// not `newRole !==`, not `switch (u.role)`, not `[…].includes(u.role)`. Label look-ups keyed by role
// (`TONES[u.role]`, roleLabel) stay allowed. A block that sets no-restricted-syntax for these files
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
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { zan },
    rules: { 'zan/kebab-case-files': 'error' },
  },
  {
    files: [
      'apps/server/src/**/service.ts',
      'apps/server/src/**/*-service.ts',
      'apps/server/src/**/routes.ts',
      'apps/server/src/**/*-routes.ts',
    ],
    rules: { 'zan/no-sql-outside-repositories': 'error' },
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
