/** Jest for the design system: jsdom, SWC, and every story's play function through composeStories. */
module.exports = {
  displayName: 'design-system',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
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
  // @storybook/react ships ESM that Jest must transform; see ARCHITECTURE.md.
  transformIgnorePatterns: ['/node_modules/(?!@storybook/react/)'],
  moduleNameMapper: { '\\.(css)$': '<rootDir>/jest.style-stub.cjs' },
};
