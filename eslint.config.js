import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The web app in three floors (docs/decisions/007-web-app-in-three-floors.md): app/ composes features/,
// features import only features of their own area, and components/ and lib/ (the shared floor) import neither.
const web = './web/src';
const features = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// An area is a set of features that are parts of one activity and may use each other's parts: a sale is an
// invoice for a customer, paid by payments, corrected by credit notes, summed in statements, repeated by
// subscriptions, and sent as customer documents. Each domain keeps its own folder; no other feature joins in.
const areas = [
  ['customers', 'invoices', 'payments', 'credit-notes', 'statements', 'subscriptions', 'customer-documents'],
];
const area = (name) => areas.find((a) => a.includes(name)) ?? [name];
const floors = [
  ...features.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: area(name).map((n) => `./${n}`),
    message:
      'A feature does not import another outside its area: move the shared piece down to components/ or lib/, or compose them in app/.',
  })),
  {
    target: [`${web}/features`, `${web}/components`, `${web}/lib`],
    from: `${web}/app`,
    message: 'Only app/ imports app/: it is the top floor.',
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: `${web}/features`,
    message: 'components/ and lib/ are below the features: they import no feature.',
  },
  {
    target: web,
    from: './supabase/functions',
    message: 'The web imports no edge-function code: what both use lives in packages/shared.',
  },
];
const sourceAliases = {
  '@': [new URL('web/src', import.meta.url).pathname],
  '@shared': [new URL('packages/shared', import.meta.url).pathname],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.data',
      'web/dist',
      'web/dist-*',
      'test-results',
      'playwright-report',
      'supabase/.temp',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], alias: sourceAliases }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: floors }],
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: [
      'local/**/*.ts',
      'scripts/**/*.ts',
      'tests/**/*.ts',
      'supabase/tests/**/*.ts',
      'e2e/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, Deno: 'readonly' } },
  },
);
