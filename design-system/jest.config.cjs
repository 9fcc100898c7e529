/** Jest for the design system: jsdom and SWC, set up as the site's (../jest.shared.cjs). */
const { transform, environment, compiling } = require('../jest.shared.cjs');

module.exports = {
  displayName: 'design-system',
  ...environment,
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  transform,
  // The tests render compositions from the stories, which import @storybook/react's ESM; the alert
  // rules' test reads the contract's values, built on TypeBox's ESM (as the site's tests do).
  transformIgnorePatterns: compiling('@storybook/react', 'typebox'),
  moduleNameMapper: { '\\.(css)$': '<rootDir>/jest.style-stub.cjs' },
};
