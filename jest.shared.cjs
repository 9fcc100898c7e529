// What the design system's and the site's Jest configurations share (design-system/jest.config.cjs,
// site/jest.config.cjs): one way to compile, one environment, one list of the ES-module-only
// packages Jest must compile.

/** TypeScript and JSX through SWC; .mjs too, for dependencies that ship only ES modules. */
const transform = {
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

// jsdom with Node's fetch, Request, Response, streams and AbortController (jest-fixed-jsdom, as
// msw's docs advise): msw answers requests in the tests and in the Storybook preview the stories
// run with. Modules resolve as in Node, not as in a browser: msw/node and msw-storybook-addon's
// Node build have no browser variant, and jsdom is not a browser.
const environment = {
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: ['node'] },
};

/** msw's dependencies that ship only ES modules. */
const MSW_ESM = ['rettime', 'until-async', '@open-draft/deferred-promise'];

/**
 * `transformIgnorePatterns` that leave `packages` to be compiled: they ship ES modules only, which
 * Node 20 would require() but Jest's own module system cannot.
 */
const compiling = (...packages) => [
  `/node_modules/(?!${[...packages, ...MSW_ESM].map((name) => `${name}/`).join('|')})`,
];

module.exports = { transform, environment, compiling };
