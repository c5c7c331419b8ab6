import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Package entry points only the server may load: Node modules, the database, test support. */
const SERVER_FACES = [
  '@piste/*/server',
  '@piste/*/server/*',
  '@piste/*/testing',
  '@piste/db',
  '@piste/db/*',
  '@piste/server',
  '@piste/server/*',
];
const SERVER_FACES_MESSAGE =
  'A client module must not import a server face: load the data in a `.server` module (a loader) and pass it down.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
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
  // The commerce port's one chooser (docs/architecture.md 'Commerce providers'): only the server's
  // composition root and its config name the BigCommerce provider; everything else reads the
  // port; BigCommerce's own webhook endpoint and its registration command speak its wire format.
  // Tests may start the stand-in. The core rule's name, so the blocks above stay whole.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: [
      'packages/bigcommerce/**',
      'packages/bigcommerce-fake/**',
      'packages/payments-stripe/**',
      'packages/server/src/commerce-provider.ts',
      'packages/server/src/config.ts',
      'packages/server/src/services.ts',
      'packages/server/src/routes/bigcommerce-webhooks.ts',
      'packages/server/src/cli/bigcommerce-webhooks.ts',
      '**/*.test.{ts,tsx}',
      'packages/*/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@piste/bigcommerce', '@piste/bigcommerce/*', '@piste/bigcommerce-fake'],
              message:
                'Read commerce through the CommercePort (services.commerce); only the composition root picks the provider.',
            },
            {
              group: ['@piste/payments-stripe', 'stripe'],
              message:
                'Take payments through the PaymentProvider (services.embeddedOnly.payments); only the composition root picks the provider.',
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
  // Client modules of the storefront (bundled for the browser): no server faces of the packages
  // (`@piste/*/server`, test support, the server package). Type imports are erased, so they may.
  {
    files: ['apps/storefront/app/**/*.{ts,tsx}'],
    ignores: ['**/*.server.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: SERVER_FACES, allowTypeImports: true, message: SERVER_FACES_MESSAGE }] },
      ],
    },
  },
  // The back office (apps/admin) runs only in the browser (ssr: false): it reads everything
  // through /admin/api, so no module of it may load a server face (types may be shared).
  {
    files: ['apps/admin/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...SERVER_FACES, '**/*.server', '**/*.server.ts', '**/*.server.tsx'],
              allowTypeImports: true,
              message:
                'The admin app is a browser app: read data through `api` (app/lib/api.ts), never a server module.',
            },
          ],
        },
      ],
    },
  },
  // Outside route modules, not even a `.server` module: React Router drops those from the client
  // bundle only for a route's loader and action, so a component, hook or view may not import one.
  {
    files: ['apps/storefront/app/**/*.{ts,tsx}'],
    ignores: [
      '**/*.server.{ts,tsx}',
      '**/*.test.{ts,tsx}',
      'apps/storefront/app/routes/**',
      'apps/storefront/app/root.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_FACES, allowTypeImports: true, message: SERVER_FACES_MESSAGE },
            {
              group: ['**/*.server', '**/*.server.ts', '**/*.server.tsx'],
              allowTypeImports: true,
              message: 'A client module may import a `.server` module only for its types.',
            },
          ],
        },
      ],
    },
  },
);
