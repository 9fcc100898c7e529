import { composeStories } from '@storybook/react';
import * as stories from './WelcomeChat.stories';

const composed = composeStories(stories);

describe('WelcomeChat stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
