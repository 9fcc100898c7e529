import { composeStories } from '@storybook/react';
import * as stories from './AddMonitorDialog.stories';

const composed = composeStories(stories);

describe('AddMonitorDialog stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
