// "Stop following Bitcoin?": the confirmation before a coin leaves the reports. Unfollowing says
// so in a toast and hands the new follow list back; a failure says so and keeps the dialog open.
import type { FollowEntry } from '@coinlens/contract';
import { Button, Modal, toaster } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useState } from 'react';
import { ApiError } from '../../data/errors';
import { removeFollow } from '../coins/follows';

export interface UnfollowDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  coinId: number;
  /** The coin's name, for the question and the toast. */
  coinName: string;
  /** Closes the dialog without unfollowing. */
  onClose: () => void;
  /** Called once the API has removed the follow, with the new follow list. */
  onUnfollowed: (follows: FollowEntry[]) => void;
}

export function UnfollowDialog({
  open,
  coinId,
  coinName,
  onClose,
  onUnfollowed,
}: UnfollowDialogProps) {
  const { t } = useTranslation(['reporting', 'common']);
  const [removing, setRemoving] = useState(false);

  const confirm = async () => {
    setRemoving(true);
    try {
      const follows = await removeFollow(coinId);
      toaster.create({ type: 'success', title: t('unfollow.done', { name: coinName }) });
      onUnfollowed(follows);
    } catch (error) {
      // The server's own words when it gave a reason (in the page's language), else ours.
      const text =
        error instanceof ApiError && error.msg
          ? error.msg
          : t('unfollow.failed', { name: coinName });
      toaster.create({ type: 'error', title: text });
      setRemoving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={({ open: next }) => {
        if (!next && !removing) onClose();
      }}
      title={t('unfollow.title', { name: coinName })}
      description={t('unfollow.description')}
      closeLabel={t('unfollow.close')}
      width="sm"
      footer={
        <Flex gap="3" justifyContent="flex-end" width="100%">
          <Button variant="outline" onClick={onClose} disabled={removing}>
            {t('unfollow.cancel')}
          </Button>
          <Button
            onClick={() => void confirm()}
            loading={removing}
            loadingText={t('common:loading')}
          >
            {t('unfollow.confirm')}
          </Button>
        </Flex>
      }
    />
  );
}
