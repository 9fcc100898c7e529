import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoinlensProvider } from '../../provider';
import { Modal } from './Modal';
import * as stories from './Modal.stories';

const composed = composeStories(stories);

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

  it('renders nothing while closed', () => {
    render(
      <CoinlensProvider>
        <Modal open={false} onOpenChange={jest.fn()} title="Hidden" closeLabel="Close" />
      </CoinlensProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// Last: Story.run() leaves its story mounted, which would confuse the screen queries above.
describe('Modal stories', () => {
  it.each(Object.entries(composed))('%s renders and passes its play function', async (_, Story) => {
    await Story.run();
  });
});
