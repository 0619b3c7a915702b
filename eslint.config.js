// Lint: typescript-eslint's recommended rules everywhere, React hooks rules in the web app, and
// the import direction the architecture asks for (shared → features → app; a feature uses
// another feature only through its public entry: tools/eslint-feature-boundaries.js).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint-feature-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/migrations/**',
      '.tmp/**',
      'e2e/artifacts/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a const object or a union.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Scripts served as they are: the page's pre-loader and the field app's service worker.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/layout/**'],
              message: 'shared must not import features, layout or app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'platform must not import features.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/feature-imports': [
        'error',
        { featuresDir: 'apps/server/src/features', entries: ['index.ts'] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: {
      'boundaries/feature-imports': [
        'error',
        { featuresDir: 'apps/web/src/features', entries: ['index.ts', 'index.tsx', 'api.ts'] },
      ],
    },
  },
);
