// "Stop monitoring …?": the confirmation before a source leaves the user's list. Removing says so
// in a toast; a failure says so and keeps the dialog open. Loaded when it is first needed.
import type { MonitorSource } from '@coinlens/contract';
import { Button, Modal, toaster } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useState, type RefObject } from 'react';
import { ApiError } from '../../data/errors';
import { removeSource } from './sources';

export interface RemoveSourceDialogProps {
  /** The source asked about (from the user's list or its own page). */
  source: Pick<MonitorSource, 'id' | 'title'>;
  /** Whether the dialog is shown. */
  open: boolean;
  /** Closes the dialog without removing. */
  onClose: () => void;
  /** Called once the API has removed the source. */
  onRemoved: () => void;
  /** Where the focus goes as the dialog closes, when set; else back to what opened it. */
  finalFocusRef?: RefObject<HTMLElement | null>;
}

export default function RemoveSourceDialog({
  source,
  open,
  onClose,
  onRemoved,
  finalFocusRef,
}: RemoveSourceDialogProps) {
  const { t } = useTranslation(['monitoring', 'common']);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await removeSource(source.id);
      toaster.create({ type: 'success', title: t('remove.done', { title: source.title }) });
      onRemoved();
    } catch (error) {
      const text =
        error instanceof ApiError && error.msg
          ? error.msg
          : t('remove.failed', { title: source.title });
      toaster.create({ type: 'error', title: text });
    }
    // The dialog stays mounted for the next source it is asked about.
    setBusy(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={({ open: next }) => {
        if (!next && !busy) onClose();
      }}
      title={t('remove.title', { title: source.title })}
      description={t('remove.description')}
      closeLabel={t('remove.close')}
      width="sm"
      finalFocusRef={finalFocusRef}
      footer={
        <Flex gap="3" justifyContent="flex-end" width="100%">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('remove.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={busy} loadingText={t('common:loading')}>
            {t('remove.confirm')}
          </Button>
        </Flex>
      }
    />
  );
}
