/**
 * Jest for the site, two projects: `site`, React units in jsdom and translations and routes in
 * plain tests; `site stories`, tests of what the stories stand on (`*.stories.test.tsx`: the
 * stories' mocked API), with the stand-ins Storybook aliases (see .storybook/main.ts). The stories'
 * play functions themselves run once, in Chromium (scripts/test-storybook.mjs).
 */
const { transform, environment, compiling } = require('../jest.shared.cjs');

const STORY_TESTS = '\\.stories\\.test\\.tsx$';

module.exports = {
  projects: [
    {
      displayName: 'site',
      ...environment,
      roots: ['<rootDir>/src', '<rootDir>/edge'],
      testPathIgnorePatterns: ['/node_modules/', STORY_TESTS],
      transform,
      // typebox: the contract's schemas.
      transformIgnorePatterns: compiling('typebox'),
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      moduleNameMapper: {
        '\\.woff2$': '<rootDir>/src/testing/fileStub.ts',
        // The design system's sources, not its build: the tests see its current state, and they
        // need not wait for its build (turbo.json).
        '^@coinlens/design-system$': '<rootDir>/../design-system/src/index.ts',
      },
    },
    {
      displayName: 'site stories',
      ...environment,
      roots: ['<rootDir>/src'],
      testRegex: STORY_TESTS,
      transform,
      transformIgnorePatterns: compiling('@storybook/react', 'typebox'),
      moduleNameMapper: {
        '^gatsby$': '<rootDir>/src/testing/gatsby.tsx',
        '^gatsby-plugin-react-i18next$': '<rootDir>/src/testing/i18next.tsx',
        '^@coinlens/design-system$': '<rootDir>/../design-system/src/index.ts',
        // Vite bundles the locale files with import.meta.glob; here they are read from disk.
        '^\\./localeFiles$': '<rootDir>/src/testing/localeFiles.node.ts',
        '\\.css$': '<rootDir>/src/testing/styleStub.ts',
      },
      // Also gives each story its time limit (a project cannot set testTimeout).
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupStoryTests.ts'],
    },
  ],
};
