// One ESLint flat config for the whole repository; each workspace runs `eslint .` against it.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each workspace lints from its own folder: the site's layer rules name their folders from here.
const SITE_SRC = `${import.meta.dirname}/site/src`;
const FEATURES_AND_PAGES = [`${SITE_SRC}/features`, `${SITE_SRC}/pages`];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-test/**',
      '**/dist-h*/**',
      '**/public/**',
      '**/.cache/**',
      'storybook-static/**',
      '.data/**',
      '.turbo/**',
      'api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    // The site's service worker, served as it is written (site/static).
    files: ['site/static/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['design-system/**/*.{ts,tsx}', 'site/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      // Chakra's modules one by one, as its bundle-optimization guide shows: its main entry loads
      // all of its components and Ark UI's, which every Jest file paid for (about 3 s a file on
      // this machine; see docs/architecture.md).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@chakra-ui/react',
              message:
                "Import from the module that has it: '@chakra-ui/react/styled-system' (chakra, the define* helpers, the provider, their types) or a component's own, e.g. '@chakra-ui/react/box'.",
            },
          ],
        },
      ],
    },
  },
  {
    // What the browser runs: reading a RegExp's `flags` makes the site's build add core-js's
    // polyfill for it (49 modules, 3.6 KB gz in the chat's chunk), which none of its browsers need.
    files: ['design-system/src/**/*.{ts,tsx}', 'site/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'flags',
          message:
            "Copy a RegExp with new RegExp(pattern): reading `flags` pulls in core-js's polyfill.",
        },
      ],
    },
  },
  {
    // No import circle: a module's imports, dynamic ones too, never lead back to it (a circle
    // of type imports alone is left to the compiler).
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          // The API and the contract import their TypeScript sources as the .js they compile to.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The site's layers point one way: pages -> features -> shell, data, i18n -> design system.
    // Start-up code, data and i18n never import a feature or a page (a feature registers what
    // every page's frame needs from it: features/frame.ts), and what ships never imports the
    // fakes, stubs and helpers of site/src/testing (tests and stories do).
    files: ['site/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}', 'site/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['start', 'data', 'i18n'].map((layer) => ({
              target: `${SITE_SRC}/${layer}`,
              from: FEATURES_AND_PAGES,
              message: `${layer}/ is below the features: register what the frame needs instead (features/frame.ts).`,
            })),
            {
              target: `${SITE_SRC}/shell`,
              from: FEATURES_AND_PAGES,
              message:
                'The shell is below the features and pages: a feature registers what the frame draws (shell/frameParts.ts, shell/dialogs.ts).',
            },
            {
              target: `${import.meta.dirname}/site`,
              from: `${SITE_SRC}/testing`,
              message: 'Fakes and test helpers are for tests and stories only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Playwright Test's `test` and `expect` are imported (e2e/fixtures.ts), not globals.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
