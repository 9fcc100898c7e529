// One ESLint flat config for the whole repository; each workspace runs `eslint .` against it.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
