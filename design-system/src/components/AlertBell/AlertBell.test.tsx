import { composeStories } from '@storybook/react';
import { clearAllMocks } from '@storybook/test';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { cssRulesOf } from '../../testing/cssRules';
import { AlertBell } from './AlertBell';
import { formatAlertCount } from './alertCount';
import { BELL_LABELS } from './AlertBell.stories';
import * as stories from './AlertBell.stories';

function renderBell(props: Partial<Parameters<typeof AlertBell>[0]> = {}) {
  const view = render(
    <CoinlensProvider>
      <AlertBell count={3} getLabel={BELL_LABELS.en} {...props} />
    </CoinlensProvider>,
  );
  const rerender = (next: Partial<Parameters<typeof AlertBell>[0]>) =>
    view.rerender(
      <CoinlensProvider>
        <AlertBell count={3} getLabel={BELL_LABELS.en} {...props} {...next} />
      </CoinlensProvider>,
    );
  return { ...view, rerender };
}

const badgeOf = (bell: HTMLElement) =>
  // The badge is hidden from assistive technology (the name says the count).
  // eslint-disable-next-line testing-library/no-node-access
  bell.querySelector('[data-part="badge"]');

describe('formatAlertCount', () => {
  it.each([
    [0, {}, ''],
    [-2, {}, ''],
    [Number.NaN, {}, ''],
    [1, {}, '1'],
    [99, {}, '99'],
    [100, {}, '99+'],
    [4.7, {}, '4'],
    [1500, { max: 999 }, '999+'],
    [1500, { max: 9999, locale: 'pt-br' }, '1.500'],
    [1500, { max: 9999, locale: 'en' }, '1,500'],
  ])('writes %p (%o) as %p', (count, options, expected) => {
    expect(formatAlertCount(count, options)).toBe(expected);
  });
});

describe('AlertBell', () => {
  it('shows no badge at 0 and is named without a count', () => {
    renderBell({ count: 0 });
    const bell = screen.getByRole('button', { name: 'Alerts' });
    expect(badgeOf(bell)).toBeNull();
    expect(bell).toHaveAttribute('type', 'button');
  });

  it('says the whole count in its name and "99+" on the badge past 99', () => {
    renderBell({ count: 250 });
    const bell = screen.getByRole('button', { name: 'Alerts, 250 unread' });
    expect(badgeOf(bell)).toHaveAttribute('data-shown', '99+');
    // Drawn, not written: no text of the button that its name leaves out.
    expect(badgeOf(bell)).toBeEmptyDOMElement();
    expect(badgeOf(bell)).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives its name function the count and what the badge shows', () => {
    const getLabel = jest.fn(() => 'Alerts');
    renderBell({ count: 120, getLabel });
    expect(getLabel).toHaveBeenCalledWith({ count: 120, shown: '99+' });
  });

  it('says nothing of a popup unless it opens one', () => {
    renderBell();
    const bell = screen.getByRole('button');
    expect(bell).not.toHaveAttribute('aria-expanded');
    expect(bell).not.toHaveAttribute('aria-haspopup');
  });

  it('says whether the inbox it opens is open', () => {
    const { rerender } = renderBell({ expanded: false });
    const bell = screen.getByRole('button');
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    rerender({ expanded: true, popup: 'menu' });
    expect(bell).toHaveAttribute('aria-haspopup', 'menu');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(bell).toHaveAttribute('data-expanded');
  });

  it('pulses once when the count rises, not when it first shows or falls', () => {
    const { rerender } = renderBell({ count: 2 });
    const bell = screen.getByRole('button');
    expect(badgeOf(bell)).not.toHaveAttribute('data-pulse');
    rerender({ count: 3 });
    const risen = badgeOf(bell);
    expect(risen).toHaveAttribute('data-pulse');
    rerender({ count: 1 });
    // The same element: a fall plays no animation again.
    expect(badgeOf(bell)).toBe(risen);
    rerender({ count: 5 });
    // A new element: the animation plays again.
    expect(badgeOf(bell)).not.toBe(risen);
    expect(badgeOf(bell)).toHaveAttribute('data-pulse');
  });

  it('keeps still for a reader who asks for less motion', () => {
    const { rerender } = renderBell({ count: 1 });
    rerender({ count: 2 });
    const rules = cssRulesOf(badgeOf(screen.getByRole('button'))!);
    expect(rules).toMatch(/animation-name: bellPulse/);
    expect(rules).toMatch(/animation-name: none/);
  });

  it('calls onClick, forwards its ref and passes other props to the button', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const ref = createRef<HTMLButtonElement>();
    renderBell({ onClick, ref, 'aria-controls': 'inbox' } as never);
    const bell = screen.getByRole('button');
    expect(ref.current).toBe(bell);
    expect(bell).toHaveAttribute('aria-controls', 'inbox');
    await user.click(bell);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('AlertBell stories', () => {
  // The stories' `fn()` spies are shared by every story of the file, as Storybook resets them
  // before each story it shows.
  beforeEach(() => clearAllMocks());

  // Each story's play function is the component's specification: it runs here in jsdom too.
  it.each(Object.entries(composeStories(stories)))('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});
