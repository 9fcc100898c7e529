import { composeStories } from '@storybook/react';
import * as stories from './NicknameDialog.stories';

const composed = composeStories(stories);

describe('NicknameDialog stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
