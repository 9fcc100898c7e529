/** Jest for the design system: jsdom and SWC, set up as the site's (../jest.shared.cjs). */
const { transform, environment, compiling } = require('../jest.shared.cjs');

module.exports = {
  displayName: 'design-system',
  ...environment,
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  transform,
  // The tests render compositions from the stories, which import @storybook/react's ESM.
  transformIgnorePatterns: compiling('@storybook/react'),
  moduleNameMapper: { '\\.(css)$': '<rootDir>/jest.style-stub.cjs' },
};
