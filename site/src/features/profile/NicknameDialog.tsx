// The nickname dialog (455 px): prefilled with the current nickname, Save disabled under 3
// characters and while saving; success shows EditSuccess and closes, a failure shows the server's
// message or EditError and keeps what was typed.
import type { UserInfo } from '@coinlens/contract';
import { Button, Modal, toaster } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { USER_PATH, useSession } from '../../data/session';
import { useDialogOpener, type GlobalDialogProps } from '../../shell/dialogs';
import { isValidNickname, NICKNAME_MAX, nicknameErrorText, saveNickname } from './nickname';

export default function NicknameDialog({ onClose }: GlobalDialogProps) {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  // What was typed; until then the current nickname, which may arrive after the dialog opened.
  const [typed, setValue] = useState<string | null>(null);
  const value = typed ?? user?.nickname ?? '';
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const formId = useId();
  const canSave = isValidNickname(value) && !saving;
  // Closed, the dialog gives the focus back to what opened it (the profile menu's button).
  const opener = useDialogOpener();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      const updated = await saveNickname(value);
      await mutate<UserInfo>(USER_PATH, updated, { revalidate: false });
      toaster.create({ type: 'success', title: t('messages.EditSuccess') });
      onClose();
    } catch (error) {
      toaster.create({ type: 'error', title: nicknameErrorText(error, t('messages.EditError')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={({ open }) => {
        if (!open) onClose();
      }}
      title={t('nickname.title')}
      closeLabel={t('nickname.close')}
      width="md"
      finalFocusRef={opener}
      footer={
        <Flex gap="3" justifyContent="flex-end" width="100%">
          <Button variant="outline" onClick={onClose}>
            {t('nickname.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={!isValidNickname(value)}
            loading={saving}
            loadingText={t('loading')}
          >
            {t('nickname.save')}
          </Button>
        </Flex>
      }
    >
      <form id={formId} onSubmit={submit}>
        <chakra.label
          htmlFor={inputId}
          display="block"
          fontSize="sm"
          fontWeight="medium"
          marginBottom="2"
        >
          {t('nickname.label')}
        </chakra.label>
        <chakra.input
          id={inputId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={NICKNAME_MAX}
          autoComplete="nickname"
          aria-describedby={hintId}
          aria-invalid={value.length > 0 && !isValidNickname(value) ? true : undefined}
          width="100%"
          height="10"
          paddingX="3"
          borderRadius="md"
          borderWidth="1px"
          borderColor="border.default"
          bg="bg.subtle"
          color="fg.default"
          _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' }}
        />
        <chakra.p id={hintId} marginTop="2" fontSize="sm" color="fg.muted">
          {t('nickname.hint')}
        </chakra.p>
      </form>
    </Modal>
  );
}
