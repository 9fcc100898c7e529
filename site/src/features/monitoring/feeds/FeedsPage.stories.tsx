// The Feeds page as /monitoring/feeds/ shows it to the server's operators: every feed the server
// reads, over the stories' mocked API (testing/api/feeds.ts), Ana signed in and named in the mock's
// OPERATOR_EMAILS, on 1 November 2026 at noon UTC; and what anyone else, or a server without
// feeds, gets instead.
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { FEEDS, fakeFeed, type RouteName } from '../../../testing/api';
import { ANA, QUOTED_AT } from '../../../testing/fixtures';
import { inLanguage, PhoneColumn, phoneShot } from '../../../testing/phone';
import { page, visible, WAIT } from '../../../testing/play';
import { mockApiOf, siteStory, textsOf, type SiteParameters } from '../../../testing/site';
import { FeedsPage } from './FeedsPage';

const LIST: RouteName = 'GET /api/monitor/feed/list';

const SITE: SiteParameters = {
  signedIn: true,
  path: '/monitoring/feeds/',
  now: QUOTED_AT * 1000,
  api: { operators: [ANA.account] },
};

/** The meta's site with other mocked API options (Ana an operator unless they say otherwise). */
const site = (api: SiteParameters['api']): { site: SiteParameters } => ({
  site: { ...SITE, api: { ...SITE.api, ...api } },
});

const meta = {
  title: 'Site/Monitoring/Feeds',
  tags: ['site', '!autodocs'],
  component: FeedsPage,
  ...siteStory,
  render: () => (
    <main>
      <FeedsPage />
    </main>
  ),
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof FeedsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The list of feeds, once it shows. */
async function feedList(context: StoryContext) {
  const t = textsOf(context, 'feeds');
  return visible(page().findByRole('list', { name: t('list.label') }, WAIT));
}

/** The feed named `name` (its heading), an article in the list. */
const feedNamed = (list: HTMLElement, name: string) => within(list).getByRole('article', { name });

/** The status word of `article`'s badge, as read aloud: "Status: Failing". */
const badgeOf = (context: StoryContext, status: string) => {
  const t = textsOf(context, 'feeds');
  return `${t('status.label')} ${t(`status.${status}`)}`;
};

/**
 * The four feeds in the API's order (configured ones by address, then the one taken out of
 * FEEDS), each with its badge; the failing one with its error and failures in a row; times as
 * "5 minutes ago" with the exact UTC time on hover; addresses linked, opening in a new tab.
 */
export const Feeds: Story = {
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    const list = await feedList(context);
    const names = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    await expect(names).toEqual([
      'Example Chain Blog',
      'https://news.example.net/atom.xml',
      'Macro Weekly',
      'Old Dev Calls',
    ]);
    const failingCount = page().getByText(t('list.failing', { count: 1 }));
    await expect(failingCount).toBeVisible();
    await expect(failingCount.parentElement).toHaveTextContent(t('list.count', { count: 4 }));

    const ok = feedNamed(list, 'Example Chain Blog');
    await expect(ok).toHaveTextContent(badgeOf(context, 'ok'));
    await expect(ok).toHaveAttribute('data-state', 'ok');
    await expect(within(ok).queryByText(t('field.lastError'))).toBeNull();
    const address = within(ok).getByRole('link', {
      name: `https://blog.example.com/feed.xml ${t('newTab')}`,
    });
    await expect(address).toHaveAttribute('href', 'https://blog.example.com/feed.xml');
    await expect(address).toHaveAttribute('target', '_blank');
    await expect(address).toHaveAttribute('rel', 'noopener noreferrer');

    const failing = feedNamed(list, 'Macro Weekly');
    await expect(failing).toHaveTextContent(badgeOf(context, 'failing'));
    await expect(within(failing).getByText(t('field.lastError'))).toBeVisible();
    await expect(within(failing).getByText('HTTP 503 Service Unavailable')).toBeVisible();
    const failures = within(failing).getByText(t('field.failures')).nextElementSibling;
    await expect(failures).toHaveTextContent('3');

    const pending = feedNamed(list, 'https://news.example.net/atom.xml');
    await expect(pending).toHaveTextContent(badgeOf(context, 'pending'));
    await expect(within(pending).getAllByText(t('time.never'))).toHaveLength(2);
    await expect(within(pending).getByText(t('time.due'))).toBeVisible();

    const retired = feedNamed(list, 'Old Dev Calls');
    await expect(retired).toHaveTextContent(badgeOf(context, 'retired'));
    await expect(within(retired).getByText(t('time.retired'))).toBeVisible();

    // The last read of the working feed, five minutes before the story's moment: its exact time
    // on the UTC clock is the hover text, and the machine-readable one is the element's.
    const lastRead = within(ok).getByText(t('field.lastRead')).nextElementSibling;
    const time = lastRead?.querySelector('time');
    await expect(time).toHaveAttribute('datetime', '2026-11-01T11:55:00.000Z');
    await expect(time?.getAttribute('title')).toMatch(/11:55:00/);
  },
};

/** The way back to the monitoring page, in the page's language. */
export const BackLink: Story = {
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    await feedList(context);
    const back = page().getByRole('link', { name: new RegExp(`${t('back')}$`) });
    await expect(back).toHaveAttribute('href', inLanguage(context, '/monitoring/'));
  },
};

/** No feed configured on the server: what the FEEDS setting is and how to fill it. */
export const Empty: Story = {
  parameters: site({ feeds: { feeds: [] } }),
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    await visible(page().findByText(t('empty.title'), {}, WAIT));
    await expect(page().getByText(t('empty.description'))).toBeVisible();
    await expect(page().queryByRole('list', { name: t('list.label') })).toBeNull();
  },
};

/**
 * Ana is no operator (the mock's OPERATOR_EMAILS is empty): the page says who sees it and how an
 * account becomes an operator, in its place rather than as an error, with the way back.
 */
export const NotAnOperator: Story = {
  parameters: site({ operators: [] }),
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    await visible(page().findByText(t('operatorsOnly.title'), {}, WAIT));
    await expect(page().getByText(t('operatorsOnly.description'))).toBeVisible();
    await expect(page().getByText(t('operatorsOnly.how'))).toBeVisible();
    // No alert, no toast: a refusal to a non-operator is what the page is for them.
    await expect(page().queryByRole('alert')).toBeNull();
    await expect(page().queryByRole('list', { name: t('list.label') })).toBeNull();
    const back = page().getByRole('link', { name: new RegExp(`${t('back')}$`) });
    await expect(back).toHaveAttribute('href', inLanguage(context, '/monitoring/'));
    // A refusal is not asked again by itself (the list's minute refresh stops with it).
    await expect(mockApiOf(context).calls(LIST)).toHaveLength(1);
  },
};

/** The list is on its way: placeholders say it is loading, under the page's heading. */
export const Loading: Story = {
  parameters: site({ faults: { [LIST]: 'hold' } }),
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    await expect(page().getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    const status = await visible(page().findByRole('status', { name: t('loading') }, WAIT));
    await expect(status).toHaveAttribute('aria-busy', 'true');
  },
};

/** The list could not be loaded (offline): the page says so and offers to try again. */
export const LoadFailed: Story = {
  parameters: site({ faults: { [LIST]: 'network' } }),
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('error.text'));
    await expect(within(alert).getByRole('button', { name: t('error.retry') })).toBeEnabled();
  },
};

/** Back online, "Try again" loads the list. */
export const LoadFailedRetried: Story = {
  parameters: LoadFailed.parameters,
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    mockApiOf(context).heal(LIST);
    await userEvent.click(within(alert).getByRole('button', { name: t('error.retry') }));
    const list = await feedList(context);
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(4), WAIT);
    await expect(page().queryByRole('alert')).toBeNull();
  },
};

/** The server's own words for a fault it answered (a 500), with the retry. */
export const ServerFault: Story = {
  parameters: site({ faults: { [LIST]: { code: 500, key: 'internal' } } }),
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    // The server's message, in the request's language (English in Storybook: see site.tsx).
    await expect(alert).toHaveTextContent('Something went wrong on our side; please try again');
    await expect(within(alert).getByRole('button', { name: t('error.retry') })).toBeEnabled();
  },
};

/** Many failing feeds, one with a long error: the error wraps inside its card. */
export const LongError: Story = {
  parameters: site({
    feeds: {
      feeds: [
        fakeFeed(11, {
          url: 'https://very-long-hostname-of-a-feed-provider.example.com/podcasts/weekly/episodes/feed.rss',
          title: null,
          failures: 12,
          lastError:
            'The answer is larger than 5 MiB (5242880 bytes): the feed was not read, and what was read before stays',
          lastSuccessAt: QUOTED_AT - 9 * 86_400,
        }),
        fakeFeed(12, { failures: 1, lastError: 'HTTP 429 Too Many Requests' }),
      ],
    },
  }),
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    const list = await feedList(context);
    await expect(within(list).getAllByText(t('field.lastError'))).toHaveLength(2);
    // Nothing runs past a card's edge.
    for (const card of within(list).getAllByRole('article')) {
      await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    }
  },
};

/** The same in Chinese: the times in Chinese words, the exact time in the Chinese date order. */
export const Chinese: Story = {
  globals: { locale: 'zh' },
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    const list = await feedList(context);
    const ok = feedNamed(list, 'Example Chain Blog');
    await expect(ok).toHaveTextContent(badgeOf(context, 'ok'));
    await expect(ok).toHaveTextContent(/分钟前/);
    const time = within(ok)
      .getByText(t('field.lastRead'))
      .nextElementSibling?.querySelector('time');
    await expect(time?.getAttribute('title')).toMatch(/^2026\/11\/01 11:55:00/);
    await expect(feedNamed(list, 'Macro Weekly')).toHaveTextContent(badgeOf(context, 'failing'));
  },
};

/** The same in Brazilian Portuguese. */
export const Portuguese: Story = {
  globals: { locale: 'pt-br' },
  play: async (context) => {
    const t = textsOf(context, 'feeds');
    const list = await feedList(context);
    const ok = feedNamed(list, 'Example Chain Blog');
    await expect(ok).toHaveTextContent(/há \d+ minutos/);
    await expect(feedNamed(list, 'Old Dev Calls')).toHaveTextContent(badgeOf(context, 'retired'));
    await expect(page().getByRole('link', { name: new RegExp(`${t('back')}$`) })).toHaveAttribute(
      'href',
      '/pt-br/monitoring/',
    );
  },
};

/**
 * A window as narrow as a phone (a phone itself is sent to the mobile home page by the device
 * redirect, as from every monitoring page but a source's): each card stacks its fields in two
 * columns, and nothing runs past the screen's edge.
 */
export const Narrow: Story = {
  parameters: phoneShot(),
  render: () => (
    <PhoneColumn>
      <FeedsPage />
    </PhoneColumn>
  ),
  play: async (context) => {
    const list = await feedList(context);
    await expect(within(list).getAllByRole('article')).toHaveLength(FEEDS.length);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
