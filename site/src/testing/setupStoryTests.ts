// Setup of the site's Jest story project (jest.config.cjs): the stories' (.storybook/jestSetup.ts)
// and what Storybook's build defines.
import '../../../.storybook/jestSetup';

// A story that walks through several steps takes a few seconds in jsdom, more on a busy machine.
// Set here: `testTimeout` in a project of jest.config.cjs is ignored (it is a global option).
jest.setTimeout(30_000);
// What Storybook's build defines (.storybook/main.ts): no API origin and no Google client id. The
// environment may set them (`npm test` builds the site with a test Google client id), and the
// stories must not depend on it.
process.env.GATSBY_API_URL = '';
delete process.env.GATSBY_GOOGLE_CLIENT_ID;
