// The Storybook test-runner's Jest config, ejected so that it launches Debian's Chromium: a test
// tool's own browser download is not possible on our machines.
const { getJestConfig } = require('@storybook/test-runner');

const defaults = getJestConfig();

/** @type {import('@jest/types').Config.InitialOptions} */
module.exports = {
  ...defaults,
  // A story's play function, axe and screenshot. 60 s, not 30: on a loaded 2-core machine the
  // monitoring page's stories (a page load, a dialog, a toast, each waited for up to 5 s) took
  // over 30 s in CI, while a story that really hangs still fails.
  testTimeout: 60000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...defaults.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-dev-shm-usage',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    },
  },
};
