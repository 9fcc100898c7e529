/**
 * Jest for the site, two projects: `site`, React units in jsdom (SWC) and translations and routes
 * in plain tests; `site stories`, every story's play function through composeStories
 * (`*.stories.test.tsx`), with the stand-ins Storybook aliases (see .storybook/main.ts).
 */
const transform = {
  // .mjs too: the edge rules are plain ES modules, and Node 20 cannot require() them untransformed.
  '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const STORY_TESTS = '\\.stories\\.test\\.tsx$';

module.exports = {
  projects: [
    {
      displayName: 'site',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src', '<rootDir>/edge'],
      testPathIgnorePatterns: ['/node_modules/', STORY_TESTS],
      transform,
      setupFilesAfterEnv: ['<rootDir>/src/testSetup.ts'],
      moduleNameMapper: { '\\.woff2$': '<rootDir>/src/app/fileStub.ts' },
    },
    {
      displayName: 'site stories',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src'],
      testRegex: STORY_TESTS,
      transform,
      // @storybook/react ships ESM that Jest must transform; see ARCHITECTURE.md.
      transformIgnorePatterns: ['/node_modules/(?!@storybook/react/)'],
      moduleNameMapper: {
        '^gatsby$': '<rootDir>/src/storybook/gatsby.tsx',
        '^gatsby-plugin-react-i18next$': '<rootDir>/src/storybook/i18next.tsx',
        '^@coinlens/design-system$': '<rootDir>/../design-system/src/index.ts',
        // Vite bundles the locale files with import.meta.glob; here they are read from disk.
        '^\\./localeFiles$': '<rootDir>/src/storybook/localeFiles.node.ts',
        '\\.css$': '<rootDir>/src/storybook/styleStub.ts',
      },
      // Also gives each story its time limit (a project cannot set testTimeout).
      setupFilesAfterEnv: ['<rootDir>/src/storybook/jest.setup.ts'],
    },
  ],
};
