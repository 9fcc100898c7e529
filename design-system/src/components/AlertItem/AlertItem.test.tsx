import { composeStories } from '@storybook/react';
import { clearAllMocks } from '@storybook/test';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { AlertItem, type AlertItemProps } from './AlertItem';
import { ALERT_ITEM_LABELS, alertEvent } from './AlertItem.stories';
import { formatAlertFigure, formatAlertLine, type AlertItemEvent } from './alertWords';
import * as stories from './AlertItem.stories';

// 2026-11-22 12:00 UTC
const NOW = Date.UTC(2026, 10, 22, 12, 0);

function renderItem(
  event: Partial<AlertItemEvent> = {},
  props: Partial<Omit<AlertItemProps, 'event'>> = {},
) {
  return render(
    <CoinlensProvider>
      <AlertItem
        event={alertEvent(event)}
        labels={ALERT_ITEM_LABELS.en}
        now={NOW}
        utcOffset={0}
        todayLabel="Today"
        {...props}
      />
    </CoinlensProvider>,
  );
}

describe('formatAlertLine', () => {
  it.each([
    ['priceAbove', 60000, 'en', '$60,000.00'],
    ['priceBelow', 0.000123, 'en', '$0.0001230'],
    ['priceAbove', 60000, 'pt-br', '$ 60.000,00'],
    ['move24h', 5, 'en', '5%'],
    ['move24h', -7.5, 'pt-br', '7,5%'],
    ['rsiOverbought', 70, 'en', '70'],
    ['rsiOverbought', null, 'en', '70'],
    ['rsiOversold', null, 'zh', '30'],
    ['sma50CrossUp', null, 'en', ''],
    ['sourceKeyword', null, 'en', ''],
    ['priceAbove', null, 'en', null],
    ['move24h', Number.NaN, 'en', null],
  ] as const)('writes the %s line %p in %s as %p', (kind, line, locale, expected) => {
    expect(formatAlertLine(kind, line, locale)?.replace(/\u00a0/g, ' ') ?? null).toBe(expected);
  });
});

describe('formatAlertFigure', () => {
  it.each([
    ['priceAbove', 60412.35, 'en', '$60,412.35'],
    ['move24h', -6.2, 'en', '-6.20%'],
    ['move24h', 8.123, 'pt-br', '+8,12%'],
    ['sma50CrossUp', 0.5, 'en', '+0.50%'],
    ['rsiOversold', 28.96, 'en', '29'],
    ['rsiOverbought', 71.43, 'zh', '71.4'],
    ['sourceLive', 3, 'en', null],
    ['priceAbove', null, 'en', null],
  ] as const)('writes the %s figure %p in %s as %p', (kind, figure, locale, expected) => {
    expect(formatAlertFigure(kind, figure, locale)).toBe(expected);
  });
});

describe('AlertItem', () => {
  it('says what fired it, the figure, its provider and as-of time, and when it fired', () => {
    renderItem();
    expect(screen.getByText('Price above $60,000.00')).toBeVisible();
    expect(screen.getByText('Price $60,412.35')).toBeVisible();
    expect(screen.getByText('CoinGecko')).toBeVisible();
    expect(screen.getByText('as of Today 11:58')).toHaveAttribute(
      'datetime',
      '2026-11-22T11:58:00.000Z',
    );
    expect(screen.getByText('Today 11:59')).toHaveAttribute('title', 'Nov 22, 2026 11:59 AM');
  });

  it('marks an unread event and marks it read on a press', async () => {
    const user = userEvent.setup();
    const onMarkRead = jest.fn();
    const { container } = renderItem({}, { onMarkRead });
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
    expect(container.querySelector('[data-unread]')).not.toBeNull();
    expect(screen.getByText('Unread')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Mark read' });
    expect(button).toHaveAccessibleDescription('Bitcoin BTC Price above $60,000.00');
    await user.click(button);
    expect(onMarkRead).toHaveBeenCalledWith({ id: 7 });
  });

  it('offers no mark-read button on a read event, nor without onMarkRead', () => {
    const { unmount } = renderItem({ read: true }, { onMarkRead: jest.fn() });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
    unmount();
    renderItem();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps focus on a busy mark-read button and ignores presses', async () => {
    const user = userEvent.setup();
    const onMarkRead = jest.fn();
    renderItem({}, { onMarkRead, markingRead: true });
    const button = screen.getByRole('button', { name: 'Mark read' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveFocus();
    expect(onMarkRead).not.toHaveBeenCalled();
  });

  it('says when the alert behind an event was deleted', () => {
    renderItem({ alertId: null });
    expect(screen.getByText('Alert deleted')).toBeVisible();
  });

  it('shows a source event without a figure, and its keyword', () => {
    renderItem({
      kind: 'sourceKeyword',
      keyword: 'ETF',
      subject: { kind: 'source', id: 4, name: 'Chain Radio', symbol: null, logo: '' },
      figure: null,
      line: null,
      source: null,
      asOf: null,
    });
    expect(screen.getByText('Keyword “ETF” said')).toBeVisible();
    expect(screen.queryByText(/as of/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Price/)).not.toBeInTheDocument();
  });

  it('shows the unavailable text for a line the event lacks', () => {
    renderItem({ line: null });
    expect(screen.getByText('Price above —')).toBeVisible();
  });

  it('links the name with href, or through renderLink', () => {
    const { unmount } = renderItem({}, { href: '/en/coins/bitcoin/' });
    expect(screen.getByRole('link', { name: 'Bitcoin BTC' })).toHaveAttribute(
      'href',
      '/en/coins/bitcoin/',
    );
    unmount();
    const renderLink = jest.fn(({ href, children }) => <a href={`/app${href}`}>{children}</a>);
    renderItem({}, { href: '/x', renderLink });
    expect(screen.getByRole('link', { name: 'Bitcoin BTC' })).toHaveAttribute('href', '/app/x');
    expect(renderLink).toHaveBeenCalledWith(
      expect.objectContaining({ href: '/x', event: expect.objectContaining({ id: 7 }) }),
    );
  });

  it('writes figures and times in the reader’s language', () => {
    render(
      <CoinlensProvider>
        <AlertItem
          event={alertEvent({ firedAt: Date.parse('2026-11-20T09:00:00Z') / 1000 })}
          labels={ALERT_ITEM_LABELS['pt-br']}
          locale="pt-br"
          now={NOW}
          utcOffset={0}
        />
      </CoinlensProvider>,
    );
    expect(screen.getByText('Preço acima de $ 60.000,00')).toBeVisible();
    expect(screen.getByText('20/11/2026 09:00')).toBeVisible();
  });

  it('forwards its ref and passes other props to the root', () => {
    const ref = createRef<HTMLDivElement>();
    renderItem({}, { ref, 'data-testid': 'item' } as Partial<AlertItemProps>);
    expect(ref.current).toBe(screen.getByTestId('item'));
    expect(ref.current).toHaveAttribute('data-subject', 'coin');
    expect(ref.current).toHaveAttribute('data-kind', 'priceAbove');
  });

  it('has a skeleton that names the loading state only when given a label', () => {
    const { unmount } = render(
      <CoinlensProvider>
        <AlertItem.Skeleton label="Loading alerts" />
      </CoinlensProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading alerts' })).toBeInTheDocument();
    unmount();
    render(
      <CoinlensProvider>
        <AlertItem.Skeleton data-testid="skeleton" />
      </CoinlensProvider>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('skeleton')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('AlertItem stories', () => {
  // The stories' `fn()` spies are shared by every story of the file, as Storybook resets them
  // before each story it shows.
  beforeEach(() => clearAllMocks());

  // Each story's play function is the component's specification: it runs here in jsdom too.
  it.each(Object.entries(composeStories(stories)))('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});
