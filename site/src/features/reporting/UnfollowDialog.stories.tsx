// "Stop following Bitcoin?" as a report card asks it: open while the card confirms, gone with
// the card once the coin is unfollowed (or with Cancel), over the stories' mocked API.
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import { useState } from 'react';
import { coin } from '../../testing/fixtures';
import { findDialog, findToast, page, WAIT } from '../../testing/play';
import { mockApiOf, siteStory, textsOf, type SiteParameters } from '../../testing/site';
import { UnfollowDialog, type UnfollowDialogProps } from './UnfollowDialog';

const BITCOIN = coin('BTC');
const SITE: SiteParameters = {
  signedIn: true,
  path: '/reporting/',
  api: { follows: [BITCOIN.id, coin('ETH').id] },
};

/** The card's part: the dialog shows until it is closed or the coin is unfollowed. */
function AsOnTheCard({ onClose, onUnfollowed, ...props }: UnfollowDialogProps) {
  const [confirming, setConfirming] = useState(true);
  if (!confirming) return null;
  return (
    <UnfollowDialog
      {...props}
      onClose={() => {
        setConfirming(false);
        onClose();
      }}
      onUnfollowed={(follows) => {
        setConfirming(false);
        onUnfollowed(follows);
      }}
    />
  );
}

const meta = {
  title: 'Site/Dialogs/Unfollow',
  tags: ['site', '!autodocs'],
  component: UnfollowDialog,
  ...siteStory,
  render: (args) => <AsOnTheCard {...args} />,
  args: {
    open: true,
    coinId: BITCOIN.id,
    coinName: BITCOIN.name,
    onClose: fn(),
    onUnfollowed: fn(),
  },
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof UnfollowDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

function dialogOf(context: StoryContext) {
  const t = textsOf(context, 'reporting');
  return findDialog(t('unfollow.title', { name: BITCOIN.name }));
}

/** The question, what it means, and the two answers. */
export const Question: Story = {
  play: async (context) => {
    const t = textsOf(context, 'reporting');
    const dialog = await dialogOf(context);
    await expect(dialog).toHaveAccessibleDescription(t('unfollow.description'));
    await expect(within(dialog).getByRole('button', { name: t('unfollow.cancel') })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: t('unfollow.confirm') })).toBeEnabled();
  },
};

/** The same in Brazilian Portuguese. */
export const QuestionPortuguese: Story = { ...Question, globals: { locale: 'pt-br' } };

/** Unfollow: the server's new list goes to the page, a toast says so, the dialog goes. */
export const Unfollows: Story = {
  play: async (context) => {
    const t = textsOf(context, 'reporting');
    const dialog = await dialogOf(context);
    await userEvent.click(within(dialog).getByRole('button', { name: t('unfollow.confirm') }));
    await findToast(t('unfollow.done', { name: BITCOIN.name }));
    await waitFor(() => expect(context.args.onUnfollowed).toHaveBeenCalledTimes(1), WAIT);
    const [follows] = (context.args.onUnfollowed as ReturnType<typeof fn>).mock.calls[0] ?? [];
    await expect(follows).toEqual([expect.objectContaining({ coinId: coin('ETH').id })]);
    await expect(mockApiOf(context).calls('POST /api/follow/delete')[0]?.body).toEqual({
      coinId: BITCOIN.id,
    });
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
  },
};

/** While the server answers, the buttons wait and the dialog cannot be dismissed. */
export const Removing: Story = {
  parameters: {
    site: { ...SITE, api: { ...SITE.api, faults: { 'POST /api/follow/delete': 'hold' } } },
  },
  play: async (context) => {
    const t = textsOf(context, 'reporting');
    const dialog = await dialogOf(context);
    await userEvent.click(within(dialog).getByRole('button', { name: t('unfollow.confirm') }));
    await waitFor(
      () =>
        expect(within(dialog).getByRole('button', { name: t('common:loading') })).toHaveAttribute(
          'aria-busy',
          'true',
        ),
      WAIT,
    );
    await expect(within(dialog).getByRole('button', { name: t('unfollow.cancel') })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(context.args.onClose).not.toHaveBeenCalled();
  },
};

/** No answer (offline): a toast says it did not work; the dialog stays for another try. */
export const Fails: Story = {
  parameters: {
    site: { ...SITE, api: { ...SITE.api, faults: { 'POST /api/follow/delete': 'network' } } },
  },
  play: async (context) => {
    const t = textsOf(context, 'reporting');
    const dialog = await dialogOf(context);
    const confirm = within(dialog).getByRole('button', { name: t('unfollow.confirm') });
    await userEvent.click(confirm);
    await findToast(t('unfollow.failed', { name: BITCOIN.name }));
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-busy'), WAIT);
    await expect(context.args.onUnfollowed).not.toHaveBeenCalled();
    await expect(dialog).toBeVisible();
  },
};

/** Cancel closes without asking the server anything. */
export const Cancel: Story = {
  play: async (context) => {
    const t = textsOf(context, 'reporting');
    const dialog = await dialogOf(context);
    await userEvent.click(within(dialog).getByRole('button', { name: t('unfollow.cancel') }));
    await expect(context.args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(mockApiOf(context).requests).toHaveLength(0);
  },
};
