/** Jest for the design system: jsdom, SWC, and every story's play function through composeStories. */
module.exports = {
  displayName: 'design-system',
  // The root Storybook preview starts msw (msw-storybook-addon, for the site's stories): jsdom with
  // Node's fetch and modules resolved as in Node (the addon's Node build), as in the site's Jest.
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: ['node'] },
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  transform: {
    // .mjs too: some of msw's dependencies ship only that.
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
  },
  // @storybook/react and some of msw's dependencies ship ESM that Jest must transform; see
  // ARCHITECTURE.md.
  transformIgnorePatterns: [
    '/node_modules/(?!@storybook/react/|rettime/|until-async/|@open-draft/deferred-promise/)',
  ],
  moduleNameMapper: { '\\.(css)$': '<rootDir>/jest.style-stub.cjs' },
};
