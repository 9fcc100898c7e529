import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { CoinlensProvider } from '../../provider';
import { ReportCard } from './ReportCard';
import { reportCardRecipe } from './ReportCard.recipe';
import { WholeCard, type WholeCardArgs } from './ReportCard.stories';

const baseProps: WholeCardArgs = {
  coin: {
    id: 1,
    name: 'Bitcoin',
    symbol: 'BTC',
    logo: `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E`,
    price: 64_231.5,
    change24h: -0.8,
  },
  status: 'ready',
  ranges: [
    { value: '24h', label: '24H' },
    { value: '7d', label: '7D' },
    { value: '30d', label: '30D' },
  ],
  range: '24h',
  onRangeChange: () => {},
  rangeLabel: 'Chart range',
  chart: <div data-testid="chart" />,
  indicatorsTitle: 'Indicators',
  indicators: [
    { id: 'rsi', label: 'RSI (14)', value: '58.2', explanation: 'Neutral momentum.' },
    { id: 'sma', label: 'SMA (50)', value: '$61,000.00' },
  ],
  signalsTitle: 'Signals',
  signals: [
    { id: 'a', tone: 'bullish', title: 'Golden cross', explanation: '50 over 200.' },
    { id: 'b', tone: 'bearish', title: 'Falling volume', explanation: 'Less support.' },
  ],
  noSignalsLabel: 'No signals',
  summaryTitle: 'Summary',
  summary: 'Bitcoin slipped 0.8% today.',
  sourcesTitle: 'Related sources',
  sources: [
    { id: 7, title: 'Weekly wrap', author: 'Chain Radio', href: '/en/sources/7' },
    { id: 8, title: 'On-chain notes', author: 'Glassnode', href: '/en/sources/8' },
  ],
  noSourcesLabel: 'No sources',
  unfollowLabel: 'Unfollow Bitcoin',
  onUnfollow: () => {},
  errorText: 'The report could not be loaded.',
};

function renderCard(props: Partial<WholeCardArgs> = {}) {
  return render(
    <CoinlensProvider>
      <WholeCard {...baseProps} {...props} />
    </CoinlensProvider>,
  );
}

const article = () => screen.getByRole('article', { name: 'Bitcoin BTC' });

describe('ReportCard', () => {
  it('is an article headed by the coin, with its price, change and as-of time', () => {
    renderCard({ asOfLabel: 'As of 14:05' });
    const card = within(article());
    expect(card.getByRole('heading', { level: 2, name: 'Bitcoin BTC' })).toBeInTheDocument();
    expect(card.getByText('$64,231.50')).toBeInTheDocument();
    expect(card.getByText('-0.80%')).toHaveAttribute('data-trend', 'down');
    expect(card.getByText('As of 14:05')).toBeInTheDocument();
    expect(article()).toHaveAttribute('data-status', 'ready');
  });

  it('formats the price and change in the given locale', () => {
    renderCard({ locale: 'pt-br' });
    expect(screen.getByText('$ 64.231,50')).toBeInTheDocument();
    expect(screen.getByText('-0,80%')).toBeInTheDocument();
  });

  it('puts its sections one heading level below its own', () => {
    renderCard({ headingLevel: 3 });
    expect(screen.getByRole('heading', { level: 3, name: 'Bitcoin BTC' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent),
    ).toEqual(['Summary', 'Indicators', 'Signals', 'Related sources']);
  });

  it('shows the demo badge only when given a label', () => {
    const { rerender } = renderCard();
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
    rerender(
      <CoinlensProvider>
        <WholeCard {...baseProps} demoLabel="Demo data" />
      </CoinlensProvider>,
    );
    expect(within(article()).getByText('Demo data')).toBeInTheDocument();
  });

  it('reports the range picked with the pointer', async () => {
    const user = userEvent.setup();
    const onRangeChange = jest.fn();
    renderCard({ onRangeChange });
    const ranges = screen.getByRole('radiogroup', { name: 'Chart range' });
    const radios = within(ranges).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['24h', '7d', '30d']);
    ['24H', '7D', '30D'].forEach((name, index) => {
      expect(radios[index]).toHaveAccessibleName(name);
    });
    expect(within(ranges).getByRole('radio', { name: '24H' })).toBeChecked();
    await user.click(within(ranges).getByRole('radio', { name: '7D' }));
    expect(onRangeChange).toHaveBeenCalledTimes(1);
    expect(onRangeChange).toHaveBeenCalledWith({ value: '7d' });
  });

  it('reaches the range switch with Tab and moves it with the arrow keys', async () => {
    const user = userEvent.setup();
    const onRangeChange = jest.fn();
    function Stateful() {
      const [range, setRange] = useState('7d');
      return (
        <WholeCard
          {...baseProps}
          range={range}
          onRangeChange={(details) => {
            onRangeChange(details);
            setRange(details.value);
          }}
        />
      );
    }
    render(
      <CoinlensProvider>
        <Stateful />
      </CoinlensProvider>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Unfollow Bitcoin' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: '7D' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '30D' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '30D' })).toBeChecked();
    expect(onRangeChange).toHaveBeenLastCalledWith({ value: '30d' });
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '24H' })).toBeChecked();
    expect(onRangeChange).toHaveBeenLastCalledWith({ value: '24h' });
    // The switch is one stop: the next Tab leaves it.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Weekly wrap' })).toHaveFocus();
  });

  it('wraps around at the ends and reports one change per arrow press', async () => {
    const user = userEvent.setup();
    const onRangeChange = jest.fn();
    renderCard({ onRangeChange, range: '30d' });
    screen.getByRole('radio', { name: '30D' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(onRangeChange).toHaveBeenCalledTimes(1);
    expect(onRangeChange).toHaveBeenLastCalledWith({ value: '24h' });
    expect(screen.getByRole('radio', { name: '24H' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(onRangeChange).toHaveBeenCalledTimes(2);
    expect(onRangeChange).toHaveBeenLastCalledWith({ value: '30d' });
    expect(screen.getByRole('radio', { name: '30D' })).toHaveFocus();
  });

  it('gives the chart slot its content', () => {
    renderCard();
    expect(within(article()).getByTestId('chart')).toBeInTheDocument();
  });

  it('lists indicators as terms with their values and explanations', () => {
    renderCard();
    const indicators = within(screen.getByRole('region', { name: 'Indicators' }));
    expect(indicators.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'RSI (14)',
      'SMA (50)',
    ]);
    expect(indicators.getAllByRole('definition').map((term) => term.textContent)).toEqual([
      '58.2',
      'Neutral momentum.',
      '$61,000.00',
    ]);
  });

  it('marks each signal with its tone as an icon and, when given, a word', () => {
    renderCard({
      signalToneLabels: { bullish: 'Bullish', bearish: 'Bearish', neutral: 'Neutral' },
    });
    const signals = within(screen.getByRole('region', { name: 'Signals' })).getAllByRole(
      'listitem',
    );
    expect(signals.map((signal) => signal.getAttribute('data-tone'))).toEqual([
      'bullish',
      'bearish',
    ]);
    expect(signals[0]).toHaveTextContent('Bullish Golden cross 50 over 200.');
    expect(signals[1]).toHaveTextContent('Bearish Falling volume Less support.');
    for (const signal of signals) {
      // eslint-disable-next-line testing-library/no-node-access -- the icon is hidden from the accessibility tree
      expect(signal.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
  });

  it('says so when there are no signals and no sources', () => {
    renderCard({ signals: [], sources: [] });
    const signals = within(screen.getByRole('region', { name: 'Signals' }));
    expect(signals.getByText('No signals')).toBeInTheDocument();
    expect(signals.queryByRole('list')).not.toBeInTheDocument();
    const sources = within(screen.getByRole('region', { name: 'Related sources' }));
    expect(sources.getByText('No sources')).toBeInTheDocument();
    expect(sources.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links each source to its href, through the site link when one is given', () => {
    const { rerender } = renderCard();
    expect(screen.getByRole('link', { name: 'Weekly wrap' })).toHaveAttribute(
      'href',
      '/en/sources/7',
    );
    expect(screen.getByText('Chain Radio')).toBeInTheDocument();
    const renderSourceLink = jest.fn((source, children) => (
      <a href={`#${source.id}`} data-router="">
        {children}
      </a>
    ));
    rerender(
      <CoinlensProvider>
        <WholeCard {...baseProps} renderSourceLink={renderSourceLink} />
      </CoinlensProvider>,
    );
    expect(screen.getByRole('link', { name: 'On-chain notes' })).toHaveAttribute('href', '#8');
    expect(renderSourceLink).toHaveBeenCalledWith(baseProps.sources[1], 'On-chain notes');
  });

  it('calls onUnfollow from the named icon button', async () => {
    const user = userEvent.setup();
    const onUnfollow = jest.fn();
    renderCard({ onUnfollow });
    await user.click(screen.getByRole('button', { name: 'Unfollow Bitcoin' }));
    expect(onUnfollow).toHaveBeenCalledTimes(1);
  });

  it('keeps the header and the range switch while loading, with placeholders for the rest', async () => {
    const user = userEvent.setup();
    const onRangeChange = jest.fn();
    renderCard({ status: 'loading', onRangeChange });
    expect(article()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { name: 'Bitcoin BTC' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfollow Bitcoin' })).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(screen.queryByText(baseProps.summary)).not.toBeInTheDocument();
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    // The section headings stay, so the loading card has the ready card's outline.
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    await user.click(screen.getByRole('radio', { name: '30D' }));
    expect(onRangeChange).toHaveBeenCalledWith({ value: '30d' });
  });

  it('shows as many indicator placeholders as asked while loading, 4 by default', () => {
    const rows = () =>
      // eslint-disable-next-line testing-library/no-node-access -- placeholders have no role
      article().querySelectorAll('[data-part="indicator-placeholder"]');
    const { unmount } = renderCard({ status: 'loading' });
    expect(rows()).toHaveLength(4);
    unmount();
    renderCard({ status: 'loading', placeholderIndicators: 13 });
    expect(rows()).toHaveLength(13);
    // Placeholders are not read out as indicators.
    expect(screen.queryByRole('term')).not.toBeInTheDocument();
  });

  it('gives each placeholder indicator row the shape asked for: with or without an explanation', () => {
    // A row's parts: its label, its value and, with an explanation, a third.
    const explained = () =>
      // eslint-disable-next-line testing-library/no-node-access -- placeholders have no role
      [...article().querySelectorAll('[data-part="indicator-placeholder"]')].map(
        (row) => row.children.length === 3,
      );
    const { unmount } = renderCard({ status: 'loading', placeholderIndicators: 2 });
    expect(explained()).toEqual([true, true]);
    unmount();
    renderCard({
      status: 'pending',
      placeholderIndicators: [{ explanation: true }, { explanation: false }, { explanation: true }],
    });
    expect(explained()).toEqual([true, false, true]);
  });

  it('shows as many source placeholders as asked while loading, 4 by default', () => {
    const sources = () =>
      // eslint-disable-next-line testing-library/no-node-access -- placeholders have no role
      article().querySelectorAll('[data-part="source-placeholder"]');
    const { unmount } = renderCard({ status: 'loading' });
    expect(sources()).toHaveLength(4);
    unmount();
    renderCard({ status: 'loading', placeholderSources: 5 });
    expect(sources()).toHaveLength(5);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('pulses each part’s placeholders as one block while loading, not bar by bar', () => {
    // Each element that pulses is an animation for the browser to run: a loading card has some
    // 60 bars. jsdom computes no animations, so the recipe's rules are matched against the card.
    expect(reportCardRecipe.base?.skeleton).toMatchObject({ animationName: 'none' });
    const [pulsing] = Object.entries(reportCardRecipe.base?.root ?? {}).filter(
      ([, style]) => (style as { animationName?: string } | undefined)?.animationName === 'pulse',
    );
    const selector = pulsing![0].replaceAll('&', ':scope');
    const { unmount } = renderCard({ status: 'loading' });
    // The summary, indicators, signals and sources: each a block of the bars inside it.
    // eslint-disable-next-line testing-library/no-node-access -- placeholders have no role
    const blocks = [...article().querySelectorAll(selector)];
    expect(blocks).toHaveLength(4);
    for (const block of blocks) {
      // eslint-disable-next-line testing-library/no-node-access -- as above
      expect(block.querySelector('[data-part="skeleton"]')).not.toBeNull();
    }
    unmount();
    // A pending card is not busy: nothing pulses.
    renderCard({ status: 'pending' });
    // eslint-disable-next-line testing-library/no-node-access -- placeholders have no role
    expect(article().querySelectorAll(selector)).toHaveLength(0);
  });

  it('shows a pending card as the loading one, not busy and marked pending (it holds still)', () => {
    const skeletons = () =>
      // eslint-disable-next-line testing-library/no-node-access -- placeholders have no role
      article().querySelectorAll('[data-part="skeleton"]').length;
    const { unmount } = renderCard({ status: 'loading', placeholderIndicators: 13 });
    const loadingBars = skeletons();
    expect(article()).toHaveAttribute('data-status', 'loading');
    unmount();
    renderCard({ status: 'pending', placeholderIndicators: 13 });
    expect(article()).toHaveAttribute('data-status', 'pending');
    // Not busy: nothing is loading, and a busy card may be left unread.
    expect(article()).not.toHaveAttribute('aria-busy');
    expect(skeletons()).toBe(loadingBars);
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    // Its placeholders' class stops their pulse under a pending card (jsdom runs no animation:
    // the rule itself is checked).
    // eslint-disable-next-line testing-library/no-node-access -- placeholders have no role
    const bar = article().querySelector('[data-part="skeleton"]')!;
    const barClass = [...bar.classList].find((name) => name.startsWith('css-'));
    const css = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .join('\n');
    expect(css).toMatch(
      new RegExp(`\\[data-status=pending\\] \\.${barClass} ?\\{[^}]*[{ ]animation-name: ?none;`),
    );
  });

  it('shows the error with Retry and keeps the name and unfollow', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const onUnfollow = jest.fn();
    renderCard({
      status: 'error',
      errorText: 'The report could not be loaded.',
      retryLabel: 'Retry',
      onRetry,
      onUnfollow,
    });
    // One alert, the retry row: its text and its button, not an alert inside another.
    const [alert, ...more] = screen.getAllByRole('alert');
    expect(more).toHaveLength(0);
    expect(alert).toHaveTextContent('The report could not be loaded.');
    expect(within(alert!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bitcoin BTC' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Indicators' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Unfollow Bitcoin' }));
    expect(onUnfollow).toHaveBeenCalledTimes(1);
  });

  it('offers no Retry without a handler', () => {
    renderCard({ status: 'error', errorText: 'Failed.', retryLabel: 'Retry' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows a monogram when the logo is missing or fails to load', () => {
    const { rerender } = renderCard({ coin: { ...baseProps.coin, logo: null } });
    expect(within(article()).getByText('B')).toHaveAttribute('aria-hidden', 'true');
    rerender(
      <CoinlensProvider>
        <WholeCard {...baseProps} />
      </CoinlensProvider>,
    );
    const logo = within(article()).getByRole('presentation');
    expect(logo).toHaveAttribute('alt', '');
    fireEvent.error(logo);
    expect(within(article()).queryByRole('presentation')).not.toBeInTheDocument();
    expect(within(article()).getByText('B')).toBeInTheDocument();
  });

  it('shows a dash for a missing price or change', () => {
    renderCard({ coin: { ...baseProps.coin, price: null, change24h: null } });
    expect(within(article()).getAllByText('—')).toHaveLength(2);
  });

  it('forwards its ref and passes other props to the article', () => {
    const ref = createRef<HTMLElement>();
    render(
      <CoinlensProvider>
        <ReportCard.Root ref={ref} data-testid="report" coin={baseProps.coin} status="ready">
          <ReportCard.Header unfollowLabel="Unfollow Bitcoin" onUnfollow={() => {}} />
        </ReportCard.Root>
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByTestId('report'));
    expect(ref.current).toBe(article());
  });
});

describe('ReportCard parts', () => {
  const { coin } = baseProps;

  it('says which part was used outside ReportCard.Root', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <CoinlensProvider>
          <ReportCard.Header unfollowLabel="Unfollow Bitcoin" onUnfollow={() => {}} />
        </CoinlensProvider>,
      ),
    ).toThrow('ReportCard.Header must be used inside ReportCard.Root.');
    expect(() =>
      render(
        <CoinlensProvider>
          <ReportCard.Summary title="Summary">Text</ReportCard.Summary>
        </CoinlensProvider>,
      ),
    ).toThrow('ReportCard.Summary must be used inside ReportCard.Root.');
    quiet.mockRestore();
  });

  it('shows only the parts a caller puts together', () => {
    render(
      <CoinlensProvider>
        <ReportCard.Root coin={coin} status="ready">
          <ReportCard.Header unfollowLabel="Unfollow Bitcoin" onUnfollow={() => {}} />
          <ReportCard.Body>
            <ReportCard.Main>
              <ReportCard.Summary title="Summary">Bitcoin slipped.</ReportCard.Summary>
            </ReportCard.Main>
          </ReportCard.Body>
        </ReportCard.Root>
      </CoinlensProvider>,
    );
    const card = within(article());
    expect(card.getByRole('region', { name: 'Summary' })).toHaveTextContent('Bitcoin slipped.');
    expect(card.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(card.queryByRole('region', { name: 'Indicators' })).not.toBeInTheDocument();
    expect(card.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the Error part only on error, and the Body in every other status', () => {
    const parts = (status: 'ready' | 'loading' | 'pending' | 'error') => (
      <CoinlensProvider>
        <ReportCard.Root coin={coin} status={status}>
          <ReportCard.Body data-testid="body" />
          <ReportCard.Error text="Failed." />
        </ReportCard.Root>
      </CoinlensProvider>
    );
    const { rerender } = render(parts('ready'));
    for (const status of ['ready', 'loading', 'pending'] as const) {
      rerender(parts(status));
      expect(screen.getByTestId('body')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    }
    rerender(parts('error'));
    expect(screen.queryByTestId('body')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed.');
  });

  it("forwards each part's ref and adds a caller's class to the part's own", () => {
    const header = createRef<HTMLElement>();
    const summary = createRef<HTMLElement>();
    const ranges = createRef<HTMLDivElement>();
    render(
      <CoinlensProvider>
        <ReportCard.Root coin={coin} status="ready">
          <ReportCard.Header
            ref={header}
            className="extra"
            unfollowLabel="Unfollow Bitcoin"
            onUnfollow={() => {}}
          />
          <ReportCard.Body>
            <ReportCard.Main>
              <ReportCard.Ranges
                ref={ranges}
                ranges={baseProps.ranges}
                value="24h"
                onValueChange={() => {}}
                label="Chart range"
              />
              <ReportCard.Summary ref={summary} title="Summary" data-testid="summary">
                Text
              </ReportCard.Summary>
            </ReportCard.Main>
          </ReportCard.Body>
        </ReportCard.Root>
      </CoinlensProvider>,
    );
    expect(header.current?.tagName).toBe('HEADER');
    expect(header.current).toHaveClass('extra');
    expect(header.current?.className).toMatch(/^css-\S+ extra$/);
    expect(ranges.current).toBe(screen.getByRole('radiogroup', { name: 'Chart range' }));
    expect(summary.current).toBe(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.current).toBe(screen.getByTestId('summary'));
  });
});

describe('ReportCard stories', () => {});
