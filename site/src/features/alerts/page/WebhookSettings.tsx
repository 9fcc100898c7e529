// The Alerts page's webhook: the address each fired alert is posted to as JSON, signed with a
// secret the server makes. None set: what it does and a form for its address. Set: the address
// (editable), a checkbox that pauses it and keeps the secret, the signing secret (hidden until
// shown, copied with Chakra's Clipboard, rotated after a confirm while the previous one signs a
// day more), how a receiver checks a post, how the latest post went, and removal after a confirm.
import {
  ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS,
  ALERT_WEBHOOK_TOLERANCE_SECONDS,
  ALERT_WEBHOOK_URL_MAX,
  type AlertWebhook,
} from '@coinlens/contract';
import { Button, Modal, formatDateTime, toaster } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Clipboard } from '@chakra-ui/react/clipboard';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { Trans } from 'gatsby-plugin-react-i18next';
import { useCallback, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { apiAssetUrl } from '../../../data/client';
import { ApiError } from '../../../data/errors';
import { intlLocale } from '../../../i18n/locales';
import { rotateWebhookSecret, setWebhook, useAlertSettings } from '../shared/alerts';
import { deliveryState, webhookUrlProblem } from '../shared/webhook';
import { Muted, NotLoaded, Section, failureText } from './Section';
import { useAlertsPageTranslation } from '../namespaces';

/** Where the API's reference lives (Swagger UI), on the API's origin. */
const API_DOCS_PATH = '/api/docs';

export interface WebhookSettingsProps {
  /** The phone's page: touch-sized controls, the address's field above its button. */
  phone?: boolean;
}

export function WebhookSettings({ phone = false }: WebhookSettingsProps) {
  const { t } = useAlertsPageTranslation();
  const settings = useAlertSettings();
  const webhook = settings.data?.webhook;
  return (
    <Section
      title={t('webhook.title')}
      aside={
        webhook && (
          <chakra.p
            fontSize="sm"
            fontWeight="medium"
            color={webhook.enabled ? 'status.success' : 'fg.muted'}
          >
            {t(webhook.enabled ? 'webhook.on' : 'webhook.off')}
          </chakra.p>
        )
      }
    >
      {settings.data ? (
        <WebhookBody webhook={settings.data.webhook} phone={phone} />
      ) : (
        <NotLoaded error={settings.error} onRetry={() => void settings.mutate()} />
      )}
    </Section>
  );
}

/** A moment (Unix seconds) as a line of text writes it in the page's language. */
function useMomentText(): (seconds: number) => string {
  const { t, i18n } = useAlertsPageTranslation();
  const locale = intlLocale(i18n.language);
  const todayLabel = t('item.today');
  return useCallback(
    (seconds: number) =>
      formatDateTime(seconds * 1000, { locale, todayLabel, dateStyle: 'medium' }) ?? '',
    [locale, todayLabel],
  );
}

function WebhookBody({ webhook, phone }: { webhook: AlertWebhook | null; phone: boolean }) {
  const { t } = useAlertsPageTranslation();
  const urlInput = useRef<HTMLInputElement>(null);
  // The address asked about, kept while the dialog closes after the webhook has gone.
  const [removing, setRemoving] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Empty unless the webhook was removed: a cancel gives the focus back to Remove.
  const focusAfterRemoval = useRef<HTMLElement | null>(null);

  const remove = async () => {
    try {
      await setWebhook(null);
      toaster.create({ type: 'success', title: t('webhook.removed') });
      // Remove went with the webhook: the address's field, empty again, keeps the reader's place.
      // The dialog's focus trap, still on, takes the focus back and hands it there as it closes.
      focusAfterRemoval.current = urlInput.current;
      setConfirming(false);
      urlInput.current?.focus();
    } catch (failure) {
      toaster.create({ type: 'error', title: failureText(failure, t('webhook.removeFailed')) });
    }
  };

  return (
    <Flex direction="column" gap="6">
      <Muted>{t('webhook.intro')}</Muted>
      {/* One form in both states, so that what was typed stays when the webhook comes or goes. */}
      <UrlForm webhook={webhook} phone={phone} input={urlInput} />
      {webhook && (
        <>
          <EnabledChoice webhook={webhook} phone={phone} />
          <SigningSecret webhook={webhook} phone={phone} />
          <LastDelivery webhook={webhook} />
          <Box>
            <Button
              variant="outline"
              size={phone ? 'lg' : 'sm'}
              onClick={() => {
                focusAfterRemoval.current = null;
                setRemoving(webhook.url);
                setConfirming(true);
              }}
            >
              {t('webhook.remove')}
            </Button>
          </Box>
        </>
      )}
      {removing !== null && (
        <ConfirmDialog
          open={confirming}
          title={t('webhook.removeTitle')}
          description={t('webhook.removeDescription', { url: removing })}
          confirmLabel={t('webhook.removeConfirm')}
          cancelLabel={t('webhook.removeCancel')}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
          finalFocusRef={focusAfterRemoval}
        />
      )}
    </Flex>
  );
}

/** A heading inside the section. */
const Subheading = chakra('h3', { base: { fontSize: 'md', fontWeight: 'semibold' } });

function UrlForm({
  webhook,
  phone,
  input,
}: {
  webhook: AlertWebhook | null;
  phone: boolean;
  input: RefObject<HTMLInputElement>;
}) {
  const { t, i18n } = useAlertsPageTranslation();
  // What was typed and not saved yet; null shows the saved address.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const saved = webhook?.url ?? '';
  const value = typed ?? saved;
  const unchanged = webhook !== null && value.trim() === saved;

  const refuse = (text: string) => {
    setError(text);
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || unchanged) return;
    const problem = webhookUrlProblem(value);
    if (problem) {
      const max = new Intl.NumberFormat(intlLocale(i18n.language)).format(ALERT_WEBHOOK_URL_MAX);
      refuse(t(`webhook.urlProblem.${problem}`, { max }));
      return;
    }
    setSaving(true);
    try {
      // A paused webhook stays paused when its address changes.
      await setWebhook({ url: value.trim(), enabled: webhook?.enabled ?? true });
      setTyped(null);
      setError(null);
      toaster.create({ type: 'success', title: t(webhook ? 'webhook.urlSaved' : 'webhook.added') });
    } catch (failure) {
      // The server's reason (not https, host not found, not public) belongs to the field.
      if (failure instanceof ApiError && failure.code === 422) {
        refuse(failureText(failure, t('webhook.urlProblem.notHttps')));
      } else {
        toaster.create({ type: 'error', title: failureText(failure, t('webhook.saveFailed')) });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <chakra.form noValidate onSubmit={(event) => void submit(event)}>
      <chakra.label
        htmlFor={inputId}
        display="block"
        fontSize="sm"
        fontWeight="medium"
        marginBottom="2"
      >
        {t('webhook.url')}
      </chakra.label>
      <Flex
        direction={phone ? 'column' : 'row'}
        alignItems={phone ? 'stretch' : 'flex-start'}
        gap="2"
      >
        <chakra.input
          ref={input}
          id={inputId}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('webhook.urlPlaceholder')}
          value={value}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          flex="1 1 auto"
          minWidth="0"
          height={phone ? '12' : '10'}
          paddingX="3"
          borderRadius="md"
          borderWidth="1px"
          borderColor={error ? 'status.error' : 'border.default'}
          bg="bg.subtle"
          color="fg.default"
          _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' }}
        />
        <Button type="submit" size={phone ? 'lg' : 'md'} loading={saving} disabled={unchanged}>
          {t(webhook ? 'webhook.save' : 'webhook.add')}
        </Button>
      </Flex>
      {error && (
        <chakra.p id={errorId} role="alert" marginTop="2" fontSize="sm" color="status.error">
          {error}
        </chakra.p>
      )}
      <chakra.p id={hintId} marginTop="2" fontSize="sm" color="fg.muted">
        {t('webhook.urlHint')}
      </chakra.p>
    </chakra.form>
  );
}

function EnabledChoice({ webhook, phone }: { webhook: AlertWebhook; phone: boolean }) {
  const { t } = useAlertsPageTranslation();
  // The choice being saved, shown at once.
  const [saving, setSaving] = useState<boolean | null>(null);
  const id = useId();
  const hintId = useId();
  const enabled = saving ?? webhook.enabled;

  const change = async (on: boolean) => {
    setSaving(on);
    try {
      await setWebhook({ url: webhook.url, enabled: on });
      toaster.create({ type: 'success', title: t(on ? 'webhook.resumed' : 'webhook.paused') });
    } catch (failure) {
      toaster.create({ type: 'error', title: failureText(failure, t('webhook.changeFailed')) });
    } finally {
      setSaving(null);
    }
  };

  return (
    <Flex gap="3" alignItems="flex-start" aria-busy={saving !== null || undefined}>
      <chakra.input
        id={id}
        type="checkbox"
        checked={enabled}
        disabled={saving !== null}
        onChange={(event) => void change(event.target.checked)}
        aria-describedby={hintId}
        marginTop="1"
        width={phone ? '5' : '4'}
        height={phone ? '5' : '4'}
        flexShrink="0"
        accentColor="accent.solid"
        cursor="pointer"
      />
      <Box>
        <chakra.label htmlFor={id} display="block" cursor="pointer">
          {t('webhook.enabled')}
        </chakra.label>
        <Muted id={hintId}>{t(enabled ? 'webhook.enabledHint' : 'webhook.pausedHint')}</Muted>
      </Box>
    </Flex>
  );
}

/** Code in the running text: the header's name, its format. */
const Code = chakra('code', {
  base: { fontFamily: 'mono', fontSize: '0.92em', color: 'fg.default', wordBreak: 'break-word' },
});

function SigningSecret({ webhook, phone }: { webhook: AlertWebhook; phone: boolean }) {
  const { t } = useAlertsPageTranslation();
  const moment = useMomentText();
  const [shown, setShown] = useState(false);
  const [rotating, setRotating] = useState(false);
  const headingId = useId();
  const size = phone ? 'lg' : 'sm';
  const previousUntil = webhook.previousSecretExpiresAt;

  return (
    <chakra.div role="group" aria-labelledby={headingId}>
      <Subheading id={headingId} marginBottom="2">
        {t('webhook.secret')}
      </Subheading>
      <Flex direction={phone ? 'column' : 'row'} alignItems={phone ? 'stretch' : 'center'} gap="2">
        <chakra.code
          data-part="webhook-secret"
          fontFamily="mono"
          fontSize="sm"
          display="flex"
          alignItems="center"
          minHeight={phone ? '12' : '8'}
          paddingX="3"
          paddingY="1"
          borderRadius="md"
          borderWidth="1px"
          borderColor="border.subtle"
          bg="bg.subtle"
          wordBreak="break-all"
          flex="1"
          minWidth="0"
        >
          {shown ? (
            webhook.secret
          ) : (
            <>
              <span aria-hidden="true">whsec_••••••••••••••••••••</span>
              <VisuallyHidden>{t('webhook.secretHidden')}</VisuallyHidden>
            </>
          )}
        </chakra.code>
        <Flex gap="2" flexWrap="wrap">
          <Button variant="outline" size={size} onClick={() => setShown(!shown)}>
            {shown ? t('webhook.hide') : t('webhook.show')}
          </Button>
          <Clipboard.Root
            value={webhook.secret}
            translations={{
              triggerLabel: (copied) => (copied ? t('webhook.copied') : t('webhook.copy')),
            }}
          >
            <Clipboard.Trigger asChild>
              <Button variant="outline" size={size}>
                <Clipboard.Indicator asChild copied={<span>{t('webhook.copied')}</span>}>
                  <span>{t('webhook.copy')}</span>
                </Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          </Clipboard.Root>
          <Button variant="outline" size={size} onClick={() => setRotating(true)}>
            {t('webhook.rotate')}
          </Button>
        </Flex>
      </Flex>
      {previousUntil !== null && (
        <chakra.p
          marginTop="3"
          paddingLeft="3"
          borderLeftWidth="3px"
          borderColor="status.warning"
          fontSize="sm"
        >
          {t('webhook.previousSecret', { time: moment(previousUntil) })}
        </chakra.p>
      )}
      <chakra.p marginTop="3" fontSize="sm" color="fg.muted">
        <Trans
          t={t}
          i18nKey="webhook.verify"
          values={{ minutes: ALERT_WEBHOOK_TOLERANCE_SECONDS / 60 }}
          components={{ code: <Code /> }}
        />{' '}
        <chakra.a
          href={apiAssetUrl(API_DOCS_PATH)}
          color="accent.fg"
          textDecoration="underline"
          _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
        >
          {t('webhook.docs')}
        </chakra.a>
      </chakra.p>
      <RotateDialog open={rotating} onClose={() => setRotating(false)} />
    </chakra.div>
  );
}

/** A question with Cancel and a button that does it, busy until it is done or failed. */
function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  finalFocusRef,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Does it, and closes the dialog when done; a failure leaves it open (and says why). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** Where the focus goes as the dialog closes, when set; else back to what opened it. */
  finalFocusRef?: RefObject<HTMLElement | null>;
}) {
  const { t } = useAlertsPageTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    await onConfirm();
    setBusy(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={({ open }) => {
        if (!open && !busy) onClose();
      }}
      title={title}
      description={description}
      closeLabel={t('dialog.close')}
      width="sm"
      finalFocusRef={finalFocusRef}
      footer={
        <Flex gap="3" justifyContent="flex-end" width="100%">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Flex>
      }
    />
  );
}

function RotateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useAlertsPageTranslation();
  const moment = useMomentText();
  const rotate = async () => {
    try {
      const { webhook } = await rotateWebhookSecret();
      // The server's own time, not one counted here: it is what the receiver will see.
      const until = webhook?.previousSecretExpiresAt ?? null;
      toaster.create({
        type: 'success',
        title: t('webhook.rotated'),
        description:
          until === null ? undefined : t('webhook.rotatedUntil', { time: moment(until) }),
      });
      onClose();
    } catch (failure) {
      toaster.create({ type: 'error', title: failureText(failure, t('webhook.rotateFailed')) });
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={t('webhook.rotateTitle')}
      description={t('webhook.rotateDescription', { hours: ALERT_WEBHOOK_PREVIOUS_SECRET_HOURS })}
      confirmLabel={t('webhook.rotateConfirm')}
      cancelLabel={t('webhook.rotateCancel')}
      onConfirm={rotate}
      onClose={onClose}
    />
  );
}

function LastDelivery({ webhook }: { webhook: AlertWebhook }) {
  const { t } = useAlertsPageTranslation();
  const moment = useMomentText();
  const { lastDelivery } = webhook;
  const state = deliveryState(lastDelivery);
  return (
    <Box>
      <Subheading marginBottom="2">{t('webhook.delivery')}</Subheading>
      {lastDelivery === null ? (
        <Muted>{t('webhook.deliveryNone')}</Muted>
      ) : (
        <>
          <chakra.p fontSize="sm" data-state={state}>
            <chakra.span
              fontWeight="semibold"
              color={state === 'ok' ? 'status.success' : 'status.error'}
            >
              {t(state === 'ok' ? 'webhook.delivered' : 'webhook.failing')}
            </chakra.span>
            {' · '}
            {t(`webhook.deliveryDetail.${state}`, {
              time: moment(lastDelivery.at),
              status: lastDelivery.status ?? '2xx',
            })}
          </chakra.p>
          {state !== 'ok' && <Muted>{t('webhook.retryHint')}</Muted>}
        </>
      )}
    </Box>
  );
}
