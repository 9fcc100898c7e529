// The assistant's side panel as a signed-in page has it: the site's layout with its launcher, in
// the assistant's provider (gatsby-browser.tsx's wrapPageElement puts it around every page), over
// the stories' mocked API and its realtime socket (testing/api/chatSocket.ts), Ana signed in with
// her morning's conversation, on 1 November 2026 at noon UTC. The layout's realtime connection is
// opened on the mocked socket, which the tab's conversation store talks to; closed when the story
// ends. The robot's idle line is always its first (testing/chat.tsx stubs Math.random).
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { Layout } from '../../../shell/Layout';
import { chatStory } from '../../../testing/chat';
import { CHAT_NOW, morning } from '../../../testing/chatFixtures';
import { coin } from '../../../testing/fixtures';
import { page, visible, WAIT } from '../../../testing/play';
import { mockApiOf, storyLocale, textsOf, type SiteParameters } from '../../../testing/site';
import { loadMockedIo } from '../../../testing/api';
import { startRealtime } from '../realtime/connection';
import { AssistantProvider } from '../launcher/AssistantProvider';
import { COIN_CARD_ATTRIBUTE } from './questionContext';

const BITCOIN = coin('BTC');
const ETHEREUM = coin('ETH');

const SITE: SiteParameters = {
  signedIn: true,
  path: '/reporting/',
  layout: true,
  now: CHAT_NOW,
  api: { follows: [BITCOIN.id, ETHEREUM.id], chat: { messages: morning() } },
};

/** The assistant's answer about the coin in view, in two parts. */
const ABOUT_BITCOIN = ['Bitcoin is at $64,231.50, ', 'up 2.35% over the last 24 hours.'];

/** The same site on another page. */
const on = (path: string): SiteParameters => ({ ...SITE, path });

/** A report card's body, drawn as lines of text to come: the same in every language. */
const LINE_WIDTHS = ['92%', '84%', '88%', '60%', '90%', '76%', '82%', '48%'];

/** The reports: a card per followed coin, each marked with its coin as Reporting.tsx marks it. */
function ReportsPage({ title }: { title: string }) {
  return (
    <>
      <chakra.h1 fontSize="3xl" fontWeight="bold" letterSpacing="tight" marginBottom="8">
        {title}
      </chakra.h1>
      <Flex as="ul" direction="column" gap="6" listStyleType="none" margin="0" padding="0">
        {[BITCOIN, ETHEREUM].map((entry) => (
          <chakra.li key={entry.id} {...{ [COIN_CARD_ATTRIBUTE]: entry.id }}>
            <Box
              as="article"
              aria-label={entry.name}
              padding="6"
              borderWidth="1px"
              borderColor="border.default"
              borderRadius="xl"
              bg="bg.surface"
            >
              <chakra.h2 fontSize="xl" fontWeight="semibold" marginBottom="5">
                {entry.name}
              </chakra.h2>
              <Flex direction="column" gap="4" aria-hidden="true">
                {LINE_WIDTHS.map((width, index) => (
                  <Box key={index} width={width} height="3" borderRadius="full" bg="bg.subtle" />
                ))}
              </Flex>
            </Box>
          </chakra.li>
        ))}
      </Flex>
    </>
  );
}

/** A page about nothing in particular (the home page, signed in). */
function HomePage({ title }: { title: string }) {
  return (
    <chakra.h1 fontSize="3xl" fontWeight="bold" letterSpacing="tight">
      {title}
    </chakra.h1>
  );
}

/** The page at `parameters.site.path`, in the assistant's provider, as Gatsby renders it. */
function SitePage({ context }: { context: StoryContext }) {
  const { path = '/' } = (context.parameters.site ?? {}) as SiteParameters;
  const t = textsOf(context);
  return (
    <AssistantProvider language={storyLocale(context.globals)} originalPath={path} search="">
      <Layout>
        {path === '/reporting/' ? (
          <ReportsPage title={t('meta.reporting.title')} />
        ) : (
          <HomePage title={t('meta.home.title')} />
        )}
      </Layout>
    </AssistantProvider>
  );
}

/**
 * The layout's realtime connection, opened before the layout's own start (which then does
 * nothing) with socket.io's client over the mocked network; closed when the story ends.
 */
async function connectToMockedSocket() {
  return startRealtime({ io: await loadMockedIo() });
}

const meta = {
  title: 'Site/Assistant/Side panel',
  tags: ['site', '!autodocs'],
  ...chatStory,
  beforeEach: [...chatStory.beforeEach, connectToMockedSocket],
  render: (_, context) => <SitePage context={context} />,
  parameters: {
    ...chatStory.parameters,
    layout: 'fullscreen',
    // The layout's "Skip to content" link is outside every landmark, as a skip link is: axe knows
    // one by being the page's first link, and the story's page has Storybook's (hidden) links
    // before it.
    a11y: { config: { rules: [{ id: 'region', selector: 'body *:not(a[href="#main"])' }] } },
    site: SITE,
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const assistantTexts = (context: StoryContext) => textsOf(context, 'assistant');

/** The launcher, once it shows (after the hydration, for a signed-in user). */
function findLauncher(context: StoryContext) {
  const label = assistantTexts(context)('launcher.label');
  return visible(page().findByRole('button', { name: new RegExp(label) }, WAIT));
}

/** The panel, once it shows with the conversation loaded and the focus in its message box. */
async function findPanel(context: StoryContext) {
  const t = assistantTexts(context);
  const panel = await visible(page().findByRole('dialog', { name: t('title') }, WAIT));
  const box = await within(panel).findByRole('textbox', { name: t('input.label') }, WAIT);
  await waitFor(() => expect(box).toHaveFocus(), WAIT);
  const log = within(panel).getByRole('log', { name: t('logLabel') });
  await waitFor(
    () => expect(within(log).queryAllByRole('article').length).toBeGreaterThan(0),
    WAIT,
  );
  return panel;
}

/** The line that says what the question is about: Bitcoin, whose card is the most in view. */
function findAbout(context: StoryContext, panel: HTMLElement) {
  const t = assistantTexts(context);
  return within(panel).findByText(t('sidePanel.about.coin', { name: BITCOIN.name }), {}, WAIT);
}

/** Opens the panel from the launcher. */
async function openPanel(context: StoryContext) {
  await userEvent.click(await findLauncher(context));
  return findPanel(context);
}

/** The reports with the launcher in the corner: nothing of the chat loaded yet. */
export const Closed: Story = {
  play: async (context) => {
    await findLauncher(context);
    await expect(page().queryByRole('dialog')).toBeNull();
    await expect(mockApiOf(context).calls('GET /api/chat/list')).toHaveLength(0);
  },
};

/** Open on a page about nothing in particular: the conversation, and no line about the page. */
export const Open: Story = {
  parameters: { site: on('/') },
  play: async (context) => {
    const t = assistantTexts(context);
    const panel = await openPanel(context);
    // Non-modal: the page beside it stays in reach, for assistive technology too.
    await expect(panel).not.toHaveAttribute('aria-modal');
    const heading = textsOf(context)('meta.home.title');
    await expect(page().getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(within(panel).queryByText(t('sidePanel.about.reporting'))).toBeNull();
    await expect(
      page().queryByRole('button', { name: new RegExp(t('launcher.label')) }),
    ).toBeNull();
  },
};

/**
 * Open beside the reports: the question is about the coin whose card is most in view, said above
 * the message box and sent with the question.
 */
export const OpenWithContext: Story = {
  parameters: {
    site: {
      ...SITE,
      api: {
        ...SITE.api,
        chat: {
          messages: morning(),
          replies: [{ parts: ABOUT_BITCOIN.map((text) => ({ text })) }],
        },
      },
    },
  },
  play: async (context) => {
    const t = assistantTexts(context);
    const panel = await openPanel(context);
    await expect(await findAbout(context, panel)).toBeVisible();
    await userEvent.type(
      within(panel).getByRole('textbox', { name: t('input.label') }),
      'How is this coin doing?{Enter}',
    );
    const api = mockApiOf(context);
    await waitFor(() => expect(api.chat.questions).toHaveLength(1), WAIT);
    await expect(api.chat.questions[0]?.context).toEqual({
      page: 'reporting',
      coinId: BITCOIN.id,
    });
    // The answer comes in the panel, in full.
    const log = within(panel).getByRole('log', { name: t('logLabel') });
    await waitFor(() => {
      const last = within(log).getAllByRole('article').at(-1);
      expect(last).toHaveTextContent(ABOUT_BITCOIN.join(''));
      expect(last).not.toHaveAttribute('aria-busy');
    }, WAIT);
  },
};

/** The same in Chinese. */
export const OpenWithContextChinese: Story = {
  globals: { locale: 'zh' },
  parameters: { site: { ...SITE, api: { ...SITE.api, chat: { messages: morning('zh') } } } },
  play: async (context) => {
    const t = assistantTexts(context);
    const panel = await openPanel(context);
    await expect(await findAbout(context, panel)).toBeVisible();
    await expect(within(panel).getByRole('button', { name: t('sidePanel.close') })).toBeVisible();
  },
};

/**
 * By keyboard: Enter on the launcher opens the panel with the focus in its message box; Escape
 * closes it and the focus is back on the launcher; so does the close button. What was typed stays.
 */
export const OpenEscapeClose: Story = {
  play: async (context) => {
    const t = assistantTexts(context);
    const launcher = await findLauncher(context);
    launcher.focus();
    await userEvent.keyboard('{Enter}');
    let panel = await findPanel(context);
    await userEvent.keyboard('Half a question');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull(), WAIT);
    await waitFor(() => expect(launcher).toHaveFocus(), WAIT);

    await userEvent.keyboard('{Enter}');
    panel = await findPanel(context);
    await expect(within(panel).getByRole('textbox', { name: t('input.label') })).toHaveValue(
      'Half a question',
    );
    await userEvent.click(within(panel).getByRole('button', { name: t('sidePanel.close') }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull(), WAIT);
    await waitFor(() => expect(launcher).toHaveFocus(), WAIT);
  },
};
