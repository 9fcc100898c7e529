import { composeStories } from '@storybook/react';
import * as stories from './LoginDialog.stories';

const composed = composeStories(stories);

describe('LoginDialog stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
