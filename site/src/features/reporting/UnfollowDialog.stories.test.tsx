import { composeStories } from '@storybook/react';
import * as stories from './UnfollowDialog.stories';

const composed = composeStories(stories);

describe('UnfollowDialog stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
