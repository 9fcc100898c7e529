// The mobile page's events tab with its "Recently finished" section: the sources Ana monitors
// whose event has ended, most recently added first, under her next events; each opens its phone
// view, with the event's own site a control of its own beside it. Signed in as Ana, over the
// stories' mocked API on 1 November 2026 at noon UTC, shot at a phone's size, in a phone's column
// as the mobile layout gives it (the tabs and top bar are the mobile home page's stories').
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import type { RouteName } from '../../testing/api';
import { MONITOR_SOURCES, STORY_NOW } from '../../testing/monitorFixtures';
import { page, visible, WAIT } from '../../testing/play';
import { mockApiOf, siteStory, textsOf, type SiteParameters } from '../../testing/site';
import { inLanguage, PhoneColumn, phoneShot, SMALL_PHONE } from '../../testing/phone';
import { addSources } from '../monitoring/sources';
import { NextEvents } from './NextEvents';

/**
 * Ana monitors, most recently added first: the completed builders' space (21), the podcast being
 * summarised (22), the ended policy AMA (23), and two events to come (11, 12).
 */
const SITE: SiteParameters = {
  signedIn: true,
  path: '/mobile/',
  now: STORY_NOW,
  api: { monitor: { sources: MONITOR_SOURCES, followed: [21, 22, 23, 11, 12] } },
};

/** Only events to come: nothing has finished yet. */
const NOTHING_FINISHED: SiteParameters = {
  ...SITE,
  api: { monitor: { sources: MONITOR_SOURCES, followed: [11, 12] } },
};

/** The first page of Ana's ended sources, as the section asks for it. */
const FINISHED_LIST: RouteName = 'GET /api/monitor/user/source/list?page=1&size=30&status=3';

const meta = {
  title: 'Site/Mobile/Recently finished',
  tags: ['site', '!autodocs'],
  component: NextEvents,
  ...siteStory,
  render: () => (
    <PhoneColumn>
      <NextEvents />
    </PhoneColumn>
  ),
  parameters: {
    ...siteStory.parameters,
    ...phoneShot(),
    site: SITE,
  },
} satisfies Meta<typeof NextEvents>;

export default meta;
type Story = StoryObj<typeof meta>;

const mobileTexts = (context: StoryContext) => textsOf(context, 'mobile');

/** The section, once it shows. */
const findSection = (context: StoryContext) =>
  visible(
    page().findByRole('region', { name: mobileTexts(context)('source.finished.title') }, WAIT),
  );

/** The links of a list that open a source's phone view (not the event's own site). */
const viewLinks = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('link')
    .filter((link) => link.getAttribute('target') !== '_blank');

/**
 * The three finished sources, in the order Ana added them, each with its state (and the heat of
 * the completed one); each opens its phone view, and the event on its site is a second control,
 * both at least 44 px high for a finger.
 */
export const RecentlyFinished: Story = {
  play: async (context) => {
    const t = mobileTexts(context);
    const m = textsOf(context, 'monitoring');
    const events = await visible(page().findByRole('region', { name: t('events.title') }, WAIT));
    await waitFor(() => expect(viewLinks(events)).toHaveLength(2), WAIT);
    const section = await findSection(context);
    await waitFor(() => expect(viewLinks(section)).toHaveLength(3), WAIT);
    const links = viewLinks(section);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(
      [21, 22, 23].map((id) => inLanguage(context, `/mobile/monitoring/detail/?id=${id}`)),
    );
    await expect(links[0]).toHaveTextContent('Solana builders space');
    await expect(links[0]).toHaveTextContent(`${m('status.completed')} · ${m('heat')}`);
    await expect(links[1]).toHaveTextContent(m('status.parsing'));
    await expect(links[2]).toHaveTextContent(m('status.finished'));
    const outside = within(section).getByRole('link', {
      name: new RegExp(t('source.openEvent', { title: 'Solana builders space' })),
    });
    await expect(outside).toHaveAttribute('href', 'https://x.com/i/spaces/story21');
    await expect(outside).toHaveAttribute('target', '_blank');
    for (const link of [...within(section).getAllByRole('link'), ...viewLinks(events)]) {
      const box = link.getBoundingClientRect();
      await expect(box.height).toBeGreaterThanOrEqual(44);
      await expect(box.width).toBeGreaterThanOrEqual(44);
    }
  },
};

/** The same on the narrowest phone. */
export const RecentlyFinishedNarrow: Story = {
  ...RecentlyFinished,
  parameters: phoneShot(SMALL_PHONE),
};

/** The same in Chinese. */
export const RecentlyFinishedChinese: Story = { ...RecentlyFinished, globals: { locale: 'zh' } };

/** The same in Portuguese. */
export const RecentlyFinishedPortuguese: Story = {
  ...RecentlyFinished,
  globals: { locale: 'pt-br' },
};

/**
 * Nothing has finished: no section. A finished source added (from the phone's add-monitoring
 * dialog, say) shows in it at once, where Ana can find it after the toast.
 */
export const FinishedSourceAdded: Story = {
  parameters: { site: NOTHING_FINISHED },
  play: async (context) => {
    const t = mobileTexts(context);
    const events = await visible(page().findByRole('region', { name: t('events.title') }, WAIT));
    await waitFor(() => expect(viewLinks(events)).toHaveLength(2), WAIT);
    await expect(page().queryByRole('region', { name: t('source.finished.title') })).toBeNull();

    await addSources([24]);
    const section = await findSection(context);
    await waitFor(
      () =>
        expect(viewLinks(section).map((link) => link.getAttribute('href'))).toEqual([
          '/mobile/monitoring/detail/?id=24',
        ]),
      WAIT,
    );
    await expect(viewLinks(section)[0]).toHaveTextContent('Mining economics');
  },
};

/** Ana's finished sources could not be loaded: the section says so and offers to try again. */
export const FinishedError: Story = {
  parameters: { site: { ...SITE, api: { ...SITE.api, faults: { [FINISHED_LIST]: 'network' } } } },
  play: async (context) => {
    const t = mobileTexts(context);
    const section = await findSection(context);
    await expect(section).toHaveTextContent(t('source.finished.error'));
    await expect(
      within(section).getByRole('button', { name: t('source.finished.retry') }),
    ).toBeEnabled();
    // The next events are there all the same.
    const events = page().getByRole('region', { name: t('events.title') });
    await waitFor(() => expect(viewLinks(events)).toHaveLength(2), WAIT);
  },
};

/** Back online, "Try again" lists them. */
export const FinishedErrorRetried: Story = {
  parameters: FinishedError.parameters,
  play: async (context) => {
    const t = mobileTexts(context);
    const failed = await findSection(context);
    mockApiOf(context).heal(FINISHED_LIST);
    await userEvent.click(
      await within(failed).findByRole('button', { name: t('source.finished.retry') }, WAIT),
    );
    // The section goes while they load again, and comes back with them.
    await waitFor(async () => expect(viewLinks(await findSection(context))).toHaveLength(3), WAIT);
  },
};
