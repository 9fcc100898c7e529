import { composeStories } from '@storybook/react';
import * as stories from './ChatPanel.stories';

const composed = composeStories(stories);

describe('ChatPanel stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
