import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState, type Ref } from 'react';
import { CoinlensProvider } from '../../provider';
import { cssRulesOf } from '../../testing/cssRules';
import { ChipFooter, type ChipFooterItem, type ChipFooterProps } from './ChipFooter';

const COINS: ChipFooterItem[] = [
  { id: 1, label: 'BTC', sublabel: 'Bitcoin', logo: 'data:image/svg+xml,%3Csvg%2F%3E' },
  { id: 2, label: 'ETH', sublabel: 'Ethereum' },
  { id: 3, label: 'SOL', sublabel: 'Solana' },
];

type FooterOptions = Partial<ChipFooterProps> & {
  ref?: Ref<HTMLDivElement>;
  [data: `data-${string}`]: string;
};

function footerProps(props: FooterOptions = {}): ChipFooterProps & { ref?: Ref<HTMLDivElement> } {
  return {
    items: COINS,
    variant: 'card',
    listLabel: 'Selected coins',
    getRemoveLabel: ({ item }) => `Remove ${item.label}`,
    getCountLabel: ({ count, limit }) => `${count} of ${limit}`,
    emptyLabel: 'No coins picked',
    saveLabel: 'Add coins',
    onSave: jest.fn(),
    onRemove: jest.fn(),
    ...props,
  };
}

function renderFooter(props: FooterOptions = {}) {
  return render(
    <CoinlensProvider>
      <ChipFooter {...footerProps(props)} />
    </CoinlensProvider>,
  );
}

/** A dialog that owns the picked items, as the add dialogs do. */
function Owner({ initial, onRemove }: { initial: ChipFooterItem[]; onRemove: jest.Mock }) {
  const [items, setItems] = useState(initial);
  return (
    <ChipFooter
      {...footerProps({ items })}
      onRemove={({ id }) => {
        onRemove({ id });
        setItems((current) => current.filter((item) => item.id !== id));
      }}
    />
  );
}

describe('ChipFooter', () => {
  it('removes an item by its button and reports its id', async () => {
    const user = userEvent.setup();
    const onRemove = jest.fn();
    renderFooter({ onRemove });
    await user.click(screen.getByRole('button', { name: 'Remove ETH' }));
    expect(onRemove).toHaveBeenCalledWith({ id: 2 });
  });

  it('moves focus to the previous item after the last one is removed, then to Save', async () => {
    const user = userEvent.setup();
    const onRemove = jest.fn();
    render(
      <CoinlensProvider>
        <Owner initial={COINS.slice(0, 2)} onRemove={onRemove} />
      </CoinlensProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove ETH' }));
    expect(screen.getByRole('button', { name: 'Remove BTC' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Add coins' })).toHaveFocus();
    expect(screen.getByText('No coins picked')).toBeVisible();
    expect(onRemove.mock.calls).toEqual([[{ id: 2 }], [{ id: 1 }]]);
  });

  it('shows a repeated item once', () => {
    renderFooter({ items: [...COINS, { ...COINS[0]!, label: 'BTC again' }] });
    const list = screen.getByRole('list', { name: 'Selected coins' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 of 5');
  });

  it('marks the counter full at the limit', () => {
    renderFooter({ items: COINS, limit: 3 });
    expect(screen.getByRole('status')).toHaveTextContent('3 of 3');
    expect(screen.getByRole('status')).toHaveAttribute('data-full');
  });

  it('does not mark the counter full below the limit', () => {
    renderFooter({ items: COINS.slice(0, 1) });
    expect(screen.getByRole('status')).toHaveTextContent('1 of 5');
    expect(screen.getByRole('status')).not.toHaveAttribute('data-full');
  });

  it('saves when something is picked', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    renderFooter({ onSave });
    const save = screen.getByRole('button', { name: 'Add coins' });
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.click(save);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['nothing is picked', { items: [] }],
    ['it is saving', { saving: true }],
    ['it is disabled', { disabled: true }],
  ])('refuses to save while %s', async (_, props) => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    renderFooter({ onSave, ...props });
    const save = screen.getByRole('button', { name: 'Add coins' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    save.focus();
    await user.keyboard('{Enter}');
    await user.click(save);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the Save label while saving and blocks removing', () => {
    renderFooter({ saving: true });
    const save = screen.getByRole('button', { name: 'Add coins' });
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(within(save).getByText('Add coins')).toBeInTheDocument();
    for (const remove of screen.getAllByRole('button', { name: /^Remove / })) {
      expect(remove).toBeDisabled();
    }
  });

  it('keeps a chip to half the list, so that long source titles still sit two to a row', () => {
    renderFooter({
      variant: 'chip',
      items: [{ id: 9, label: 'Layer-2 rollups and the coming liquidity crunch: a deep dive' }],
    });
    // jsdom lays nothing out: the chip's rules say how wide it may grow.
    expect(cssRulesOf(screen.getByRole('listitem'))).toMatch(
      /max-width: min\(14rem, calc\(50% - var\(--cl-spacing-1\)\)\)/,
    );
  });

  it('shows the second line on cards only', () => {
    const { rerender } = renderFooter({ variant: 'card' });
    expect(screen.getByText('Bitcoin')).toBeVisible();
    rerender(
      <CoinlensProvider>
        <ChipFooter {...footerProps({ variant: 'chip' })} />
      </CoinlensProvider>,
    );
    expect(screen.queryByText('Bitcoin')).not.toBeInTheDocument();
    expect(screen.getByText('BTC')).toBeVisible();
  });

  it('falls back to the first letter when a logo does not load', () => {
    const { container } = renderFooter({ items: COINS.slice(0, 1) });
    // The logo is decorative (alt=""), so no role query reaches it.
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
    fireEvent.error(container.querySelector('img')!);
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('B')).toHaveAttribute('aria-hidden', 'true');
  });

  it('forwards its ref and passes other props to the root element', () => {
    const ref = createRef<HTMLDivElement>();
    renderFooter({ ref, 'data-testid': 'footer' });
    expect(ref.current).toBe(screen.getByTestId('footer'));
  });
});

describe('ChipFooter stories', () => {});
