import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import {
  ChatBubble,
  type ChatBubbleLayersProps,
  type ChatBubbleRootProps,
  type ChatLayer,
  type ChatLayerCoin,
} from './ChatBubble';
import { alertMade, alertProposal, CHAT_ALERT_LABELS } from './ChatBubble.stories';

const coin = (overrides: Partial<ChatLayerCoin> = {}): ChatLayerCoin => ({
  id: 1,
  name: 'Bitcoin',
  symbol: 'BTC',
  logo: '',
  rank: 1,
  quotes: { price: 64231.5, percentChange24h: 2.3456, marketCap: 0, volume24h: 0, updatedAt: 0 },
  ...overrides,
});

function renderBubble(
  children: React.ReactNode,
  root: Partial<ChatBubbleRootProps> = {},
): ReturnType<typeof render> {
  return render(
    <CoinlensProvider>
      <ChatBubble.Root label="Assistant, 14:05" {...root}>
        {children}
      </ChatBubble.Root>
    </CoinlensProvider>,
  );
}

const message = () => screen.getByRole('article', { name: 'Assistant, 14:05' });

describe('ChatBubble text', () => {
  it('shows markup in a message as the characters typed and never builds elements from it', () => {
    const text =
      '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
    renderBubble(<ChatBubble.Content text={text} />);
    expect(message()).toHaveTextContent(text);
    // Nothing in the text may become a node of its own; only the article's own parts exist.
    // eslint-disable-next-line testing-library/no-node-access
    expect(message().querySelector('script, img, a, iframe')).toBeNull();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('turns http(s) addresses into links that open in a new tab without an opener', () => {
    renderBubble(
      <ChatBubble.Content text="Prices at https://example.com/markets?coin=btc, and http://example.org too." />,
      { newTabLabel: '(opens in a new tab)' },
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/markets?coin=btc');
    expect(links[0]).toHaveAccessibleName(
      'https://example.com/markets?coin=btc (opens in a new tab)',
    );
    expect(links[1]).toHaveAttribute('href', 'http://example.org/');
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(message()).toHaveTextContent(
      'Prices at https://example.com/markets?coin=btc (opens in a new tab), and http://example.org (opens in a new tab) too.',
    );
  });

  it('leaves addresses of other schemes and broken ones as plain text', () => {
    renderBubble(
      <ChatBubble.Content text="javascript:alert(1) data:text/html,hi ftp://example.com https://" />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(message()).toHaveTextContent('javascript:alert(1) data:text/html,hi ftp://example.com');
  });

  it('keeps closing punctuation, unmatched brackets and following Chinese text out of a link', () => {
    renderBubble(
      <ChatBubble.Content
        text={
          'Read (https://en.wikipedia.org/wiki/Bitcoin_(disambiguation)).\n详情见https://example.com/zh。谢谢'
        }
      />,
    );
    const [wiki, zh] = screen.getAllByRole('link');
    expect(wiki).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Bitcoin_(disambiguation)');
    expect(zh).toHaveAttribute('href', 'https://example.com/zh');
    expect(zh).toHaveTextContent(/^https:\/\/example\.com\/zh$/);
  });

  it('keeps paragraphs and line breaks', () => {
    renderBubble(<ChatBubble.Content text={'First line\nsecond line\n\n\nNext paragraph\r\n'} />);
    // eslint-disable-next-line testing-library/no-node-access -- paragraphs and breaks have no role
    const paragraphs = message().querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toHaveTextContent('First linesecond line');
    // eslint-disable-next-line testing-library/no-node-access
    expect(paragraphs[0]?.querySelectorAll('br')).toHaveLength(1);
    expect(paragraphs[1]).toHaveTextContent('Next paragraph');
  });

  it('marks highlight words as whole words in any case, and inside a run of Chinese text', () => {
    renderBubble(
      <ChatBubble.Content
        text="Buy btc, not WBTC. Then add cryptocurrency. 请添加币种"
        highlight={['BTC', 'Add cryptocurrency', '添加', '  ', 'a.c']}
      />,
    );
    const marks = screen.getAllByText((_, element) => element?.tagName === 'MARK');
    expect(marks.map((mark) => mark.textContent)).toEqual(['btc', 'add cryptocurrency', '添加']);
  });

  it('bolds **words** and leaves an unclosed pair of stars as typed', () => {
    renderBubble(<ChatBubble.Content text="This is **important** but **this is not" />);
    expect(screen.getByText('important').tagName).toBe('STRONG');
    expect(message()).toHaveTextContent('This is important but **this is not');
  });

  it('renders no bubble for a finished message without text', () => {
    renderBubble(<ChatBubble.Content text={'  \n\n '} />);
    expect(message()).toBeEmptyDOMElement();
  });
});

describe('ChatBubble status', () => {
  it('shows labelled typing dots only while loading', () => {
    const { rerender } = renderBubble(<ChatBubble.Content typingLabel="Assistant is typing" />, {
      status: 'loading',
    });
    expect(screen.getByRole('img', { name: 'Assistant is typing' })).toBeInTheDocument();
    expect(message()).toHaveAttribute('aria-busy', 'true');
    rerender(
      <CoinlensProvider>
        <ChatBubble.Root label="Assistant, 14:05" status="success">
          <ChatBubble.Content text="Done." typingLabel="Assistant is typing" />
        </ChatBubble.Root>
      </CoinlensProvider>,
    );
    expect(screen.queryByRole('img', { name: 'Assistant is typing' })).not.toBeInTheDocument();
    expect(message()).not.toHaveAttribute('aria-busy');
  });

  it('shows a caret after the text while it is still streaming', () => {
    renderBubble(<ChatBubble.Content text={'Part one\n\nPart two'} />, { status: 'concat' });
    expect(message()).toHaveAttribute('data-status', 'concat');
    // eslint-disable-next-line testing-library/no-node-access -- the caret is hidden from AT
    const caret = message().querySelector('[data-part="caret"]');
    expect(caret).toHaveAttribute('aria-hidden', 'true');
    // eslint-disable-next-line testing-library/no-node-access
    expect(caret?.parentElement).toHaveTextContent('Part two');
  });

  it('shows the error and a Retry button only in the error state, and Retry calls onRetry', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const parts = (
      <>
        <ChatBubble.Content text="Partial answer" />
        <ChatBubble.Error text="No answer came back." retryLabel="Retry" onRetry={onRetry} />
      </>
    );
    const { rerender } = renderBubble(parts, { status: 'success' });
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('No answer came back.')).not.toBeInTheDocument();

    rerender(
      <CoinlensProvider>
        <ChatBubble.Root label="Assistant, 14:05" status="error">
          {parts}
        </ChatBubble.Root>
      </CoinlensProvider>,
    );
    expect(message()).toHaveAttribute('data-status', 'error');
    expect(screen.getByText('No answer came back.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledWith();
  });

  it('falls back to a known source and status when given one it does not know', () => {
    renderBubble(<ChatBubble.Content text="Hi" />, {
      source: 'ROBOT' as never,
      status: 'pending' as never,
    });
    expect(message()).toHaveAttribute('data-source', 'assistant');
    expect(message()).toHaveAttribute('data-status', 'success');
  });
});

describe('ChatBubble layers', () => {
  it('lists coins with their price and 24h change, and the action passes the coin', async () => {
    const user = userEvent.setup();
    const onCoinAction = jest.fn();
    const bitcoin = coin();
    const broken = coin({
      id: 2,
      name: 'Nodata',
      symbol: 'ND',
      quotes: undefined as unknown as ChatLayerCoin['quotes'],
    });
    renderBubble(
      <ChatBubble.Layers
        layers={[{ type: 'coins', coins: [bitcoin, broken] }]}
        coinsLabel="Coins in this answer"
        unavailableLabel="n/a"
        coinActionText="Follow"
        getCoinActionLabel={({ coin: c }) => `Follow ${c.name}`}
        isCoinActionDisabled={({ coin: c }) => c.id === 2}
        onCoinAction={onCoinAction}
      />,
    );
    const [first, second] = within(
      screen.getByRole('list', { name: 'Coins in this answer' }),
    ).getAllByRole('listitem');
    expect(first).toHaveTextContent('BitcoinBTC$64,231.50+2.35%Follow');
    expect(second).toHaveTextContent('NodataNDn/an/aFollow');
    expect(within(second!).getByRole('button', { name: 'Follow Nodata' })).toBeDisabled();
    await user.click(within(first!).getByRole('button', { name: 'Follow Bitcoin' }));
    expect(onCoinAction).toHaveBeenCalledWith({ coin: bitcoin });
  });

  it('says what a coin or a source is to the user where its action is off', () => {
    renderBubble(
      <ChatBubble.Layers
        layers={[
          {
            type: 'coins',
            coins: [coin({ id: 1 }), coin({ id: 2, name: 'Ether', symbol: 'ETH' })],
          },
          {
            type: 'sources',
            sources: [
              {
                id: 7,
                logo: '',
                author: 'Federal Reserve',
                title: 'FOMC press conference',
                status: 2,
                time: 0,
                heat: 0,
                link: 'https://example.com',
              },
            ],
          },
        ]}
        coinActionText="Add"
        getCoinActionText={({ coin: c }) => (c.id === 1 ? 'Following' : 'Add')}
        getCoinActionLabel={({ coin: c }) => `Add ${c.name}`}
        isCoinActionDisabled={({ coin: c }) => c.id === 1}
        onCoinAction={() => undefined}
        sourceActionText="Monitor"
        getSourceActionText={() => 'Monitoring'}
        getSourceActionLabel={({ source: s }) => `Monitor ${s.title}`}
        isSourceActionDisabled={() => true}
        onSourceAction={() => undefined}
      />,
    );
    const following = screen.getByRole('button', { name: 'Add Bitcoin' });
    expect(following).toHaveTextContent('Following');
    expect(following).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Ether' })).toHaveTextContent(/^Add$/);
    expect(screen.getByRole('button', { name: /^Monitor / })).toHaveTextContent('Monitoring');
  });

  it('renders a caller’s own coin action in place of the button', () => {
    renderBubble(
      <ChatBubble.Layers
        layers={[{ type: 'coins', coins: [coin()] }]}
        renderCoinAction={({ coin: c }) => <a href={`/reporting?coin=${c.id}`}>Details</a>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/reporting?coin=1',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no coin action without both a label and a handler', () => {
    renderBubble(
      <ChatBubble.Layers
        layers={[{ type: 'coins', coins: [coin()] }]}
        getCoinActionLabel={() => 'Follow'}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists sources by author and title, and the action passes the source', async () => {
    const user = userEvent.setup();
    const onSourceAction = jest.fn();
    const source = {
      id: 9,
      logo: '',
      author: 'Federal Reserve',
      title: 'FOMC press conference',
      status: 1,
      time: 0,
      heat: 0,
      link: 'https://example.com',
    } as const;
    renderBubble(
      <ChatBubble.Layers
        layers={[{ type: 'sources', sources: [source] }]}
        sourcesLabel="Sources"
        getSourceActionLabel={({ source: s }) => `Monitor ${s.title}`}
        onSourceAction={onSourceAction}
      />,
    );
    const item = within(screen.getByRole('list', { name: 'Sources' })).getByRole('listitem');
    expect(item).toHaveTextContent('Federal ReserveFOMC press conference');
    await user.click(within(item).getByRole('button', { name: 'Monitor FOMC press conference' }));
    expect(onSourceAction).toHaveBeenCalledWith({ source });
  });

  it('opens a report with a button that calls onOpenReport with the coin id', async () => {
    const user = userEvent.setup();
    const onOpenReport = jest.fn();
    renderBubble(
      <ChatBubble.Layers
        layers={[{ type: 'report', coinId: 1027 }]}
        getReportLabel={({ coinId }) => `Open report ${coinId}`}
        onOpenReport={onOpenReport}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Open report 1027' }));
    expect(onOpenReport).toHaveBeenCalledWith({ coinId: 1027 });
  });

  it('opens a report through a link whose plain click goes to onOpenReport', () => {
    const onOpenReport = jest.fn();
    renderBubble(
      <ChatBubble.Layers
        layers={[{ type: 'report', coinId: 1 }]}
        getReportLabel={() => 'Open the Bitcoin report'}
        getReportHref={({ coinId }) => `/reporting?coin=${coinId}`}
        onOpenReport={onOpenReport}
      />,
    );
    const link = screen.getByRole('link', { name: 'Open the Bitcoin report' });
    expect(link).toHaveAttribute('href', '/reporting?coin=1');
    expect(link).not.toHaveAttribute('target');
    // Records whether the bubble took each click over, then stops jsdom, which cannot navigate.
    const takenOver: boolean[] = [];
    const record = (event: Event) => {
      takenOver.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    // A plain click is the app's to handle; a Ctrl+click stays the browser's (a new tab).
    fireEvent.click(link);
    expect(onOpenReport).toHaveBeenCalledWith({ coinId: 1 });
    fireEvent.click(link, { ctrlKey: true });
    expect(onOpenReport).toHaveBeenCalledTimes(1);
    window.removeEventListener('click', record);
    expect(takenOver).toEqual([true, false]);
  });

  it('shows an external link layer with its title and host, opening safely in a new tab', () => {
    renderBubble(
      <ChatBubble.Layers
        layers={[{ type: 'link', title: '', url: ' https://www.sec.gov/filing/1 ' }]}
      />,
      { newTabLabel: '(opens in a new tab)' },
    );
    const link = screen.getByRole('link', { name: 'www.sec.gov www.sec.gov (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://www.sec.gov/filing/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('skips unknown layer types, malformed layers, unsafe links and unlabelled reports', () => {
    const layers = [
      { type: 'poll', options: ['a', 'b'] },
      null,
      { type: 'coins', coins: 'not a list' },
      { type: 'coins', coins: [] },
      { type: 'sources', sources: [{ nothing: true }] },
      { type: 'report', coinId: 'one' },
      { type: 'report', coinId: 1 },
      { type: 'link', title: 'Click me', url: 'javascript:alert(1)' },
      { type: 'link', title: 'Data', url: 'data:text/html,<b>x</b>' },
    ] as unknown as ChatLayer[];
    renderBubble(
      <>
        <ChatBubble.Content text="Hi" />
        <ChatBubble.Layers layers={layers} data-testid="layers" />
      </>,
    );
    expect(screen.queryByTestId('layers')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('ChatBubble alert layers', () => {
  // The stories' "now": 2026-11-22 15:30 UTC; their offer runs to ten minutes later.
  const NOW = Date.UTC(2026, 10, 22, 15, 30);

  function renderAlertLayers(layers: ChatLayer[], props: Partial<ChatBubbleLayersProps> = {}) {
    return renderBubble(
      <ChatBubble.Layers
        layers={layers}
        alertLabels={CHAT_ALERT_LABELS.en}
        now={() => NOW}
        data-testid="layers"
        {...props}
      />,
    );
  }

  const offer = () =>
    screen.getByRole('group', {
      name: 'Create this alert? Bitcoin BTC Price drops below $60,000.00',
    });

  afterEach(() => jest.useRealTimers());

  it('says what a yes makes and answers with the word pressed', async () => {
    const onAlertAnswer = jest.fn();
    renderAlertLayers([alertProposal()], { onAlertAnswer });
    const yes = within(offer()).getByRole('button', { name: 'Yes' });
    expect(yes).toHaveAccessibleDescription('Bitcoin BTC Price drops below $60,000.00');
    const user = userEvent.setup();
    await user.click(within(offer()).getByRole('button', { name: 'No' }));
    expect(onAlertAnswer).toHaveBeenLastCalledWith({ answer: 'no', proposal: alertProposal() });
    await user.click(yes);
    expect(onAlertAnswer).toHaveBeenLastCalledWith({ answer: 'yes', proposal: alertProposal() });
  });

  it('writes the value in the reader’s language', () => {
    renderAlertLayers([alertProposal()], {
      locale: 'pt-br',
      alertLabels: CHAT_ALERT_LABELS['pt-br'],
      onAlertAnswer: jest.fn(),
    });
    expect(screen.getByRole('group')).toHaveTextContent(/Preço cai abaixo de \$\s60\.000,00/);
    expect(screen.getByRole('button', { name: 'Sim' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Não' })).toBeInTheDocument();
  });

  it('turns the answers off once the conversation went on, keeping the pressed one focused', async () => {
    const onAlertAnswer = jest.fn();
    const { rerender } = renderAlertLayers([alertProposal()], { onAlertAnswer });
    const user = userEvent.setup();
    const yes = within(offer()).getByRole('button', { name: 'Yes' });
    await user.click(yes);
    // The site adds the user's "Yes" to the conversation: the offer is answered.
    rerender(
      <CoinlensProvider>
        <ChatBubble.Root label="Assistant, 14:05">
          <ChatBubble.Layers
            layers={[alertProposal()]}
            alertLabels={CHAT_ALERT_LABELS.en}
            now={() => NOW}
            onAlertAnswer={onAlertAnswer}
            alertAnswerDisabled
          />
        </ChatBubble.Root>
      </CoinlensProvider>,
    );
    expect(offer()).toHaveAttribute('data-state', 'closed');
    expect(yes).toHaveAttribute('aria-disabled', 'true');
    expect(yes).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(within(offer()).getByRole('button', { name: 'No' }));
    expect(onAlertAnswer).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/expired/)).not.toBeInTheDocument();
  });

  it('expires at its time while shown, and says so', async () => {
    jest.useFakeTimers({ now: NOW + 9 * 60_000 });
    const onAlertAnswer = jest.fn();
    // The default clock: Date.now, which the fake timers move.
    renderAlertLayers([alertProposal()], { onAlertAnswer, now: undefined });
    const yes = within(offer()).getByRole('button', { name: 'Yes' });
    expect(yes).not.toHaveAttribute('aria-disabled');
    expect(offer()).toHaveAttribute('data-state', 'open');

    act(() => jest.advanceTimersByTime(59_000));
    expect(yes).not.toHaveAttribute('aria-disabled');
    act(() => jest.advanceTimersByTime(1_000));
    expect(offer()).toHaveAttribute('data-state', 'expired');
    expect(yes).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('This offer has expired. Ask again to set it.')).toBeVisible();
    expect(yes).toHaveAccessibleDescription(
      'Bitcoin BTC Price drops below $60,000.00 This offer has expired. Ask again to set it.',
    );
    fireEvent.click(yes);
    expect(onAlertAnswer).not.toHaveBeenCalled();
  });

  it('shows an offer already past its time as expired from the start', () => {
    renderAlertLayers([alertProposal({ expiresAt: NOW / 1000 })], { onAlertAnswer: jest.fn() });
    expect(offer()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByRole('button', { name: 'No' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows no buttons without a way to answer', () => {
    renderAlertLayers([alertProposal()]);
    expect(offer()).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('confirms a made alert and links to the alerts page, taking a plain click itself', async () => {
    const onOpenAlerts = jest.fn();
    renderAlertLayers([alertMade({ kind: 'move24h', value: 5 })], {
      alertsHref: '/en/alerts/',
      onOpenAlerts,
    });
    const card = screen.getByRole('group', {
      name: 'Alert created Bitcoin BTC Moves 5% in 24 hours',
    });
    const link = within(card).getByRole('link', { name: 'See your alerts' });
    expect(link).toHaveAttribute('href', '/en/alerts/');
    await userEvent.setup().click(link);
    expect(onOpenAlerts).toHaveBeenCalledTimes(1);
    // A click that opens a new tab is the browser's.
    fireEvent.click(link, { ctrlKey: true });
    expect(onOpenAlerts).toHaveBeenCalledTimes(1);
  });

  it('offers a button to the alerts page without an address, and nothing without either', () => {
    const onOpenAlerts = jest.fn();
    const { unmount } = renderAlertLayers([alertMade()], { onOpenAlerts });
    fireEvent.click(screen.getByRole('button', { name: 'See your alerts' }));
    expect(onOpenAlerts).toHaveBeenCalledTimes(1);
    unmount();
    renderAlertLayers([alertMade()]);
    expect(screen.getByRole('group', { name: /^Alert created/ })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('leaves the alert layers out without their words, and skips malformed ones', () => {
    const { unmount } = renderAlertLayers([alertProposal(), alertMade()], {
      alertLabels: undefined,
    });
    expect(screen.queryByTestId('layers')).not.toBeInTheDocument();
    unmount();
    const malformed = [
      { type: 'alertProposal', alert: { kind: 'priceBelow' }, subject: null, expiresAt: 1 },
      {
        type: 'alertProposal',
        alert: { kind: 'moonshot' },
        subject: alertProposal().subject,
        expiresAt: 1,
      },
      { type: 'alertProposal', alert: { kind: 'priceBelow' }, subject: alertProposal().subject },
      { type: 'alert', alert: null },
      { type: 'alert', alert: { ...alertMade().alert, kind: 'moonshot' } },
    ] as unknown as ChatLayer[];
    renderAlertLayers(malformed, { onAlertAnswer: jest.fn() });
    expect(screen.queryByTestId('layers')).not.toBeInTheDocument();
  });

  it('writes a missing value as a dash rather than failing', () => {
    renderAlertLayers([alertProposal({ alert: { kind: 'priceAbove', coinId: 1 } })]);
    expect(screen.getByText('Price goes above —')).toBeInTheDocument();
  });
});

describe('ChatBubble parts', () => {
  it('shows the caller’s display time', () => {
    renderBubble(<ChatBubble.Time dateTime="2026-11-22T14:05:00Z">14:05</ChatBubble.Time>);
    expect(screen.getByText('14:05')).toHaveAttribute('datetime', '2026-11-22T14:05:00Z');
  });

  it('falls back to the monogram, named by alt, when the avatar picture fails to load', () => {
    renderBubble(
      <ChatBubble.Avatar
        src="https://example.com/missing.png"
        alt="Coinlens assistant"
        fallback="AI"
      />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'Coinlens assistant' }));
    const monogram = screen.getByRole('img', { name: 'Coinlens assistant' });
    expect(monogram.tagName).toBe('SPAN');
    expect(monogram).toHaveTextContent('AI');
  });

  it('hides a monogram without alt from assistive technology', () => {
    renderBubble(<ChatBubble.Avatar fallback="CL" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('CL')).toHaveAttribute('aria-hidden', 'true');
  });

  it('forwards its ref and passes other props to the article', () => {
    const ref = createRef<HTMLElement>();
    renderBubble(<ChatBubble.Content text="Hi" />, {
      ref,
      id: 'message-12',
      'data-seq': '12',
    } as Partial<ChatBubbleRootProps>);
    expect(ref.current).toBe(message());
    expect(message()).toHaveAttribute('id', 'message-12');
    expect(message()).toHaveAttribute('data-seq', '12');
  });

  it('says which part was used outside ChatBubble.Root', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <CoinlensProvider>
          <ChatBubble.Content text="Hi" />
        </CoinlensProvider>,
      ),
    ).toThrow('ChatBubble.Content must be used inside ChatBubble.Root.');
    spy.mockRestore();
  });
});

describe('ChatBubble stories', () => {});
