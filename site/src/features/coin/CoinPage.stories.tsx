// A coin's public page as /coins/<slug>/ and the phone's /mobile/coins/<slug>/ show it, over the
// stories' mocked API: its report card with a Follow button, the provider's description, the
// assistant's question, and a coin the API does not know. The layout's dialog host opens the login
// for a visitor's Follow.
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor } from '@storybook/test';
import { DialogHost } from '../../shell/DialogHost';
import { MobileTopBar } from '../mobile/MobileTopBar';
import { findDialog, findToast, page, visible } from '../../testing/play';
import { PHONES, PhoneColumn, inLanguage, phoneShot } from '../../testing/phone';
import { mockApiOf, siteStory, textsOf, type SiteParameters } from '../../testing/site';
import { CoinPage } from './CoinPage';

/** How long a step may take: the coin, then its report, come one after another. */
const WAIT = { timeout: 10_000 };

const SITE: SiteParameters = { path: '/coins/solana/' };

interface CoinPageStoryProps {
  slug: string;
  name?: string | null;
  symbol?: string | null;
  phone?: boolean;
}

/** The page in its frame: the phone's top bar and column, or the computer's main landmark. */
function CoinPageStory({ slug, name = null, symbol = null, phone = false }: CoinPageStoryProps) {
  const content = <CoinPage slug={slug} name={name} symbol={symbol} phone={phone} />;
  return (
    <>
      {phone ? (
        <>
          <MobileTopBar />
          <PhoneColumn>{content}</PhoneColumn>
        </>
      ) : (
        <main>{content}</main>
      )}
      <DialogHost />
    </>
  );
}

const meta = {
  title: 'Site/Coin page',
  tags: ['site', '!autodocs'],
  component: CoinPageStory,
  ...siteStory,
  args: { slug: 'solana', name: 'Solana', symbol: 'SOL' },
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof CoinPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const texts = (context: StoryContext) => textsOf(context, 'coin');
const marketTexts = (context: StoryContext) => textsOf(context, 'markets');

/** The report card, once its report has come. */
const reportCard = () =>
  waitFor(async () => {
    const card = page().getByRole('article', { name: /Solana/ });
    await expect(card).toHaveAttribute('data-status', 'ready');
    return card;
  }, WAIT);

/** A visitor reads the coin: its report, its description and where the figures come from. */
export const Ready: Story = {
  play: async (context) => {
    const t = texts(context);
    await expect(
      page().getByRole('heading', {
        level: 1,
        name: t('heading', { name: 'Solana', symbol: 'SOL' }),
      }),
    ).toBeVisible();
    await reportCard();
    await visible(page().findByRole('heading', { name: t('about', { name: 'Solana' }) }, WAIT));
    await expect(page().getByText(marketTexts(context)('provenance.demo'))).toBeVisible();
    await expect(page().getByRole('link', { name: marketTexts(context)('title') })).toHaveAttribute(
      'href',
      inLanguage(context, '/markets/'),
    );
  },
};

/** The same in Chinese. */
export const ReadyChinese: Story = { ...Ready, globals: { locale: 'zh' } };

/** The same in Brazilian Portuguese. */
export const ReadyPortuguese: Story = { ...Ready, globals: { locale: 'pt-br' } };

/** A visitor's Follow and question: the login dialog, with the coin kept to follow once in. */
export const VisitorFollow: Story = {
  play: async (context) => {
    await reportCard();
    const markets = marketTexts(context);
    await userEvent.click(
      page().getByRole('button', { name: markets('follow.actionLabel', { name: 'Solana' }) }),
    );
    await findDialog(textsOf(context)('login.title'));
    await findToast(markets('follow.signIn', { name: 'Solana' }));
    await expect(new URLSearchParams(window.location.search).get('t')).toBe('login');
    await expect(mockApiOf(context).calls('POST /api/follow/add')).toHaveLength(0);
  },
};

/** Ana, signed in, follows the coin at once: the button becomes "Following", a link to her report. */
export const SignedInFollow: Story = {
  parameters: { site: { ...SITE, signedIn: true, api: { follows: [1] } } },
  play: async (context) => {
    await reportCard();
    const markets = marketTexts(context);
    await userEvent.click(
      page().getByRole('button', { name: markets('follow.actionLabel', { name: 'Solana' }) }),
    );
    const following = await visible(
      page().findByRole(
        'link',
        { name: markets('follow.followingLabel', { name: 'Solana' }) },
        WAIT,
      ),
    );
    await expect(following.getAttribute('href')).toMatch(/\/reporting\/\?coin=\d+$/);
    await expect(mockApiOf(context).calls('POST /api/follow/add')).toHaveLength(1);
  },
};

/** The same in Brazilian Portuguese. */
export const SignedInFollowPortuguese: Story = {
  ...SignedInFollow,
  globals: { locale: 'pt-br' },
};

/** An address that names no coin the API knows: the page says so, with the way home. */
export const NotFound: Story = {
  args: { slug: 'not-a-coin', name: null, symbol: null },
  play: async (context) => {
    await visible(page().findByText(texts(context)('notFound.text'), undefined, WAIT));
  },
};

/** The same in Chinese. */
export const NotFoundChinese: Story = { ...NotFound, globals: { locale: 'zh' } };

/** The phone's page, which knows its coin from its address only: the heading comes with the coin. */
export const Phone: Story = {
  args: { name: null, symbol: null, phone: true },
  parameters: { ...phoneShot(PHONES.upright), site: { ...SITE, path: '/mobile/coins/solana/' } },
  play: async (context) => {
    const t = texts(context);
    await visible(
      page().findByRole(
        'heading',
        { level: 1, name: t('heading', { name: 'Solana', symbol: 'SOL' }) },
        WAIT,
      ),
    );
    await reportCard();
    await expect(
      page().getByRole('button', { name: t('ask.label', { name: 'Solana' }) }),
    ).toBeVisible();
    // Its head was written before the coin was known: the tab names the coin once it has come.
    await expect(document.title).toBe(
      `${t('meta.title', { name: 'Solana', symbol: 'SOL' })} · ${textsOf(context)('siteName')}`,
    );
    await waitFor(
      () => expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth),
      WAIT,
    );
  },
};

/** The same in Chinese. */
export const PhoneChinese: Story = { ...Phone, globals: { locale: 'zh' } };
