import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from '@storybook/test';
import { AlertItem, type AlertItemLabels, type AlertItemProps } from './AlertItem';
import type { AlertItemEvent } from './alertWords';

// 2026-11-22 12:00 UTC, times shown on UTC: every time below reads the same on every machine.
const NOW = Date.UTC(2026, 10, 22, 12, 0);
const at = (iso: string) => Date.parse(iso) / 1000;

const logo = (background: string, mark: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${background}"/><circle cx="20" cy="20" r="10" fill="${mark}"/></svg>`,
  )}`;

const BITCOIN = {
  kind: 'coin' as const,
  id: 1,
  name: 'Bitcoin',
  symbol: 'BTC',
  logo: logo('#f7931a', '#fff3e0'),
};
const SPACE = {
  kind: 'source' as const,
  id: 42,
  name: 'Weekly market wrap: ETF inflows lift BTC',
  symbol: null,
  logo: logo('#1d4fb0', '#b9d3ff'),
};

/** An event of the kind the story shows: a bitcoin price alert, unless told otherwise. */
export const alertEvent = (overrides: Partial<AlertItemEvent> = {}): AlertItemEvent => ({
  id: 7,
  alertId: 3,
  kind: 'priceAbove',
  subject: BITCOIN,
  line: 60000,
  keyword: null,
  figure: 60412.35,
  source: 'coingecko',
  asOf: at('2026-11-22T11:58:00Z'),
  firedAt: at('2026-11-22T11:59:00Z'),
  read: false,
  ...overrides,
});

/** A source's event: no figure, no provider. */
const sourceEvent = (overrides: Partial<AlertItemEvent> = {}) =>
  alertEvent({
    subject: SPACE,
    kind: 'sourceLive',
    line: null,
    figure: null,
    source: null,
    asOf: null,
    ...overrides,
  });

/** The item's words in the site's three languages; the tests use them too. */
export const ALERT_ITEM_LABELS: Record<'en' | 'zh' | 'pt-br', AlertItemLabels> = {
  en: {
    trigger: {
      priceAbove: ({ line }) => `Price above ${line}`,
      priceBelow: ({ line }) => `Price below ${line}`,
      move24h: ({ line }) => `Moved ${line} in 24 h`,
      rsiOverbought: ({ line }) => `RSI crossed above ${line}`,
      rsiOversold: ({ line }) => `RSI crossed below ${line}`,
      sma50CrossUp: () => 'Price crossed above its 50-day average',
      sma50CrossDown: () => 'Price crossed below its 50-day average',
      sourceLive: () => 'Went live',
      sourceSummary: () => 'Summary ready',
      sourceKeyword: ({ keyword }) => `Keyword “${keyword}” said`,
      newSourceKeyword: ({ keyword }) => `Keyword “${keyword}” said in a new source`,
    },
    figure: ({ kind, value }) =>
      kind === 'move24h'
        ? `24 h change ${value}`
        : kind.startsWith('rsi')
          ? `RSI ${value}`
          : kind.startsWith('sma50')
            ? `${value} from the 50-day average`
            : `Price ${value}`,
    sources: { coingecko: 'CoinGecko', demo: 'Demo data' },
    asOf: ({ time }) => `as of ${time}`,
    unread: 'Unread',
    markRead: 'Mark read',
    deleted: 'Alert deleted',
  },
  zh: {
    trigger: {
      priceAbove: ({ line }) => `价格高于 ${line}`,
      priceBelow: ({ line }) => `价格低于 ${line}`,
      move24h: ({ line }) => `24 小时涨跌幅达 ${line}`,
      rsiOverbought: ({ line }) => `RSI 上穿 ${line}`,
      rsiOversold: ({ line }) => `RSI 下穿 ${line}`,
      sma50CrossUp: () => '价格上穿 50 日均线',
      sma50CrossDown: () => '价格下穿 50 日均线',
      sourceLive: () => '已开播',
      sourceSummary: () => '摘要已生成',
      sourceKeyword: ({ keyword }) => `提到关键词“${keyword}”`,
      newSourceKeyword: ({ keyword }) => `新来源提到关键词“${keyword}”`,
    },
    figure: ({ kind, value }) =>
      kind === 'move24h'
        ? `24 小时涨跌 ${value}`
        : kind.startsWith('rsi')
          ? `RSI ${value}`
          : kind.startsWith('sma50')
            ? `距 50 日均线 ${value}`
            : `价格 ${value}`,
    sources: { coingecko: 'CoinGecko', demo: '演示数据' },
    asOf: ({ time }) => `截至 ${time}`,
    unread: '未读',
    markRead: '标为已读',
    deleted: '提醒已删除',
  },
  'pt-br': {
    trigger: {
      priceAbove: ({ line }) => `Preço acima de ${line}`,
      priceBelow: ({ line }) => `Preço abaixo de ${line}`,
      move24h: ({ line }) => `Variação de ${line} em 24 h`,
      rsiOverbought: ({ line }) => `IFR cruzou acima de ${line}`,
      rsiOversold: ({ line }) => `IFR cruzou abaixo de ${line}`,
      sma50CrossUp: () => 'Preço cruzou acima da média de 50 dias',
      sma50CrossDown: () => 'Preço cruzou abaixo da média de 50 dias',
      sourceLive: () => 'Começou ao vivo',
      sourceSummary: () => 'Resumo pronto',
      sourceKeyword: ({ keyword }) => `Palavra-chave “${keyword}” dita`,
      newSourceKeyword: ({ keyword }) => `Palavra-chave “${keyword}” dita numa fonte nova`,
    },
    figure: ({ kind, value }) =>
      kind === 'move24h'
        ? `Variação 24 h ${value}`
        : kind.startsWith('rsi')
          ? `IFR ${value}`
          : kind.startsWith('sma50')
            ? `${value} da média de 50 dias`
            : `Preço ${value}`,
    sources: { coingecko: 'CoinGecko', demo: 'Dados de demonstração' },
    asOf: ({ time }) => `dados de ${time}`,
    unread: 'Não lido',
    markRead: 'Marcar como lido',
    deleted: 'Alerta excluído',
  },
};

const meta = {
  title: 'Alerts/AlertItem',
  component: AlertItem,
  subcomponents: { 'AlertItem.Skeleton': AlertItem.Skeleton },
  excludeStories: ['alertEvent', 'ALERT_ITEM_LABELS'],
  args: {
    event: alertEvent(),
    labels: ALERT_ITEM_LABELS.en,
    href: '/en/coins/bitcoin/',
    onMarkRead: fn(),
    locale: 'en',
    now: NOW,
    utcOffset: 0,
    todayLabel: 'Today',
  },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
    labels: { control: false },
  },
  decorators: [
    (Story) => (
      <div style={{ width: 380 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<AlertItemProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** A price alert not read yet: the dot, the figure with its provider and time, Mark read. */
export const Unread: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Price above $60,000.00')).toBeVisible();
    await expect(canvas.getByText('Price $60,412.35')).toBeVisible();
    await expect(canvas.getByText('CoinGecko')).toBeVisible();
    await expect(canvas.getByText('as of Today 11:58')).toBeVisible();
    await expect(canvas.getByText('Today 11:59')).toHaveAttribute(
      'datetime',
      '2026-11-22T11:59:00.000Z',
    );
    await expect(canvas.getByText('Unread')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Bitcoin BTC' })).toHaveAttribute(
      'href',
      '/en/coins/bitcoin/',
    );
    const button = canvas.getByRole('button', { name: 'Mark read' });
    await expect(button).toHaveAccessibleDescription('Bitcoin BTC Price above $60,000.00');
    await userEvent.click(button);
    await expect(args.onMarkRead).toHaveBeenCalledWith({ id: 7 });
  },
};

/** Read: no dot, no button. */
export const Read: Story = {
  args: { event: alertEvent({ read: true, firedAt: at('2026-11-20T08:15:00Z') }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByText('Unread')).toBeNull();
    // Another day: its date as well as its time.
    await expect(canvas.getByText('11/20/2026 08:15')).toBeVisible();
  },
};

/** The price fell through a line. */
export const PriceBelow: Story = {
  args: { event: alertEvent({ kind: 'priceBelow', line: 0.5, figure: 0.4987, source: 'demo' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Price below $0.5000')).toBeVisible();
    await expect(canvas.getByText('Price $0.4987')).toBeVisible();
    // Demo figures say so: they are not live prices.
    await expect(canvas.getByText('Demo data')).toHaveAttribute('data-source', 'demo');
  },
};

export const Move24h: Story = {
  args: { event: alertEvent({ kind: 'move24h', line: 5, figure: -6.2 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Moved 5% in 24 h')).toBeVisible();
    await expect(canvas.getByText('24 h change -6.20%')).toBeVisible();
  },
};

export const RsiOverbought: Story = {
  args: { event: alertEvent({ kind: 'rsiOverbought', line: 70, figure: 71.43 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('RSI crossed above 70')).toBeVisible();
    await expect(canvas.getByText('RSI 71.4')).toBeVisible();
  },
};

export const Sma50CrossDown: Story = {
  args: { event: alertEvent({ kind: 'sma50CrossDown', line: null, figure: -0.42 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Price crossed below its 50-day average')).toBeVisible();
    await expect(canvas.getByText('-0.42% from the 50-day average')).toBeVisible();
  },
};

/** A source went live: no figure to check, the link leads to the source. */
export const SourceLive: Story = {
  args: { event: sourceEvent(), href: '/en/monitoring/detail/?id=42' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Went live')).toBeVisible();
    await expect(canvas.queryByText(/as of/)).toBeNull();
    await expect(
      canvas.getByRole('link', { name: 'Weekly market wrap: ETF inflows lift BTC' }),
    ).toHaveAttribute('href', '/en/monitoring/detail/?id=42');
  },
};

export const SourceSummary: Story = {
  args: {
    event: sourceEvent({ kind: 'sourceSummary', read: true }),
    href: '/en/monitoring/detail/?id=42',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Summary ready')).toBeVisible();
  },
};

export const SourceKeyword: Story = {
  args: {
    event: sourceEvent({ kind: 'sourceKeyword', keyword: 'ETF' }),
    href: '/en/monitoring/detail/?id=42',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Keyword “ETF” said')).toBeVisible();
    canvas.getByRole('button', { name: 'Mark read' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMarkRead).toHaveBeenCalledWith({ id: 7 });
  },
};

/** An alert on every new source: the source that said the keyword is the item's subject. */
export const NewSourceKeyword: Story = {
  args: {
    event: sourceEvent({ kind: 'newSourceKeyword', keyword: 'restaking' }),
    href: '/en/monitoring/detail/?id=42',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Keyword “restaking” said in a new source')).toBeVisible();
    await expect(canvas.getByRole('link')).toHaveAttribute('href', '/en/monitoring/detail/?id=42');
  },
};

/** The alert was deleted since it fired: the event stays, and says so. */
export const DeletedAlert: Story = {
  args: { event: alertEvent({ alertId: null, read: true }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Alert deleted')).toBeVisible();
  },
};

/** Waiting for the mark-read request: the button keeps its focus and ignores presses. */
export const MarkingRead: Story = {
  args: { markingRead: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Mark read' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onMarkRead).not.toHaveBeenCalled();
  },
};

/** A router's link in place of a plain one. */
export const RouterLink: Story = {
  args: {
    renderLink: ({ href, children }) => (
      <a href={`/app${href ?? ''}`} data-router-link="">
        {children}
      </a>
    ),
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Bitcoin BTC' });
    await expect(link).toHaveAttribute('href', '/app/en/coins/bitcoin/');
    await expect(link).toHaveAttribute('data-router-link');
  },
};

/** No href: the name is plain text. */
export const WithoutLink: Story = {
  args: { href: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

/** Long names and keywords wrap (the name in two lines at the most, whole in its tooltip). */
export const LongNames: Story = {
  args: {
    event: sourceEvent({
      kind: 'sourceKeyword',
      keyword: 'spot bitcoin exchange-traded fund approval by the securities regulator',
      subject: {
        ...SPACE,
        name: 'Layer-2 rollups, restaking and the coming liquidity crunch: a four-hour deep dive with founders, auditors and market makers',
        logo: '',
      },
    }),
    href: '/en/monitoring/detail/?id=42',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTitle(/market makers$/)).toBeInTheDocument();
    await expect(canvas.getByText(/^Keyword “spot bitcoin/)).toBeVisible();
  },
};

/** The inbox while its page loads. */
export const Loading: Story = {
  render: () => <AlertItem.Skeleton label="Loading alerts" />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: 'Loading alerts' }),
    ).toBeVisible();
  },
};

export const Chinese: Story = {
  args: {
    event: alertEvent({ figure: 60412.35 }),
    labels: ALERT_ITEM_LABELS.zh,
    locale: 'zh',
    todayLabel: '今天',
    href: '/zh/coins/bitcoin/',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('价格高于 $60,000.00')).toBeVisible();
    await expect(canvas.getByText('截至 今天 11:58')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '标为已读' }));
    await expect(args.onMarkRead).toHaveBeenCalledWith({ id: 7 });
  },
};

export const BrazilianPortuguese: Story = {
  args: {
    event: alertEvent({ kind: 'move24h', line: 7.5, figure: 8.12, read: false }),
    labels: ALERT_ITEM_LABELS['pt-br'],
    locale: 'pt-br',
    todayLabel: 'Hoje',
    href: '/pt-br/coins/bitcoin/',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Variação de 7,5% em 24 h')).toBeVisible();
    await expect(canvas.getByText('Variação 24 h +8,12%')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Marcar como lido' }));
    await expect(args.onMarkRead).toHaveBeenCalledWith({ id: 7 });
  },
};
