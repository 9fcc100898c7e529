import '@testing-library/jest-dom';
import { CoinlensProvider } from '@coinlens/design-system';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from './Dropdown';

function showMenu(onChoose = jest.fn()) {
  render(
    <CoinlensProvider>
      <Dropdown trigger="Ada" label="Account menu for Ada">
        {({ close }) => (
          <>
            <button
              type="button"
              onClick={() => {
                close();
                onChoose('edit');
              }}
            >
              Edit nickname
            </button>
            <button type="button" onClick={close}>
              Log out
            </button>
          </>
        )}
      </Dropdown>
    </CoinlensProvider>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Account menu for Ada' });

describe('Dropdown from the keyboard', () => {
  it('closes on Escape with the focus still on its button after Enter opened it', async () => {
    const user = userEvent.setup();
    showMenu();
    const button = menuButton();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Edit nickname' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Edit nickname' })).toBeNull();
    expect(button).toHaveFocus();
  });

  it('gives the focus back to its button when an item chosen from the keyboard closes it', async () => {
    const user = userEvent.setup();
    const onChoose = jest.fn();
    showMenu(onChoose);
    const button = menuButton();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit nickname' })).toHaveFocus(),
    );

    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('edit');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Not the page's body: a dialog the item opens finds its opener here.
    expect(button).toHaveFocus();
  });
});
