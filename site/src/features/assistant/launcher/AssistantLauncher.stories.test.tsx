import { composeStories } from '@storybook/react';
import * as stories from './AssistantLauncher.stories';

const composed = composeStories(stories);

describe('AssistantLauncher stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
