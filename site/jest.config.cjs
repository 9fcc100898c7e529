/** Jest for the site: React units in jsdom (SWC), translations and routes in plain tests. */
module.exports = {
  displayName: 'site',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src', '<rootDir>/edge'],
  transform: {
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
  },
};
