import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import { useState } from 'react';
import { chatDisplayTimes, formatTimestamp } from '../../format/time';
import {
  ChatBubble,
  type ChatBubbleAlertLabels,
  type ChatBubbleLayersProps,
  type ChatBubbleSource,
  type ChatBubbleStatus,
  type ChatLayer,
  type ChatLayerAlert,
  type ChatLayerAlertProposal,
  type ChatLayerCoin,
  type ChatLayerSource,
} from './ChatBubble';

// Fixed "now" (2026-11-22 15:30 UTC) and inline SVG pictures: every story renders the same way
// on every run and in the screenshot, with no network.
const NOW = Date.UTC(2026, 10, 22, 15, 30);
const at = (iso: string) => Date.parse(iso) / 1000;

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`,
  )}`;

const ASSISTANT_AVATAR = svg(
  '<rect width="32" height="32" fill="#2563d6"/><rect x="8" y="10" width="16" height="13" rx="4" fill="#fff"/><circle cx="13" cy="16.5" r="1.8" fill="#2563d6"/><circle cx="19" cy="16.5" r="1.8" fill="#2563d6"/><path d="M16 6v4" stroke="#fff" stroke-width="2"/>',
);
const ROBOT_AVATAR = svg(
  '<rect width="32" height="32" fill="#1fae6f"/><circle cx="16" cy="16" r="8" fill="#fff"/><circle cx="13" cy="15" r="1.6" fill="#0d2e20"/><circle cx="19" cy="15" r="1.6" fill="#0d2e20"/><path d="M12.5 19q3.5 2.5 7 0" stroke="#0d2e20" stroke-width="1.5" fill="none"/>',
);
const logo = (fill: string) => svg(`<circle cx="16" cy="16" r="16" fill="${fill}"/>`);

const quotes = (price: number, percentChange24h: number) => ({
  price,
  percentChange24h,
  marketCap: 0,
  volume24h: 0,
  updatedAt: at('2026-11-22T15:00:00Z'),
});

const COINS: ChatLayerCoin[] = [
  {
    id: 1,
    name: 'Bitcoin',
    symbol: 'BTC',
    logo: logo('#f7931a'),
    rank: 1,
    quotes: quotes(64231.5, 2.3456),
  },
  {
    id: 1027,
    name: 'Ethereum',
    symbol: 'ETH',
    logo: logo('#627eea'),
    rank: 2,
    quotes: quotes(3120.08, -1.204),
  },
  {
    id: 24478,
    name: 'Pepe',
    symbol: 'PEPE',
    logo: '',
    rank: 24,
    quotes: quotes(0.00001234, 0.001),
  },
];

const SOURCES: ChatLayerSource[] = [
  {
    id: 301,
    logo: logo('#3a7fef'),
    author: 'Federal Reserve',
    title: 'FOMC press conference: rate decision and outlook for the coming quarter',
    status: 1,
    time: at('2026-11-23T18:30:00Z'),
    heat: 0,
    link: 'https://example.com/fomc',
  },
  {
    id: 302,
    logo: '',
    author: 'Coinlens Research',
    title: 'Weekly on-chain review',
    status: 5,
    time: at('2026-11-21T12:00:00Z'),
    heat: 87,
    link: 'https://example.com/weekly',
  },
];

interface ExampleArgs extends Omit<
  ChatBubbleLayersProps,
  'layers' | 'css' | 'children' | 'ref' | 'as' | 'asChild'
> {
  source: ChatBubbleSource;
  status: ChatBubbleStatus;
  label: string;
  newTabLabel?: string;
  time?: string;
  avatarSrc?: string;
  avatarAlt?: string;
  avatarFallback?: string;
  text?: string;
  highlight?: string[];
  typingLabel?: string;
  errorText?: string;
  retryLabel?: string;
  onRetry?: () => void;
  layers?: ChatLayer[];
}

/** A whole message as a chat would write it. */
function Example({
  source,
  status,
  label,
  newTabLabel,
  time,
  avatarSrc,
  avatarAlt,
  avatarFallback,
  text,
  highlight,
  typingLabel,
  errorText,
  retryLabel,
  onRetry,
  layers,
  ...layerProps
}: ExampleArgs) {
  return (
    <ChatBubble.Root source={source} status={status} label={label} newTabLabel={newTabLabel}>
      {time && <ChatBubble.Time>{time}</ChatBubble.Time>}
      {(avatarSrc || avatarFallback) && (
        <ChatBubble.Avatar src={avatarSrc} alt={avatarAlt} fallback={avatarFallback} />
      )}
      <ChatBubble.Content text={text} highlight={highlight} typingLabel={typingLabel} />
      <ChatBubble.Error text={errorText} retryLabel={retryLabel} onRetry={onRetry} />
      <ChatBubble.Layers layers={layers} {...layerProps} />
    </ChatBubble.Root>
  );
}

/** The alert layers' words in the site's three languages; the tests use them too. */
export const CHAT_ALERT_LABELS: Record<'en' | 'zh' | 'pt-br', ChatBubbleAlertLabels> = {
  en: {
    trigger: {
      priceAbove: ({ line }) => `Price goes above ${line}`,
      priceBelow: ({ line }) => `Price drops below ${line}`,
      move24h: ({ line }) => `Moves ${line} in 24 hours`,
      rsiOverbought: ({ line }) => `RSI crosses above ${line}`,
      rsiOversold: ({ line }) => `RSI crosses below ${line}`,
      sma50CrossUp: () => 'Price crosses above its 50-day average',
      sma50CrossDown: () => 'Price crosses below its 50-day average',
      sourceLive: () => 'Goes live',
      sourceSummary: () => 'Ends and its summary is ready',
      sourceKeyword: ({ keyword }) => `Keyword “${keyword}” is said`,
      newSourceKeyword: ({ keyword }) => `A new source says “${keyword}”`,
    },
    proposal: 'Create this alert?',
    yes: 'Yes',
    no: 'No',
    expired: 'This offer has expired. Ask again to set it.',
    created: 'Alert created',
    alertsLink: 'See your alerts',
  },
  zh: {
    trigger: {
      priceAbove: ({ line }) => `价格涨破 ${line}`,
      priceBelow: ({ line }) => `价格跌破 ${line}`,
      move24h: ({ line }) => `24 小时内涨跌达 ${line}`,
      rsiOverbought: ({ line }) => `RSI 上穿 ${line}`,
      rsiOversold: ({ line }) => `RSI 下穿 ${line}`,
      sma50CrossUp: () => '价格上穿 50 日均线',
      sma50CrossDown: () => '价格下穿 50 日均线',
      sourceLive: () => '开始直播',
      sourceSummary: () => '结束并生成摘要',
      sourceKeyword: ({ keyword }) => `提到关键词“${keyword}”`,
      newSourceKeyword: ({ keyword }) => `新来源提到“${keyword}”`,
    },
    proposal: '要创建这个提醒吗？',
    yes: '是',
    no: '不用了',
    expired: '这个提议已过期，请重新提问来设置。',
    created: '提醒已创建',
    alertsLink: '查看我的提醒',
  },
  'pt-br': {
    trigger: {
      priceAbove: ({ line }) => `Preço sobe acima de ${line}`,
      priceBelow: ({ line }) => `Preço cai abaixo de ${line}`,
      move24h: ({ line }) => `Varia ${line} em 24 horas`,
      rsiOverbought: ({ line }) => `RSI cruza acima de ${line}`,
      rsiOversold: ({ line }) => `RSI cruza abaixo de ${line}`,
      sma50CrossUp: () => 'Preço cruza acima da média de 50 dias',
      sma50CrossDown: () => 'Preço cruza abaixo da média de 50 dias',
      sourceLive: () => 'Entra ao vivo',
      sourceSummary: () => 'Termina e o resumo fica pronto',
      sourceKeyword: ({ keyword }) => `A palavra-chave “${keyword}” é dita`,
      newSourceKeyword: ({ keyword }) => `Uma fonte nova diz “${keyword}”`,
    },
    proposal: 'Criar este alerta?',
    yes: 'Sim',
    no: 'Não',
    expired: 'Esta oferta expirou. Peça de novo para criar o alerta.',
    created: 'Alerta criado',
    alertsLink: 'Ver seus alertas',
  },
};

const BITCOIN_SUBJECT = {
  kind: 'coin' as const,
  id: 1,
  name: 'Bitcoin',
  symbol: 'BTC',
  logo: logo('#f7931a'),
};

/** An offer to alert on bitcoin under 60,000, open for ten minutes from "now". */
export const alertProposal = (
  overrides: Partial<ChatLayerAlertProposal> = {},
): ChatLayerAlertProposal => ({
  type: 'alertProposal',
  alert: { kind: 'priceBelow', coinId: 1, value: 60000 },
  subject: BITCOIN_SUBJECT,
  expiresAt: NOW / 1000 + 600,
  ...overrides,
});

/** The alert a yes to that offer made. */
export const alertMade = (overrides: Partial<ChatLayerAlert['alert']> = {}): ChatLayerAlert => ({
  type: 'alert',
  alert: {
    id: 12,
    kind: 'priceBelow',
    subject: BITCOIN_SUBJECT,
    value: 60000,
    keyword: null,
    cooldownMinutes: 60,
    paused: false,
    state: 'armed',
    lastFiredAt: null,
    createdAt: NOW / 1000,
    ...overrides,
  },
});

const meta = {
  title: 'Chat/ChatBubble',
  excludeStories: ['CHAT_ALERT_LABELS', 'alertProposal', 'alertMade'],
  component: ChatBubble.Root,
  subcomponents: {
    'ChatBubble.Time': ChatBubble.Time,
    'ChatBubble.Avatar': ChatBubble.Avatar,
    'ChatBubble.Content': ChatBubble.Content,
    'ChatBubble.Error': ChatBubble.Error,
    'ChatBubble.Layers': ChatBubble.Layers,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => <Example {...args} />,
  args: {
    source: 'assistant',
    status: 'success',
    label: 'Assistant',
    newTabLabel: '(opens in a new tab)',
    avatarSrc: ASSISTANT_AVATAR,
    avatarFallback: 'AI',
    text: 'Bitcoin is up 2.35% today, helped by steady ETF inflows.',
    typingLabel: 'Assistant is typing',
    errorText: 'The assistant did not answer. Check your connection and try again.',
    retryLabel: 'Retry',
    onRetry: fn(),
    locale: 'en',
    coinsLabel: 'Coins in this answer',
    sourcesLabel: 'Sources in this answer',
    coinActionText: 'Follow',
    getCoinActionLabel: ({ coin }) => `Follow ${coin.name}`,
    onCoinAction: fn(),
    sourceActionText: 'Monitor',
    getSourceActionLabel: ({ source }) => `Monitor ${source.title}`,
    onSourceAction: fn(),
    getReportLabel: ({ coinId }) => (coinId === 1 ? 'Open the Bitcoin report' : 'Open the report'),
    onOpenReport: fn(),
    alertLabels: CHAT_ALERT_LABELS.en,
    onAlertAnswer: fn(),
    now: () => NOW,
    alertsHref: '/en/alerts/',
    onOpenAlerts: fn(),
  },
  argTypes: {
    alertLabels: { control: false },
    source: { control: 'inline-radio', options: ['user', 'assistant', 'robot'] },
    status: { control: 'inline-radio', options: ['loading', 'concat', 'success', 'error'] },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
  },
} satisfies Meta<ExampleArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const article = (canvasElement: HTMLElement, name: string | RegExp) =>
  within(canvasElement).getByRole('article', { name });

export const Playground: Story = {
  args: {
    time: '14:05',
    text: 'Here is what moved today. Read more at https://example.com/markets.',
    layers: [
      { type: 'coins', coins: COINS.slice(0, 2) },
      { type: 'report', coinId: 1 },
    ],
  },
};

export const User: Story = {
  args: {
    source: 'user',
    label: 'You, 14:04',
    avatarSrc: undefined,
    avatarFallback: undefined,
    text: 'How is Bitcoin doing today?',
  },
  play: async ({ canvasElement }) => {
    const message = article(canvasElement, 'You, 14:04');
    await expect(message).toHaveAttribute('data-source', 'user');
    await expect(message).toHaveAttribute('data-status', 'success');
    await expect(within(message).getByText('How is Bitcoin doing today?')).toBeVisible();
  },
};

export const Assistant: Story = {
  args: {
    label: 'Assistant, 14:05',
    text: 'Bitcoin trades at $64,231.50, up 2.35% in 24 hours.\n\nThe move came with rising volume:\n- ETF inflows for a fifth day\n- funding rates back to neutral',
  },
  play: async ({ canvasElement }) => {
    const message = article(canvasElement, 'Assistant, 14:05');
    await expect(message).toHaveAttribute('data-source', 'assistant');
    // Two paragraphs; the line breaks of the second are kept.
    const paragraphs = message.querySelectorAll('p');
    await expect(paragraphs).toHaveLength(2);
    await expect(paragraphs[1]?.querySelectorAll('br')).toHaveLength(2);
  },
};

export const Robot: Story = {
  args: {
    source: 'robot',
    label: 'Guide',
    avatarSrc: ROBOT_AVATAR,
    avatarFallback: 'CL',
    text: 'Welcome to Coinlens! First task: **add a cryptocurrency** you want to follow. Press Add cryptocurrency below and pick up to five coins.',
    highlight: ['Add cryptocurrency', 'five coins'],
  },
  play: async ({ canvasElement }) => {
    const message = article(canvasElement, 'Guide');
    await expect(message).toHaveAttribute('data-source', 'robot');
    await expect(within(message).getByText('Add cryptocurrency').tagName).toBe('MARK');
    await expect(within(message).getByText('five coins').tagName).toBe('MARK');
    await expect(within(message).getByText('add a cryptocurrency').tagName).toBe('STRONG');
  },
};

export const Loading: Story = {
  args: { status: 'loading', label: 'Assistant', text: '' },
  play: async ({ canvasElement }) => {
    const message = article(canvasElement, 'Assistant');
    await expect(message).toHaveAttribute('data-status', 'loading');
    await expect(message).toHaveAttribute('aria-busy', 'true');
    await expect(within(message).getByRole('img', { name: 'Assistant is typing' })).toBeVisible();
  },
};

const PARTS = [
  'Ethereum is trading near $3,120',
  ', down 1.20% over the day.',
  '\n\nStaking flows are steady, so the dip looks like a market-wide move.',
];

/** Plays a reply arriving in parts, one part per press, as the socket would deliver it. */
function StreamingReply(args: ExampleArgs) {
  const [received, setReceived] = useState(1);
  const done = received >= PARTS.length;
  return (
    <div>
      <Example
        {...args}
        status={done ? 'success' : 'concat'}
        text={PARTS.slice(0, received).join('')}
      />
      <chakra.button
        type="button"
        disabled={done}
        onClick={() => setReceived((count) => count + 1)}
        css={{
          marginTop: '4',
          height: '8',
          paddingInline: '3',
          fontSize: 'sm',
          color: 'fg.default',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'md',
          cursor: 'pointer',
          _disabled: { opacity: 0.5, cursor: 'not-allowed' },
        }}
      >
        Receive the next part
      </chakra.button>
    </div>
  );
}

export const Streaming: Story = {
  args: { label: 'Assistant, 14:06' },
  render: (args) => <StreamingReply {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const message = article(canvasElement, 'Assistant, 14:06');
    const next = canvas.getByRole('button', { name: 'Receive the next part' });
    await expect(message).toHaveAttribute('data-status', 'concat');
    await expect(message).toHaveTextContent(/^Ethereum is trading near \$3,120$/);
    await expect(message.querySelector('[data-part="caret"]')).not.toBeNull();

    await userEvent.click(next);
    await expect(message).toHaveTextContent(
      'Ethereum is trading near $3,120, down 1.20% over the day.',
    );

    await userEvent.click(next);
    await waitFor(() => expect(message).toHaveAttribute('data-status', 'success'));
    await expect(message.querySelectorAll('p')).toHaveLength(2);
    await expect(message.querySelector('[data-part="caret"]')).toBeNull();
    await expect(next).toBeDisabled();
  },
};

export const Error: Story = {
  args: {
    status: 'error',
    label: 'Assistant, 14:07',
    text: 'Sorry, something went wrong on my side.',
  },
  play: async ({ canvasElement, args }) => {
    const message = article(canvasElement, 'Assistant, 14:07');
    await expect(message).toHaveAttribute('data-status', 'error');
    await expect(
      within(message).getByText(
        'The assistant did not answer. Check your connection and try again.',
      ),
    ).toBeVisible();
    await userEvent.click(within(message).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const WithTime: Story = {
  args: {
    label: `Assistant, ${formatTimestamp(at('2026-11-22T14:05:00Z'), { now: NOW })}`,
    time: formatTimestamp(at('2026-11-22T14:05:00Z'), { now: NOW, todayLabel: 'Today' }) ?? '',
  },
  play: async ({ canvasElement }) => {
    const message = article(canvasElement, 'Assistant, 14:05');
    await expect(within(message).getByText('Today 14:05')).toBeVisible();
  },
};

export const WithCoinsLayer: Story = {
  args: {
    label: 'Assistant, 14:08',
    text: 'These three moved the most in the last 24 hours:',
    layers: [{ type: 'coins', coins: COINS }],
    isCoinActionDisabled: ({ coin }) => coin.id === 1027,
  },
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Coins in this answer' });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(within(rows[0]!).getByText('$64,231.50')).toBeVisible();
    await expect(within(rows[0]!).getByText('+2.35%')).toHaveAttribute('data-trend', 'up');
    await expect(within(rows[1]!).getByText('-1.20%')).toHaveAttribute('data-trend', 'down');
    await expect(within(rows[2]!).getByText('$0.00001234')).toBeVisible();
    await expect(within(list).getByRole('button', { name: 'Follow Ethereum' })).toBeDisabled();
    await userEvent.click(within(list).getByRole('button', { name: 'Follow Bitcoin' }));
    await expect(args.onCoinAction).toHaveBeenCalledWith({ coin: COINS[0] });
  },
};

export const WithSourcesLayer: Story = {
  args: {
    label: 'Assistant, 14:09',
    text: 'Two sources cover this week’s rate decision:',
    layers: [{ type: 'sources', sources: SOURCES }],
  },
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Sources in this answer' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(list).getByText('Federal Reserve')).toBeVisible();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Monitor Weekly on-chain review' }),
    );
    await expect(args.onSourceAction).toHaveBeenCalledWith({ source: SOURCES[1] });
  },
};

export const WithReportAndLinkLayers: Story = {
  args: {
    label: 'Assistant, 14:10',
    text: 'The full analysis is in the report, and the ETF filing is public.',
    layers: [
      { type: 'report', coinId: 1 },
      { type: 'link', title: 'Spot Bitcoin ETF filing', url: 'https://www.sec.gov/filing/123' },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open the Bitcoin report' }));
    await expect(args.onOpenReport).toHaveBeenCalledWith({ coinId: 1 });
    const link = canvas.getByRole('link', { name: /^Spot Bitcoin ETF filing/ });
    await expect(link).toHaveAttribute('href', 'https://www.sec.gov/filing/123');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(
      'Spot Bitcoin ETF filing www.sec.gov (opens in a new tab)',
    );
  },
};

const UNSAFE = '<script>alert("hi")</script> and <img src=x onerror="alert(1)"> stay text';

export const UnsafeText: Story = {
  args: {
    source: 'user',
    label: 'You, 14:11',
    avatarSrc: undefined,
    avatarFallback: undefined,
    text: UNSAFE,
  },
  play: async ({ canvasElement }) => {
    const message = article(canvasElement, 'You, 14:11');
    await expect(message).toHaveTextContent(UNSAFE);
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const LongText: Story = {
  args: {
    label: 'Assistant, 14:12',
    text: 'Contract: 0x7a250d5630b4cf539739df2c5dacb4c659f2488d7a250d5630b4cf539739df2c5dacb4c659f2488d\nDocs: https://docs.example.com/a/very/long/path/that/keeps/going/without/any/spaces/at/all?with=query&and=more#section-anchor.',
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /^https:\/\/docs\.example\.com/ });
    // The sentence's full stop is not part of the address.
    await expect(link.getAttribute('href')).toMatch(/#section-anchor$/);
  },
};

const CONVERSATION = [
  { source: 'user', timestamp: at('2026-11-22T09:00:00Z'), text: 'What should I watch today?' },
  {
    source: 'assistant',
    timestamp: at('2026-11-22T09:00:02Z'),
    text: 'The FOMC decision at 18:30 UTC is the main event.',
  },
  { source: 'user', timestamp: at('2026-11-22T14:05:00Z'), text: 'And Bitcoin?' },
] as const;

/** Several messages in a chat log: times show only after more than an hour. */
export const Conversation: Story = {
  render: (args) => {
    const times = chatDisplayTimes(
      CONVERSATION.map((message) => message.timestamp),
      { now: NOW },
    );
    return (
      <div role="log" aria-label="Chat" style={{ display: 'grid', gap: 12 }}>
        {CONVERSATION.map((message, index) => (
          <Example
            key={message.timestamp}
            {...args}
            source={message.source}
            label={`${message.source === 'user' ? 'You' : 'Assistant'}, ${formatTimestamp(message.timestamp, { now: NOW })}`}
            time={times[index] ?? undefined}
            avatarSrc={message.source === 'user' ? undefined : ASSISTANT_AVATAR}
            avatarFallback={message.source === 'user' ? undefined : args.avatarFallback}
            text={message.text}
          />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log', { name: 'Chat' });
    await expect(within(log).getAllByRole('article')).toHaveLength(3);
    await expect(within(log).getByText('09:00')).toBeVisible();
    await expect(within(log).getByText('14:05')).toBeVisible();
  },
};

// The bubble fades in: what it shows is waited for until it is fully there.
const OFFER_TEXT =
  'I can alert you when **Bitcoin** drops below $60,000.00 (now $64,231.50, as of 15:29).\n\nAnswer yes or no.';

/** An alert offered: what a yes makes, with Yes and No; Yes sends the user's "Yes". */
export const AlertProposal: Story = {
  args: { label: 'Assistant, 15:30', text: OFFER_TEXT, layers: [alertProposal()] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('group', {
      name: 'Create this alert? Bitcoin BTC Price drops below $60,000.00',
    });
    await expect(card).toHaveAttribute('data-state', 'open');
    await waitFor(() =>
      expect(within(card).getByText('Price drops below $60,000.00')).toBeVisible(),
    );
    const yes = within(card).getByRole('button', { name: 'Yes' });
    await expect(yes).toHaveAccessibleDescription('Bitcoin BTC Price drops below $60,000.00');
    await userEvent.click(yes);
    await expect(args.onAlertAnswer).toHaveBeenCalledTimes(1);
    await expect(args.onAlertAnswer).toHaveBeenCalledWith({
      answer: 'yes',
      proposal: alertProposal(),
    });
  },
};

/** No, from the keyboard: the offer is declined with the user's "No". */
export const AlertProposalDeclined: Story = {
  args: { label: 'Assistant, 15:30', text: OFFER_TEXT, layers: [alertProposal()] },
  play: async ({ canvasElement, args }) => {
    within(canvasElement).getByRole('button', { name: 'No' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAlertAnswer).toHaveBeenCalledWith({
      answer: 'no',
      proposal: alertProposal(),
    });
  },
};

/** The conversation went on past the offer: Yes and No are off, and a press does nothing. */
export const AlertProposalAnswered: Story = {
  args: {
    label: 'Assistant, 15:30',
    text: OFFER_TEXT,
    layers: [alertProposal()],
    alertAnswerDisabled: true,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group')).toHaveAttribute('data-state', 'closed');
    const yes = canvas.getByRole('button', { name: 'Yes' });
    await expect(yes).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: 'No' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(yes);
    await expect(args.onAlertAnswer).not.toHaveBeenCalled();
    await expect(canvas.queryByText(/expired/)).toBeNull();
  },
};

/** Past its time: the buttons are off and say why. */
export const AlertProposalExpired: Story = {
  args: {
    label: 'Assistant, 15:30',
    text: OFFER_TEXT,
    layers: [alertProposal({ expiresAt: NOW / 1000 - 1 })],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group')).toHaveAttribute('data-state', 'expired');
    await waitFor(() =>
      expect(canvas.getByText('This offer has expired. Ask again to set it.')).toBeVisible(),
    );
    const no = canvas.getByRole('button', { name: 'No' });
    await expect(no).toHaveAttribute('aria-disabled', 'true');
    await expect(no).toHaveAccessibleDescription(
      'Bitcoin BTC Price drops below $60,000.00 This offer has expired. Ask again to set it.',
    );
    await userEvent.click(no);
    await expect(args.onAlertAnswer).not.toHaveBeenCalled();
  },
};

/** An offer on a monitored source: its square picture, the keyword in quotes. */
export const AlertProposalOnSource: Story = {
  args: {
    label: 'Assistant, 15:30',
    text: 'I can alert you when “rate cut” is said in the FOMC press conference. Answer yes or no.',
    layers: [
      alertProposal({
        alert: { kind: 'sourceKeyword', sourceId: 9001, keyword: 'rate cut' },
        subject: {
          kind: 'source',
          id: 9001,
          name: SOURCES[0]!.title,
          symbol: null,
          logo: SOURCES[0]!.logo,
        },
      }),
    ],
  },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('group');
    await waitFor(() => expect(within(card).getByText('Keyword “rate cut” is said')).toBeVisible());
    await userEvent.click(within(card).getByRole('button', { name: 'Yes' }));
    await expect(args.onAlertAnswer).toHaveBeenCalledWith(
      expect.objectContaining({ answer: 'yes' }),
    );
  },
};

export const AlertProposalChinese: Story = {
  args: {
    label: '助手，15:30',
    text: '比特币跌破 $60,000.00 时提醒你？请回答“是”或“不用了”。',
    layers: [alertProposal()],
    locale: 'zh',
    alertLabels: CHAT_ALERT_LABELS.zh,
  },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('group', { name: /^要创建这个提醒吗？/ });
    await waitFor(() => expect(within(card).getByText('价格跌破 $60,000.00')).toBeVisible());
    await userEvent.click(within(card).getByRole('button', { name: '不用了' }));
    await expect(args.onAlertAnswer).toHaveBeenCalledWith(
      expect.objectContaining({ answer: 'no' }),
    );
    await userEvent.click(within(card).getByRole('button', { name: '是' }));
    await expect(args.onAlertAnswer).toHaveBeenLastCalledWith(
      expect.objectContaining({ answer: 'yes' }),
    );
  },
};

export const AlertProposalBrazilianPortuguese: Story = {
  args: {
    label: 'Assistente, 15:30',
    text: 'Posso te avisar quando o Bitcoin variar 7,5% em 24 horas. Responda sim ou não.',
    layers: [alertProposal({ alert: { kind: 'move24h', coinId: 1, value: 7.5 } })],
    locale: 'pt-br',
    alertLabels: CHAT_ALERT_LABELS['pt-br'],
  },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('group', { name: /^Criar este alerta\?/ });
    await waitFor(() => expect(within(card).getByText('Varia 7,5% em 24 horas')).toBeVisible());
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Não' })).toBeVisible());
    await userEvent.click(within(card).getByRole('button', { name: 'Sim' }));
    await expect(args.onAlertAnswer).toHaveBeenCalledWith(
      expect.objectContaining({ answer: 'yes' }),
    );
  },
};

/** The alert made on the user's yes, with the way to the alerts page. */
export const AlertCreated: Story = {
  args: {
    label: 'Assistant, 15:31',
    text: 'Done: I will alert you when Bitcoin drops below $60,000.00.',
    layers: [alertMade()],
  },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('group', {
      name: 'Alert created Bitcoin BTC Price drops below $60,000.00',
    });
    await expect(card).toHaveAttribute('data-alert-id', '12');
    const link = within(card).getByRole('link', { name: 'See your alerts' });
    await expect(link).toHaveAttribute('href', '/en/alerts/');
    await userEvent.click(link);
    await expect(args.onOpenAlerts).toHaveBeenCalledTimes(1);
  },
};

export const AlertCreatedChinese: Story = {
  args: {
    label: '助手，15:31',
    text: '好的：比特币跌破 $60,000.00 时我会提醒你。',
    layers: [alertMade()],
    locale: 'zh',
    alertLabels: CHAT_ALERT_LABELS.zh,
    alertsHref: '/zh/alerts/',
  },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('group', { name: /^提醒已创建/ });
    await waitFor(() => expect(within(card).getByText('价格跌破 $60,000.00')).toBeVisible());
    const link = within(card).getByRole('link', { name: '查看我的提醒' });
    await expect(link).toHaveAttribute('href', '/zh/alerts/');
    await userEvent.click(link);
    await expect(args.onOpenAlerts).toHaveBeenCalledTimes(1);
  },
};

export const AlertCreatedBrazilianPortuguese: Story = {
  args: {
    label: 'Assistente, 15:31',
    text: 'Pronto: vou te avisar quando o RSI do Bitcoin cruzar acima de 70.',
    layers: [alertMade({ kind: 'rsiOverbought', value: null })],
    locale: 'pt-br',
    alertLabels: CHAT_ALERT_LABELS['pt-br'],
    alertsHref: '/pt-br/alerts/',
  },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('group', { name: /^Alerta criado/ });
    await waitFor(() => expect(within(card).getByText('RSI cruza acima de 70')).toBeVisible());
    const link = within(card).getByRole('link', { name: 'Ver seus alertas' });
    await expect(link).toHaveAttribute('href', '/pt-br/alerts/');
    await userEvent.click(link);
    await expect(args.onOpenAlerts).toHaveBeenCalledTimes(1);
  },
};
