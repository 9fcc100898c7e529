// Setup of the design system's Jest (jest.config.cjs): the stories' (../.storybook/jestSetup.ts).
import '../.storybook/jestSetup';

// `npm test` runs every package's tests at once on a small machine, where a test that takes a
// second alone can take several: the time limit is for that machine.
jest.setTimeout(20_000);
