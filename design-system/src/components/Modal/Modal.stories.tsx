import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import { useRef, useState } from 'react';
import { ChipFooter, type ChipFooterItem } from '../ChipFooter';
import { Modal, type ModalProps } from './Modal';

/** Opens the modal from a button, as an app does, and keeps `open` in state. */
function WithTrigger({ open: initiallyOpen, onOpenChange, ...props }: ModalProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      <Modal
        {...props}
        open={open}
        onOpenChange={(details) => {
          setOpen(details.open);
          onOpenChange(details);
        }}
      />
    </>
  );
}

/**
 * The sign-in dialog's shape: an e-mail and a password field, opened from a button; `initial`
 * names the field given as `initialFocusRef`, and the e-mail field autofocuses as the site's does.
 */
function TwoFields({ initial, ...props }: ModalProps & { initial: 'email' | 'password' }) {
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  return (
    <WithTrigger {...props} initialFocusRef={initial === 'email' ? email : password}>
      <label style={{ display: 'block' }}>
        Email{' '}
        <input
          ref={email}
          type="email"
          defaultValue="kira@example.com"
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={initial === 'email'}
        />
      </label>
      <label style={{ display: 'block' }}>
        Password <input ref={password} type="password" />
      </label>
    </WithTrigger>
  );
}

/**
 * Holds every animation frame the page asks for, as on a busy page whose next frame comes late;
 * the returned function gives the frames back and runs the held ones.
 */
function holdFrames(): () => void {
  const request = window.requestAnimationFrame;
  const cancel = window.cancelAnimationFrame;
  const held = new Map<number, FrameRequestCallback>();
  let next = 1_000_000;
  window.requestAnimationFrame = (callback) => {
    next += 1;
    held.set(next, callback);
    return next;
  };
  window.cancelAnimationFrame = (id) => {
    if (!held.delete(id)) cancel.call(window, id);
  };
  return () => {
    window.requestAnimationFrame = request;
    window.cancelAnimationFrame = cancel;
    const callbacks = [...held.values()];
    held.clear();
    const now = performance.now();
    for (const callback of callbacks) callback(now);
  };
}

/** Waits for two real frames and a task after them. */
const afterFrames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );

const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  render: (args) => <WithTrigger {...args} />,
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Sign in',
    closeLabel: 'Close',
    width: 'sm',
    children: 'Follow coins, read reports and monitor live sources.',
  },
  argTypes: {
    width: { control: 'inline-radio', options: ['sm', 'md', 'lg', 580] },
  },
  // The dialog renders in a portal over the whole page.
  parameters: { screenshot: { viewport: true } },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);

/** Checks the laid-out width. */
async function expectWidth(dialog: HTMLElement, px: number) {
  await waitFor(() => expect(dialog.getBoundingClientRect().width).toBe(px));
}

export const Playground: Story = {};

export const LoginWidth: Story = {
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toHaveAttribute('data-width', 'sm');
    await expectWidth(dialog, 422);
  },
};

export const NicknameWidth: Story = {
  args: {
    title: 'Edit nickname',
    width: 'md',
    children: (
      <label>
        Nickname <input defaultValue="satoshi" />
      </label>
    ),
    footer: <button type="button">Save</button>,
  },
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Edit nickname' });
    await expectWidth(dialog, 455);
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeVisible();
  },
};

export const CustomWidth: Story = {
  args: { title: 'Add monitoring', width: 580 },
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Add monitoring' });
    await expect(dialog).toHaveAttribute('data-width', 'custom');
    await expectWidth(dialog, 580);
  },
};

/** Taller than any window: only the body scrolls, and the header and the Save stay in view. */
export const ScrollsInside: Story = {
  args: {
    title: 'Add monitoring',
    description: 'Pick up to 5 sources.',
    width: 'lg',
    scrollBehavior: 'inside',
    // Items that take the focus, as a picker's do: a keyboard user scrolls by moving through them.
    children: (
      <ol>
        {Array.from({ length: 40 }, (_, index) => (
          <li key={index}>
            <label>
              <input type="checkbox" /> Source {index + 1}
            </label>
          </li>
        ))}
      </ol>
    ),
    footer: <button type="button">Save</button>,
  },
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Add monitoring' });
    await expect(dialog).toHaveAttribute('data-scroll-behavior', 'inside');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await expect(save).toBeVisible();
    // The dialog and its footer fit the window; the body scrolls instead.
    await waitFor(() =>
      expect(dialog.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight),
    );
    await expect(save.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    const body = within(dialog).getByRole('list').parentElement!;
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
  },
};

/** Five picks, as a picker's footer holds them at its limit. */
const FIVE_PICKS: ChipFooterItem[] = [
  { id: 1, label: 'BTC', sublabel: 'Bitcoin' },
  { id: 2, label: 'ETH', sublabel: 'Ethereum' },
  { id: 3, label: 'SOL', sublabel: 'Solana' },
  { id: 4, label: 'XRP', sublabel: 'XRP' },
  { id: 5, label: 'DOGE', sublabel: 'Dogecoin' },
];

/** A picker's dialog on a phone: a long list, and five picks with Save in the footer. */
const PHONE_PICKER = {
  title: 'Add cryptocurrency',
  description: 'Pick up to 5 coins to follow.',
  width: 'lg',
  scrollBehavior: 'inside',
  fullScreen: 'phone',
  children: (
    <ol>
      {Array.from({ length: 40 }, (_, index) => (
        <li key={index}>
          <label>
            <input type="checkbox" /> Coin {index + 1}
          </label>
        </li>
      ))}
    </ol>
  ),
  footer: (
    <ChipFooter
      variant="card"
      width="100%"
      items={FIVE_PICKS}
      limit={5}
      listLabel="Selected"
      getRemoveLabel={({ item }) => `Remove ${item.label}`}
      getCountLabel={({ count, limit }) => `${count}/${limit}`}
      emptyLabel="Nothing selected yet"
      saveLabel="Save"
      onSave={() => {}}
      onRemove={() => {}}
    />
  ),
} satisfies Story['args'];

/**
 * On a phone the dialog fills the screen: the title and close icon at its top, Save in a bar at
 * its bottom, within the screen however many picks; only the list between them scrolls.
 */
async function fillsThePhone() {
  const dialog = await page().findByRole('dialog', { name: 'Add cryptocurrency' });
  await expect(dialog).toHaveAttribute('data-full-screen', 'phone');
  await waitFor(() => {
    const box = dialog.getBoundingClientRect();
    expect(box.top).toBe(0);
    expect(box.height).toBe(window.innerHeight);
    expect(box.width).toBe(window.innerWidth);
  });
  const save = within(dialog).getByRole('button', { name: 'Save' });
  const saveBox = save.getBoundingClientRect();
  await expect(saveBox.top).toBeGreaterThanOrEqual(0);
  await expect(saveBox.bottom).toBeLessThanOrEqual(window.innerHeight);
  await expect(within(dialog).getAllByRole('button', { name: /^Remove / })).toHaveLength(5);
  const body = within(dialog).getByText('Coin 1').closest('ol')!.parentElement!;
  await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
  // Nothing sideways.
  await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
}

/** On a phone held upright (390 x 844). */
export const FullScreenOnPhone: Story = {
  args: PHONE_PICKER,
  parameters: { screenshot: { viewport: true, size: { width: 390, height: 844 } } },
  play: fillsThePhone,
};

/** On the narrowest phone (320 x 640). */
export const FullScreenOnSmallPhone: Story = {
  args: PHONE_PICKER,
  parameters: { screenshot: { viewport: true, size: { width: 320, height: 640 } } },
  play: fillsThePhone,
};

/** On a phone held sideways (844 x 390): wide enough for the dialog, too low for it to float. */
export const FullScreenOnPhoneSideways: Story = {
  args: PHONE_PICKER,
  parameters: { screenshot: { viewport: true, size: { width: 844, height: 390 } } },
  play: fillsThePhone,
};

export const WithDescription: Story = {
  args: { title: 'Reset your password', description: 'We will send a code to your email.' },
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Reset your password' });
    await expect(dialog).toHaveAccessibleDescription('We will send a code to your email.');
  },
};

export const WithBackArrow: Story = {
  args: {
    title: 'Verify your email',
    headerStart: (
      <button type="button" aria-label="Back">
        ←
      </button>
    ),
  },
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Verify your email' });
    await expect(within(dialog).getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const ClosesWithTheIcon: Story = {
  play: async ({ args }) => {
    const dialog = await page().findByRole('dialog', { name: 'Sign in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith({ open: false });
  },
  parameters: { screenshot: { viewport: false } },
};

export const ClosesWithEscapeAndReturnsFocus: Story = {
  args: { open: false },
  play: async ({ args }) => {
    const trigger = page().getByRole('button', { name: 'Open the dialog' });
    await userEvent.click(trigger);
    const dialog = await page().findByRole('dialog', { name: 'Sign in' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith({ open: false });
    await waitFor(() => expect(trigger).toHaveFocus());
  },
  parameters: { screenshot: { viewport: false } },
};

export const KeepsFocusInside: Story = {
  args: {
    children: (
      <label>
        Email <input type="email" />
      </label>
    ),
    footer: <button type="button">Continue</button>,
  },
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Sign in' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  },
};

/** Opened, it focuses the field given as `initialFocusRef` (here the second one). */
export const StartsOnItsInitialField: Story = {
  args: { open: false },
  render: (args) => <TwoFields {...args} initial="password" />,
  play: async () => {
    await userEvent.click(page().getByRole('button', { name: 'Open the dialog' }));
    const dialog = await page().findByRole('dialog', { name: 'Sign in' });
    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveFocus());
  },
};

/**
 * On a busy page the dialog's focus trap starts late. A visitor who has typed in the autofocused
 * field and gone on with Tab by then stays where they are: the first field is not focused and
 * selected again under their next key.
 */
export const KeepsTheFocusWhereTheVisitorMovedIt: Story = {
  args: { open: false },
  render: (args) => <TwoFields {...args} initial="email" />,
  play: async () => {
    const release = holdFrames();
    let password: HTMLElement | null = null;
    try {
      await userEvent.click(page().getByRole('button', { name: 'Open the dialog' }));
      const dialog = await page().findByRole('dialog', { name: 'Sign in' });
      const email = within(dialog).getByLabelText('Email');
      await waitFor(() => expect(email).toHaveFocus());
      password = within(dialog).getByLabelText('Password');
      await userEvent.tab();
      await expect(password).toHaveFocus();
      await userEvent.keyboard('secret-9');
    } finally {
      release();
    }
    // The trap starts with the dialog's other effects, among them hiding the page behind it.
    await waitFor(() =>
      expect(page().queryByRole('button', { name: 'Open the dialog' })).not.toBeInTheDocument(),
    );
    await afterFrames();
    await expect(password).toHaveFocus();
    await expect(password).toHaveValue('secret-9');
  },
};
