import { composeStories } from '@storybook/react';
import * as stories from './SourceDetail.stories';

const composed = composeStories(stories);

describe('SourceDetail stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
