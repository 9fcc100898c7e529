import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { cssRulesOf } from '../../testing/cssRules';
import { MonitorCard } from './MonitorCard';
import { formatHeat, monitorStateOf, type MonitorCardSource } from './monitorState';
import { STATUS_LABELS, WholeCard, type WholeCardArgs } from './MonitorCard.stories';

// 2026-11-22 12:00 UTC
const NOW = Date.UTC(2026, 10, 22, 12, 0);
const at = (iso: string) => Date.parse(iso) / 1000;
const TITLE = 'Weekly market wrap';
// An interactive card's name holds all it shows, the title among it.
const TITLE_IN_NAME = new RegExp(TITLE);

const SOURCE: MonitorCardSource = {
  id: 7,
  logo: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
  author: 'Chain Radio',
  title: TITLE,
  status: 1,
  time: at('2026-11-22T18:05:00Z'),
  heat: 870,
  link: 'https://example.com/spaces/7',
};

type CardOptions = Omit<Partial<WholeCardArgs>, 'source'> & {
  source?: Partial<MonitorCardSource>;
  [data: `data-${string}`]: string;
};

function renderCard(props: CardOptions) {
  const { source, ...rest } = props;
  return render(
    <CoinlensProvider>
      <WholeCard
        source={{ ...SOURCE, ...source }}
        statusLabels={STATUS_LABELS}
        heatLabel="Heat"
        checkLabel="GoCheck"
        now={NOW}
        {...rest}
      />
      <button type="button">Elsewhere</button>
    </CoinlensProvider>,
  );
}

describe('monitorStateOf', () => {
  it.each([
    [1, 'unStarted'],
    [2, 'inProgress'],
    [3, 'finished'],
    [4, 'parsing'],
    [5, 'completed'],
    [6, 'cancelled'],
    [7, 'invalid'],
  ])('reads status %p as %s', (status, state) => {
    expect(monitorStateOf(status)).toBe(state);
  });

  it.each([0, 8, -1, 1.5, Number.NaN])('reads the unknown status %p as invalid', (status) => {
    expect(monitorStateOf(status)).toBe('invalid');
  });
});

describe('formatHeat', () => {
  it.each([
    [870, 'en', '870'],
    [0, 'en', '0'],
    [12345, 'en', '12.3K'],
    [1_250_000, 'en', '1.3M'],
    [12345, 'pt-br', '12,3 mil'],
    [12345, 'zh', '1.2万'],
  ])('shows %p in %s as %s', (heat, locale, expected) => {
    expect(formatHeat(heat, locale)?.replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('returns null for %p', (heat) => {
    expect(formatHeat(heat)).toBeNull();
  });
});

describe('MonitorCard', () => {
  it('shows when a source that has not started begins, with the today label', () => {
    renderCard({ todayLabel: 'Today' });
    const card = screen.getByRole('button', { name: TITLE_IN_NAME });
    expect(card).toHaveAccessibleName('Chain Radio Weekly market wrap Upcoming Today 18:05');
    expect(card).toHaveAttribute('data-state', 'unStarted');
  });

  it.each([
    [1, 'Upcoming', 'unStarted'],
    [2, 'Live', 'inProgress'],
    [3, 'Ended', 'finished'],
    [5, 'Completed', 'completed'],
  ])('shows the state of a source with status %p on screen: %s', (status, label, state) => {
    renderCard({ source: { status } });
    // On screen for everyone, not in a visually hidden span for screen readers only.
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute('data-state', state);
    expect(badge).toBeVisible();
    // Not Chakra's VisuallyHidden (a 1 px box, clipped, out of the flow): jsdom computes no
    // style from a class, so its rules are read.
    expect(cssRulesOf(badge)).not.toMatch(/clip: rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/);
    expect(cssRulesOf(badge)).toMatch(/border-radius/);
  });

  it.each([
    ['en', '11/25/2026 09:00'],
    ['zh-CN', '2026/11/25 09:00'],
    ['pt-BR', '25/11/2026 09:00'],
  ])('shows the date of a start on another day in %s', (locale, time) => {
    renderCard({ source: { time: at('2026-11-25T09:00:00Z') }, todayLabel: 'Today', locale });
    expect(screen.getByRole('button', { name: TITLE_IN_NAME })).toHaveAccessibleName(
      `Chain Radio Weekly market wrap Upcoming ${time}`,
    );
  });

  it('opens the box on click and closes it on a second click', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    renderCard({ onOpenChange });
    const card = screen.getByRole('button', { name: TITLE_IN_NAME });
    await user.click(card);
    expect(screen.getByRole('region', { name: TITLE })).toBeVisible();
    expect(card).toHaveAttribute('data-open');
    await user.click(card);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(card).toHaveAttribute('aria-expanded', 'false');
    expect(onOpenChange.mock.calls).toEqual([[{ open: true }], [{ open: false }]]);
  });

  it('closes the box on a click outside the card', async () => {
    const user = userEvent.setup();
    renderCard({});
    await user.click(screen.getByRole('button', { name: TITLE_IN_NAME }));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('lets the keyboard reach the link in the box and closes the box when focus leaves', async () => {
    const user = userEvent.setup();
    renderCard({});
    const card = screen.getByRole('button', { name: TITLE_IN_NAME });
    card.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('link', { name: 'GoCheck' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(card).toHaveAttribute('aria-expanded', 'false');
  });

  it('returns focus to the card when Escape closes the box from its link', async () => {
    const user = userEvent.setup();
    renderCard({});
    const card = screen.getByRole('button', { name: TITLE_IN_NAME });
    await user.click(card);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(card).toHaveAttribute('aria-expanded', 'false');
    expect(card).toHaveFocus();
  });

  it('leaves out a link that is not a web address', async () => {
    const user = userEvent.setup();
    renderCard({ source: { link: 'javascript:alert(1)' } });
    await user.click(screen.getByRole('button', { name: TITLE_IN_NAME }));
    expect(screen.getByRole('region', { name: TITLE })).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('makes a completed source a link to its detail page when given an href', async () => {
    const user = userEvent.setup();
    const onOpen = jest.fn();
    renderCard({ source: { status: 5 }, href: '/monitoring/detail?id=7', onOpen });
    const link = screen.getByRole('link', { name: TITLE_IN_NAME });
    expect(link).toHaveAttribute('href', '/monitoring/detail?id=7');
    expect(link).toHaveAccessibleName('Chain Radio Weekly market wrap Completed 870 Heat');
    // The browser follows the link (jsdom cannot, so stop it once the card has seen the click).
    const followed: boolean[] = [];
    const stop = (event: Event) => {
      followed.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', stop);
    await user.click(link);
    window.removeEventListener('click', stop);
    expect(onOpen).toHaveBeenCalledWith({ id: 7 });
    expect(followed).toEqual([true]);
  });

  it.each([
    [2, 'Live'],
    [3, 'Ended'],
    [4, 'Summarising'],
    [6, 'Cancelled'],
  ])('makes a source with status %p (%s) a link to its detail page', (status, label) => {
    renderCard({
      source: { status },
      href: '/monitoring/detail/?id=7',
      unread: true,
      unreadLabel: 'New content',
    });
    const link = screen.getByRole('link', { name: TITLE_IN_NAME });
    expect(link).toHaveAttribute('href', '/monitoring/detail/?id=7');
    expect(link).toHaveAccessibleName(`Chain Radio Weekly market wrap ${label} New content`);
  });

  it('opens a live source through onOpen when it has no href', async () => {
    const user = userEvent.setup();
    const onOpen = jest.fn();
    renderCard({ source: { status: 2 }, onOpen });
    await user.click(screen.getByRole('button', { name: /Weekly market wrap Live$/ }));
    expect(onOpen).toHaveBeenCalledWith({ id: 7 });
  });

  it('keeps the box, not a link, for a source that has not started', () => {
    renderCard({ href: '/monitoring/detail/?id=7' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: TITLE_IN_NAME })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('offers nothing to press for a source that was given no way to open', () => {
    renderCard({ source: { status: 2 } });
    expect(screen.getByText('Live')).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Elsewhere',
    ]);
  });

  it('shows a completed source without onOpen or href as a plain card', () => {
    renderCard({ source: { status: 5 } });
    expect(screen.queryByRole('button', { name: TITLE_IN_NAME })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('870')).toBeVisible();
  });

  it('shows an unknown status as unavailable', () => {
    renderCard({ source: { status: 99 } });
    expect(screen.getByText('Unavailable')).toHaveAttribute('data-state', 'invalid');
  });

  it('shows the unavailable label for a heat or time the source does not have', () => {
    renderCard({ source: { status: 5, heat: Number.NaN }, unavailableLabel: 'n/a' });
    expect(screen.getByText('n/a')).toBeVisible();
  });

  it('falls back to a monogram when the logo does not load', () => {
    const { container } = renderCard({ source: { status: 2, author: 'éclair' } });
    // The logo is decorative (alt=""), so no role query reaches it.
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
    const img = container.querySelector('img');
    expect(img).not.toBeNull();
    fireEvent.error(img!);
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
    expect(container.querySelector('img')).toBeNull();
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
    const monogram = container.querySelector('[data-part="monogram"]');
    expect(monogram).toHaveAttribute('data-initial', 'É');
    expect(monogram).toHaveAttribute('aria-hidden', 'true');
  });

  it("keeps its size's logo box when the caller adds styles of its own", () => {
    const { container } = renderCard({ css: { '& > :first-of-type': { paddingRight: '40px' } } });
    // eslint-disable-next-line testing-library/no-node-access
    const rules = cssRulesOf(container.firstElementChild!);
    expect(rules).toContain('--cl-monitor-card-media');
    expect(rules).toContain('padding-right: 40px');
  });

  it('draws the monogram rather than writing it: every word on the card is in its name', () => {
    renderCard({ source: { status: 5, logo: '', author: 'L2 Club' }, href: '/detail/7' });
    const card = screen.getByRole('link');
    // The visible text (the card's own text nodes) is exactly what its name reads out first.
    expect(card.textContent?.trim()).toMatch(/^L2 Club /);
    expect(card).toHaveAccessibleName(expect.stringMatching(/^L2 Club /));
  });

  it('asks the parent before it shows a controlled selection', async () => {
    const user = userEvent.setup();
    const onSelectedChange = jest.fn();
    renderCard({ selectable: true, selected: false, onSelectedChange });
    const card = screen.getByRole('button', { name: TITLE_IN_NAME });
    await user.click(card);
    expect(onSelectedChange).toHaveBeenCalledWith({ id: 7, selected: true });
    expect(card).toHaveAttribute('aria-pressed', 'false');
  });

  it('cannot be picked while disabled', async () => {
    const user = userEvent.setup();
    const onSelectedChange = jest.fn();
    renderCard({ selectable: true, disabled: true, onSelectedChange });
    const card = screen.getByRole('button', { name: TITLE_IN_NAME });
    expect(card).toBeDisabled();
    await user.click(card);
    expect(onSelectedChange).not.toHaveBeenCalled();
  });

  it('forwards its ref and passes other props to the root element', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <CoinlensProvider>
        <MonitorCard.Root ref={ref} data-testid="card" source={SOURCE} now={NOW} unread>
          <MonitorCard.Control>
            <MonitorCard.Logo />
          </MonitorCard.Control>
        </MonitorCard.Root>
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByTestId('card'));
    expect(ref.current).toHaveAttribute('data-unread');
  });

  it("reads the unread label last in the card's name", () => {
    renderCard({ unread: true, unreadLabel: 'New' });
    expect(screen.getByRole('button', { name: TITLE_IN_NAME })).toHaveAccessibleName(
      'Chain Radio Weekly market wrap Upcoming 18:05 New',
    );
  });
});

describe('MonitorCard parts', () => {
  it('says which part was put outside the root', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <CoinlensProvider>
          <MonitorCard.Title />
        </CoinlensProvider>,
      ),
    ).toThrow('MonitorCard.Title must be used inside MonitorCard.Root.');
    jest.mocked(console.error).mockRestore();
  });

  it('shows only the parts a caller composes, still named by what it shows', () => {
    render(
      <CoinlensProvider>
        <MonitorCard.Root source={{ ...SOURCE, status: 5 }} href="/detail/7" now={NOW}>
          <MonitorCard.Control>
            <MonitorCard.Body>
              <MonitorCard.Author />
              <MonitorCard.Title />
              <MonitorCard.Status labels={STATUS_LABELS} />
            </MonitorCard.Body>
          </MonitorCard.Control>
        </MonitorCard.Root>
      </CoinlensProvider>,
    );
    const link = screen.getByRole('link', { name: TITLE_IN_NAME });
    expect(link).toHaveAccessibleName('Chain Radio Weekly market wrap Completed');
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    expect(screen.queryByText('870')).not.toBeInTheDocument();
  });

  it('keeps the time for a source that has not started and the heat for a completed one', () => {
    const { unmount } = renderCard({ source: { status: 1 } });
    expect(screen.queryByText('870')).not.toBeInTheDocument();
    const card = screen.getByRole('button', { name: TITLE_IN_NAME });
    expect(within(card).getByText('18:05')).toHaveAttribute('datetime', '2026-11-22T18:05:00.000Z');
    unmount();
    renderCard({ source: { status: 5 } });
    expect(screen.getByText('870')).toBeVisible();
    expect(screen.queryByText('18:05')).not.toBeInTheDocument();
  });

  it('gives the check mark to a selectable card only', () => {
    const checkMark = '[aria-hidden="true"][data-selectable]';
    const { container, unmount } = renderCard({ source: { status: 3 }, selectable: true });
    // The check mark is hidden from assistive technology, so no role query reaches it.
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
    expect(container.querySelector(checkMark)).not.toBeNull();
    unmount();
    const view = renderCard({ source: { status: 3 } });
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
    expect(view.container.querySelector('[aria-hidden="true"] > svg')).toBeNull();
  });
});

describe('MonitorCard stories', () => {});
