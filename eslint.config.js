import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '.site/**', '.data/**', '**/test-results/**', '**/playwright-report/**', '**/node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@app/shared/*', '!@app/shared/domain', '!@app/shared/contracts', '!@app/shared/mocks', '!@app/shared/mocks/browser'],
              message:
                'Import from "@app/shared" (one module-federation singleton); only the stateless domain and contracts, and the mocks (tests, dev:mock), have their own entry points.',
            },
            { group: ['mfe-*', '../../mfe-*', '../mfe-*'], message: 'A remote never imports another remote.' },
            { group: ['**/shared/src/**'], message: 'Import from "@app/shared".' },
          ],
        },
      ],
    },
  },
  {
    // The domain is plain TypeScript used unchanged by the API and the pages: no React, no DOM,
    // no network, no clock (callers pass `today`), no Node-only modules.
    files: ['shared/src/domain/**/*.ts'],
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
                '../ui/*',
                '../api-client/*',
                '../auth-store/*',
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
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
);
