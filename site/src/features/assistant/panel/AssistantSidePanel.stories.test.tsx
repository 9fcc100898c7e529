import { composeStories } from '@storybook/react';
import * as stories from './AssistantSidePanel.stories';

const composed = composeStories(stories);

describe('AssistantSidePanel stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
