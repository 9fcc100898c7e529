import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CoinlensProvider } from '../../provider';
import { cssRulesOf } from '../../testing/cssRules';
import { Toaster, createToaster } from '../Toast';
import { Modal } from './Modal';

/** The declarations a phone's screen gives `element` (the rules in the PHONE_SCREEN query). */
function phoneRulesOf(element: Element): string {
  const css = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
    .join('\n');
  const query = '@media (max-width: 47.99em), (max-height: 29.99em) {';
  return [...element.classList]
    .flatMap((name) =>
      css
        .split(query)
        .slice(1)
        .filter((block) => block.startsWith(`.${name} {`))
        .map((block) => block.slice(0, block.indexOf('}'))),
    )
    .join('\n');
}

describe('Modal', () => {
  it('is a labelled dialog with a close icon that asks to close', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    render(
      <CoinlensProvider>
        <Modal open onOpenChange={onOpenChange} title="Edit nickname" closeLabel="Close" width="md">
          <p>Body</p>
        </Modal>
      </CoinlensProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit nickname' });
    expect(dialog).toHaveAttribute('data-width', 'md');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith({ open: false });
  });

  it('stays open when a toast shown over it is tapped or closed', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    const toaster = createToaster();
    render(
      <CoinlensProvider>
        <Modal open onOpenChange={onOpenChange} title="Add cryptocurrency" closeLabel="Close">
          <p>Coins</p>
        </Modal>
        <Toaster
          toaster={toaster}
          closeLabel="Dismiss"
          label="Notifications"
          typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
        />
      </CoinlensProvider>,
    );
    await screen.findByRole('dialog', { name: 'Add cryptocurrency' });
    act(() => {
      toaster.create({ type: 'error', title: 'Could not add Solana' });
    });
    await user.click(await screen.findByText('Could not add Solana'));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Could not add Solana')).toBeNull());
    expect(onOpenChange).not.toHaveBeenCalled();
    // A tap anywhere else outside (the page behind takes no pointer events) still closes it.
    fireEvent.pointerDown(document.body);
    fireEvent.pointerUp(document.body);
    fireEvent.click(document.body);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith({ open: false }));
  });

  it('renders nothing while closed', () => {
    render(
      <CoinlensProvider>
        <Modal open={false} onOpenChange={jest.fn()} title="Hidden" closeLabel="Close" />
      </CoinlensProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['inside', true],
    ['outside', false],
  ] as const)(
    'with scrollBehavior %s, scrolls its body only when asked to (%p)',
    async (scrollBehavior, inside) => {
      render(
        <CoinlensProvider>
          <Modal
            open
            onOpenChange={jest.fn()}
            title="Add monitoring"
            closeLabel="Close"
            scrollBehavior={scrollBehavior}
            footer={<button type="button">Save</button>}
          >
            <p>Sources</p>
          </Modal>
        </CoinlensProvider>,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Add monitoring' });
      expect(dialog).toHaveAttribute('data-scroll-behavior', scrollBehavior);
      // jsdom lays nothing out: the rules the dialog and its body get say what would scroll.
      // eslint-disable-next-line testing-library/no-node-access
      const body = screen.getByText('Sources').parentElement!;
      expect(/overflow-y: auto/.test(cssRulesOf(body))).toBe(inside);
      expect(/max-height: 100%/.test(cssRulesOf(dialog))).toBe(inside);
    },
  );

  it.each([
    ['phone', true],
    ['never', false],
  ] as const)(
    "with fullScreen %s, fills a phone's screen edge to edge only when asked to (%p)",
    async (fullScreen, fills) => {
      render(
        <CoinlensProvider>
          <Modal
            open
            onOpenChange={jest.fn()}
            title="Add cryptocurrency"
            closeLabel="Close"
            width="lg"
            scrollBehavior="inside"
            fullScreen={fullScreen}
            footer={<button type="button">Save</button>}
          >
            <p>Coins</p>
          </Modal>
        </CoinlensProvider>,
      );
      const dialog = await screen.findByRole('dialog', { name: 'Add cryptocurrency' });
      expect(dialog).toHaveAttribute('data-full-screen', fullScreen);
      // Upright (narrower than 48em) or sideways (lower than 30em), the dialog takes the whole
      // height and width, without its rounded frame.
      const phoneRules = phoneRulesOf(dialog);
      expect(/min-height: 100%/.test(phoneRules)).toBe(fills);
      expect(/max-width: 100%/.test(phoneRules)).toBe(fills);
      expect(/border-radius: 0/.test(phoneRules)).toBe(fills);
      // Elsewhere it still floats at its width.
      expect(dialog).toHaveAttribute('data-width', 'lg');
    },
  );

  it('opened again on a busy page, takes the focus and hides the page behind it', async () => {
    const user = userEvent.setup();
    function Confirm() {
      const [open, setOpen] = useState(false);
      return (
        <CoinlensProvider>
          <main>
            <button type="button" onClick={() => setOpen(true)}>
              Unfollow Solana
            </button>
          </main>
          <Modal
            open={open}
            onOpenChange={(details) => setOpen(details.open)}
            title="Stop following Solana?"
            closeLabel="Close"
            footer={
              <button type="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
            }
          />
        </CoinlensProvider>
      );
    }
    render(<Confirm />);
    const trigger = screen.getByRole('button', { name: 'Unfollow Solana' });
    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    // A busy page: the next frame comes before the page has rendered again.
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(performance.now());
      return 0;
    });
    try {
      await act(async () => {
        trigger.click();
      });
      const dialog = await screen.findByRole('dialog', { name: 'Stop following Solana?' });
      // jsdom has no layout, so nothing inside counts as tabbable: the dialog itself takes it.
      await waitFor(() => expect(dialog).toHaveFocus());
      // The page behind is out of the accessibility tree.
      expect(screen.queryByRole('button', { name: 'Unfollow Solana' })).not.toBeInTheDocument();
    } finally {
      frame.mockRestore();
    }
  });
});

describe('Modal stories', () => {});
