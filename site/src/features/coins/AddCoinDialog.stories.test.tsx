import { composeStories } from '@storybook/react';
import * as stories from './AddCoinDialog.stories';

const composed = composeStories(stories);

describe('AddCoinDialog stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
