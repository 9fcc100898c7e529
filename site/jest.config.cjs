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

// jsdom with Node's fetch, Request, Response, streams and AbortController (jest-fixed-jsdom, as
// msw's docs advise): msw answers the site's requests in both projects (testing/api). Modules
// resolve as in Node, not as in a browser: msw/node and msw-storybook-addon's Node build have no
// browser variant, and jsdom is not a browser.
/** msw's dependencies that ship only ES modules. */
const MSW_ESM = 'rettime/|until-async/|@open-draft/deferred-promise/';

const environment = {
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: ['node'] },
};

module.exports = {
  projects: [
    {
      displayName: 'site',
      ...environment,
      roots: ['<rootDir>/src', '<rootDir>/edge'],
      testPathIgnorePatterns: ['/node_modules/', STORY_TESTS],
      transform,
      // typebox (the contract's schemas) and some of msw's dependencies ship only ESM, which Jest
      // must transform (Node 20 would require() them; Jest's own module system cannot).
      transformIgnorePatterns: [`/node_modules/(?!typebox/|${MSW_ESM})`],
      setupFiles: ['<rootDir>/src/testing/textEncoding.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      moduleNameMapper: { '\\.woff2$': '<rootDir>/src/testing/fileStub.ts' },
    },
    {
      displayName: 'site stories',
      ...environment,
      roots: ['<rootDir>/src'],
      testRegex: STORY_TESTS,
      transform,
      // @storybook/react, typebox and some of msw's dependencies ship ESM that Jest must
      // transform; see ARCHITECTURE.md.
      transformIgnorePatterns: [`/node_modules/(?!@storybook/react/|typebox/|${MSW_ESM})`],
      setupFiles: ['<rootDir>/src/testing/textEncoding.ts'],
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
