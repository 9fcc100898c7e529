// The Storybook test-runner's Jest config, ejected so that it launches Debian's Chromium: a test
// tool's own browser download is not possible on our machines.
const { getJestConfig } = require('@storybook/test-runner');

const defaults = getJestConfig();

/** @type {import('@jest/types').Config.InitialOptions} */
module.exports = {
  ...defaults,
  testTimeout: 30000,
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
