// The site stories' mocked API as a story meets it (site.tsx): a story's own msw handlers go in
// front of its mocked API's, and a story whose mocked API answers against the contract fails.
import { composeStory } from '@storybook/react';
import { expect as expectIn, within } from '@storybook/test';
import { useEffect, useState } from 'react';
import { api } from '../data/client';
import { respond, route } from './api';
import { siteStory } from './site';

/** Today's hot coins as a page asks for them: loading, then how many, or that it failed. */
function HotCoins() {
  const [state, setState] = useState('loading');
  useEffect(() => {
    api.get<unknown[]>('/api/asset/hot', { query: { size: 5 } }).then(
      (coins) => setState(`${coins.length} coins`),
      () => setState('failed'),
    );
  }, []);
  return <p>{state}</p>;
}

const meta = { title: 'Testing/Mocked API', component: HotCoins, ...siteStory };

const showing = (text: string) => ({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expectIn(await within(canvasElement).findByText(text)).toBeVisible();
  },
});

it('answers from the story’s mocked API', async () => {
  const Story = composeStory(showing('5 coins'), meta);
  await Story.run();
});

it('puts a story’s own msw handlers in front of its mocked API', async () => {
  const none = route('GET /api/asset/hot', () =>
    respond('GET /api/asset/hot', 200, { code: 200, msg: 'ok', data: [] }),
  );
  const Story = composeStory(
    { ...showing('0 coins'), parameters: { msw: { handlers: [none] } } },
    meta,
  );
  await Story.run();
});

it('fails a story whose mocked API answers against the contract', async () => {
  const wrong = route('GET /api/asset/hot', () =>
    respond('GET /api/asset/hot', 200, { code: 200, msg: 'ok', data: [{ id: 1 }] }),
  );
  const Story = composeStory(
    { ...showing('failed'), parameters: { msw: { handlers: [wrong] } } },
    meta,
  );
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  await expect(Story.run()).rejects.toThrow(
    'The mock of GET /api/asset/hot answered HTTP 200 against the contract: /data/0',
  );
  error.mockRestore();
});
