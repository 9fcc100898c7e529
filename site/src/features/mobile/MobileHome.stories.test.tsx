import { composeStories } from '@storybook/react';
import * as stories from './MobileHome.stories';

const composed = composeStories(stories);

describe('Mobile home stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
