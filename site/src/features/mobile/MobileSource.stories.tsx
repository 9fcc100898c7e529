// The phone's view of a monitored source as /mobile/monitoring/detail/?id=N shows it: signed in as
// Ana, over the stories' mocked API and its monitoring routes, on 1 November 2026 at noon UTC, shot
// at a phone's size (375 x 812; 320 x 640 for the narrowest phones). In a phone's column as the
// mobile layout gives it, without the top bar (the mobile home page's stories have it).
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import type { RouteName } from '../../testing/api';
import { coin } from '../../testing/fixtures';
import { navigate } from '../../testing/gatsby';
import {
  ANA_SOURCES,
  BUILDERS_SPACE,
  HALVING_AMA,
  MONITOR_SOURCES,
  STORY_NOW,
} from '../../testing/monitorFixtures';
import { findDialog, findToast, page, visible, WAIT } from '../../testing/play';
import { mockApiOf, siteStory, textsOf, type SiteParameters } from '../../testing/site';
import { inLanguage, PhoneColumn, phoneShot, SMALL_PHONE } from '../../testing/phone';
import { MobileSource } from './MobileSource';

const SITE: SiteParameters = {
  signedIn: true,
  path: '/mobile/monitoring/detail/',
  now: STORY_NOW,
  api: {
    follows: [coin('BTC').id],
    monitor: { sources: MONITOR_SOURCES, followed: ANA_SOURCES },
  },
};

const DETAIL: RouteName = 'GET /api/monitor/source/detail';
const DELETE: RouteName = 'GET /api/monitor/user/source/delete';

const withFaults = (faults: NonNullable<SiteParameters['api']>['faults']): SiteParameters => ({
  ...SITE,
  api: { ...SITE.api, faults },
});

const meta = {
  title: 'Site/Mobile/Source',
  tags: ['site', '!autodocs'],
  component: MobileSource,
  ...siteStory,
  render: (args) => (
    <PhoneColumn>
      <MobileSource {...args} />
    </PhoneColumn>
  ),
  args: { sourceId: BUILDERS_SPACE.id },
  parameters: {
    ...siteStory.parameters,
    ...phoneShot(),
    site: SITE,
  },
} satisfies Meta<typeof MobileSource>;

export default meta;
type Story = StoryObj<typeof meta>;

const mobileTexts = (context: StoryContext) => textsOf(context, 'mobile');

/** The back control, which leads to the events tab. */
async function expectBack(context: StoryContext) {
  const back = page().getByRole('link', { name: mobileTexts(context)('source.back') });
  await expect(back).toHaveAttribute('href', inLanguage(context, '/mobile/?tab=events'));
  const box = back.getBoundingClientRect();
  await expect(box.height).toBeGreaterThanOrEqual(44);
  return back;
}

/** The "Stop monitoring" button, once Ana's list says she monitors the source. */
const findStop = (context: StoryContext) =>
  visible(page().findByRole('button', { name: mobileTexts(context)('source.stop') }, WAIT));

/** Waits until the builders' space is all there: its summary and the first page of its transcript. */
async function builtUp(context: StoryContext) {
  const t = textsOf(context, 'monitoring');
  await visible(page().findByRole('heading', { level: 1, name: BUILDERS_SPACE.title }, WAIT));
  const summary = page().getByRole('region', { name: t('detail.summary.title') });
  await visible(within(summary).findByText(/^Builders reported a month/, {}, WAIT));
  const transcript = page().getByRole('region', {
    name: t('detail.content.label', { title: BUILDERS_SPACE.title }),
  });
  await waitFor(
    () => expect(within(transcript).getAllByRole('listitem').length).toBeGreaterThanOrEqual(20),
    WAIT,
  );
}

/** Asks to stop monitoring the builders' space; answers the confirmation dialog, once it shows. */
async function askToStop(context: StoryContext) {
  const t = textsOf(context, 'monitoring');
  await builtUp(context);
  await userEvent.click(await findStop(context));
  return findDialog(t('remove.title', { title: BUILDERS_SPACE.title }));
}

/** Confirms a stop in `dialog`, and waits for the toast that says it is done. */
async function confirmStop(context: StoryContext, dialog: HTMLElement) {
  const t = textsOf(context, 'monitoring');
  await userEvent.click(within(dialog).getByRole('button', { name: t('remove.confirm') }));
  await findToast(t('remove.done', { title: BUILDERS_SPACE.title }));
}

/** The source is on its way: placeholders say it is loading, the way back is there already. */
export const Loading: Story = {
  parameters: { site: withFaults({ [DETAIL]: 'hold' }) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const status = await visible(page().findByRole('status', { name: t('detail.loading') }, WAIT));
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expectBack(context);
  },
};

/**
 * A completed space on a phone: its state, facts and heat, the way to the event, "Stop
 * monitoring" (Ana monitors it), the summary with its key points and coins, and the transcript.
 */
export const Completed: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await visible(page().findByRole('heading', { level: 1, name: BUILDERS_SPACE.title }, WAIT));
    await expect(page().getByText(t('status.completed'))).toBeVisible();
    await expect(
      page().getByRole('link', { name: new RegExp(`^${t('detail.open')}`) }),
    ).toHaveAttribute('href', 'https://x.com/i/spaces/story21');
    await expectBack(context);
    await findStop(context);

    const summary = page().getByRole('region', { name: t('detail.summary.title') });
    await visible(within(summary).findByText(/^Builders reported a month/, {}, WAIT));
    await expect(
      within(summary).getByRole('heading', { level: 3, name: t('detail.summary.keyPoints') }),
    ).toBeVisible();
    await waitFor(
      () =>
        expect(
          within(summary).getByRole('button', {
            name: t('detail.coin.followingNamed', { name: 'Bitcoin' }),
          }),
        ).toBeDisabled(),
      WAIT,
    );
    const transcript = page().getByRole('region', {
      name: t('detail.content.label', { title: BUILDERS_SPACE.title }),
    });
    await waitFor(
      () => expect(within(transcript).getAllByRole('listitem').length).toBeGreaterThanOrEqual(20),
      WAIT,
    );
    // Nothing is wider than the phone.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** The same on the narrowest phone. */
export const CompletedNarrow: Story = {
  ...Completed,
  parameters: phoneShot(SMALL_PHONE),
};

/** The same in Chinese. */
export const CompletedChinese: Story = { ...Completed, globals: { locale: 'zh' } };

/** The same in Portuguese. */
export const CompletedPortuguese: Story = { ...Completed, globals: { locale: 'pt-br' } };

/** An upcoming source: its summary comes once it has ended. */
export const Upcoming: Story = {
  args: { sourceId: HALVING_AMA.id },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    await visible(page().findByRole('heading', { level: 1, name: HALVING_AMA.title }, WAIT));
    await expect(page().getByText(t('detail.summary.pending'))).toBeVisible();
    await findStop(context);
    // Its shot is of the transcript loaded (empty), not of it loading.
    await visible(page().findByText(t('detail.content.empty'), {}, WAIT));
  },
};

/** A source Ana does not monitor (a shared link): no way to stop what she does not monitor. */
export const NotMonitored: Story = {
  args: { sourceId: 24 },
  parameters: { screenshot: { disable: true } },
  play: async (context) => {
    await visible(page().findByRole('heading', { level: 1, name: 'Mining economics' }, WAIT));
    // Her list has been read by the time the summary shows.
    const t = textsOf(context, 'monitoring');
    await visible(page().findByRole('region', { name: t('detail.summary.title') }, WAIT));
    await waitFor(
      () =>
        expect(mockApiOf(context).calls('GET /api/monitor/user/source/list')).not.toHaveLength(0),
      WAIT,
    );
    await expect(
      page().queryByRole('button', { name: mobileTexts(context)('source.stop') }),
    ).toBeNull();
  },
};

/** The source could not be loaded (offline): the view says so and offers to try again. */
export const LoadError: Story = {
  parameters: { site: withFaults({ [DETAIL]: 'network' }) },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('detail.error'));
    await expect(within(alert).getByRole('button', { name: t('detail.retry') })).toBeEnabled();
    await expectBack(context);
  },
};

/** Back online, "Try again" loads the source. */
export const LoadErrorRetried: Story = {
  parameters: LoadError.parameters,
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const alert = await visible(page().findByRole('alert', {}, WAIT));
    mockApiOf(context).heal(DETAIL);
    await userEvent.click(within(alert).getByRole('button', { name: t('detail.retry') }));
    await builtUp(context);
    await expect(page().queryByRole('alert')).toBeNull();
  },
};

/** An id no source has (a link to one gone): the mobile 404, with the way back to the events. */
export const NotFound: Story = {
  args: { sourceId: 9999 },
  play: async (context) => {
    const common = textsOf(context);
    await visible(page().findByRole('heading', { level: 1, name: common('notFound.text') }, WAIT));
    await expect(page().getByRole('link', { name: common('notFound.back') })).toHaveAttribute(
      'href',
      '/mobile/',
    );
    await expectBack(context);
  },
};

/** "Stop monitoring" asks first, as the desktop does; Cancel keeps the source. */
export const StopMonitoring: Story = {
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await askToStop(context);
    await expect(dialog).toHaveTextContent(t('remove.description'));
    await expect(within(dialog).getByRole('button', { name: t('remove.confirm') })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: t('remove.cancel') })).toBeEnabled();
  },
};

/** Cancel: the dialog closes and the source stays monitored. */
export const StopMonitoringCancelled: Story = {
  parameters: { screenshot: { disable: true } },
  play: async (context) => {
    const t = textsOf(context, 'monitoring');
    const dialog = await askToStop(context);
    await userEvent.click(within(dialog).getByRole('button', { name: t('remove.cancel') }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), WAIT);
    await expect(mockApiOf(context).calls(DELETE)).toHaveLength(0);
    await expect(navigate).not.toHaveBeenCalled();
  },
};

/**
 * Confirmed from a shared link: the source leaves Ana's list, a toast says so, and the view goes
 * to the events tab in its place (nothing of the site is behind it in the history).
 */
export const StopMonitoringConfirmed: Story = {
  parameters: { screenshot: { disable: true } },
  play: async (context) => {
    await confirmStop(context, await askToStop(context));
    await waitFor(
      () => expect(navigate).toHaveBeenCalledWith('/mobile/?tab=events', { replace: true }),
      WAIT,
    );
    await expect(mockApiOf(context).calls(DELETE)).toHaveLength(1);
    await expect(mockApiOf(context).monitor.followedIds()).not.toContain(BUILDERS_SPACE.id);
  },
};

/** The same in Chinese, from the events tab: back in the history, to where Ana was. */
export const StopMonitoringFromEvents: Story = {
  args: { fromSite: true },
  globals: { locale: 'zh' },
  parameters: { screenshot: { disable: true } },
  play: async (context) => {
    const back = window.history.back;
    let wentBack = 0;
    window.history.back = () => {
      wentBack += 1;
    };
    try {
      await confirmStop(context, await askToStop(context));
      await waitFor(() => expect(wentBack).toBe(1), WAIT);
      await expect(navigate).not.toHaveBeenCalled();
    } finally {
      window.history.back = back;
    }
  },
};
