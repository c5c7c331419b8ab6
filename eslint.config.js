import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      // Throwaway local scripts (screenshots, probes); git ignores them too.
      '**/*.tmp.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // The storefront's rooms import one way: routes → layouts → features → components and lib
  // (apps/storefront/app/README.md). A separate rule name from the base one, so a block for
  // other import bans on the same files does not replace these.
  {
    files: ['apps/storefront/app/components/**/*.{ts,tsx}', 'apps/storefront/app/lib/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(~/|(\\.\\./)+)((features|routes|layouts)(/|$)|root$)',
              message:
                'components/ and lib/ are shared by every feature: they may not import features/, routes/, layouts/ or root (read the root data with lib/root-data).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/storefront/app/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(~/|(\\.\\./)+)((routes|layouts)(/|$)|root$)',
              message:
                'A feature may not import routes/, layouts/ or root: move what both need into the feature, or down into components/ or lib/ (the root data: lib/root-data).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
