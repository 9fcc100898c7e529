// Setup of the site's Jest project (jest.config.cjs). `npm test` runs every package's tests at
// once on a small machine, where a test that takes a second alone can take several: the time
// limits here are for that machine, not for a fast one.
import { configure } from '@testing-library/react';

// Set here: `testTimeout` in a project of jest.config.cjs is ignored (it is a global option).
jest.setTimeout(20_000);
// How long findBy* and waitFor wait for the page to get there (1 s by default).
configure({ asyncUtilTimeout: 5_000 });
