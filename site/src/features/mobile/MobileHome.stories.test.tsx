import { composeStories } from '@storybook/react';
import * as stories from './MobileHome.stories';

const composed = composeStories(stories);

// The events tab's stories run in Chromium only (the Storybook test-runner runs every story, with
// axe and a screenshot). In jsdom, under the load of the builds that turbo runs beside it, one of
// them after another kept its lists loading past 15 s on CI (Events, EventsChinese, EventsEmpty),
// while each passes alone; the cause is not found yet.
const eventsTab = (story: { parameters?: { mobile?: { tab?: string } } }) =>
  story.parameters?.mobile?.tab === 'events';

describe('Mobile home stories', () => {
  it.each(Object.entries(composed).filter(([, story]) => !eventsTab(story)))(
    '%s passes its play function',
    async (_, Story) => {
      await Story.run();
    },
  );
});
