import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What a remote or the shell may import of our packages, and never another remote. */
const REMOTE_IMPORT_PATTERNS = [
  {
    group: [
      '@app/shared/*',
      '!@app/shared/core',
      '!@app/shared/upload',
      '!@app/shared/parts',
      '!@app/shared/site-css',
      '!@app/shared/prerender',
    ],
    message:
      'Import from "@app/shared" (one module-federation singleton), or from "@app/shared/core" (its part every page loads: what does not call the API); only the upload field, the pieces some pages use (@app/shared/parts), the site stylesheet text and the render helpers of the build-time prerender have their own entry points. The stateless domain, contracts, catalogue groups and copy are @app/contracts.',
  },
  { group: ['mfe-*', '../../mfe-*', '../mfe-*'], message: 'A remote never imports another remote.' },
  { group: ['**/shared/src/**'], message: 'Import from "@app/shared".' },
  { group: ['**/contracts/src/**'], message: 'Import from "@app/contracts" (or one of its entry points).' },
  { group: ['**/mocks/src/**'], message: 'Import from "@app/mocks" (tests and the dev-mode bootstrap only).' },
];

/** What the back office must not import from @app/shared (either entry): the applicants' session. */
const APPLICANTS_ONLY = {
  importNames: [
    'authStore',
    'useAuth',
    'isLoggedIn',
    'refreshAuth',
    'logout',
    'createRemoteLifecycles',
    'mountStandalone',
    'RemoteRoot',
    'RouteView',
  ],
  message: 'Staff are not applicants: the back office keeps its own staff session (mfe-backoffice/src/staff/session.ts).',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '.site/**', '.data/**', '**/test-results/**', '**/playwright-report/**', '**/node_modules/**'] },
  js.configs.recommended,
  // Type-aware rules: every .ts/.tsx file is linted with the types of its package's tsconfig.json,
  // which the project service finds. The few TypeScript files no tsconfig includes (the root vitest
  // config and setup) get tsconfig.base.json's options instead.
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'vitest.setup.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A promise is awaited, handled with .catch(), or explicitly `void`ed where fire-and-forget is
      // meant; a promise-returning function is never passed where a void callback is expected.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Untyped data (JSON, query rows) is read through a schema or as `unknown`, never as `any`.
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      // Off: `async` without `await` is how Fastify hooks and handlers, single-spa lifecycles and
      // mocked fetches say "this answers a promise"; the rule would turn them into callbacks.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: { ...jsxA11y.configs.recommended.rules, 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Remotes and the shell reach shared code only through the `@app/shared` singleton, and never
    // import another remote.
    files: ['shell/src/**', 'mfe-*/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: REMOTE_IMPORT_PATTERNS }] },
  },
  {
    // The back office's people are staff, with their own session (`POST /api/staff/me/`, kept in
    // mfe-backoffice): the applicants' auth store and the root that applies the applicants' guards
    // from it are not for them.
    files: ['mfe-backoffice/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: REMOTE_IMPORT_PATTERNS,
          paths: ['@app/shared', '@app/shared/core'].map((name) => ({ name, ...APPLICANTS_ONLY })),
        },
      ],
    },
  },
  {
    // The domain is plain TypeScript used unchanged by the API and the pages: no React, no DOM,
    // no network, no clock (callers pass `today`), no Node-only modules.
    files: ['contracts/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'react/*',
                'ofetch',
                'node:*',
                'zustand',
                'zustand/*',
                '@app/shared',
                '@app/shared/*',
                '@app/mocks',
                '@app/mocks/*',
              ],
              message: 'The domain is framework-free.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'fetch',
        'localStorage',
        'sessionStorage',
        'navigator',
        'location',
        'process',
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Pass `today`/`now` in.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pass `today`/`now` in.' },
      ],
    },
  },
  // Plain JavaScript (configs, scripts) has no type information: lint it without type-aware rules.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
);
