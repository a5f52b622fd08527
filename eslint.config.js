// @ts-check
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits loses its errors, and one handed to a place
    // that expects a plain function (an event handler) runs unchecked. Config files stay outside,
    // as no tsconfig includes them all (docs/decisions/069-the-shape-enforced-by-lint.md).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.config.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The web app may import the API's types (AppRouter), never its code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@journey/api', '@journey/api/*'],
              allowTypeImports: true,
              message: 'Import only types from the API.',
            },
            { group: ['@journey/db', '@journey/db/*'], message: 'The web app never imports server code.' },
          ],
        },
      ],
    },
  },
  // The web app's directions (docs/architecture.md#the-web-app-appsweb): shared code (lib, components,
  // hooks) into features, features into the shell (app). Relative paths, as the app imports itself.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+app(/|$)', message: 'Features never import the app shell (src/app).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{lib,components,hooks}/**/*.{ts,tsx}'],
    // A test of shared code may build on a feature (table-readers.test.tsx reads a milestone page's key).
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|features)(/|$)',
              message: 'Shared code (lib, components, hooks) never imports features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@journey/api', '@journey/web', '**/apps/**'], message: 'Packages never import apps.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/db/**/*.ts', 'apps/api/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
