// Hooks of the Storybook test-runner (headless /usr/bin/chromium): every story's play function
// runs, then axe checks the rendered story.
import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import { checkA11y, configureAxe, injectAxe } from 'axe-playwright';

const config: TestRunnerConfig = {
  async preVisit(page) {
    await injectAxe(page);
  },
  async postVisit(page, context) {
    const storyContext = await getStoryContext(page, context);
    if (storyContext.parameters?.a11y?.disable) return;
    await configureAxe(page, { rules: storyContext.parameters?.a11y?.config?.rules });
    await checkA11y(page, '#storybook-root', {
      verbose: false,
      detailedReport: true,
      detailedReportOptions: { html: true },
      axeOptions: storyContext.parameters?.a11y?.options,
    });
  },
};

export default config;
