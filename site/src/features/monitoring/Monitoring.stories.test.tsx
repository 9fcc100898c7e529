import { composeStories } from '@storybook/react';
import * as stories from './Monitoring.stories';

const composed = composeStories(stories);

describe('Monitoring stories', () => {
  it.each(Object.entries(composed))('%s passes its play function', async (_, Story) => {
    await Story.run();
  });
});
