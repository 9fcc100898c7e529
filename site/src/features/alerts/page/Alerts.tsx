// The Alerts page (/alerts/ and the phone's /mobile/alerts/): the user's alerts with pause and
// resume, edit and delete (one on every new source named as such, linked to the list of sources);
// the history of the alerts that fired, a page at a time, each with the figure that fired it, its
// provider and as-of time and a link to its coin or source; and how the alerts are mailed (each, a
// daily digest or none; none for an account without an address), browser notifications in this
// browser (push/PushChoice.tsx), and the webhook that fired alerts are posted to
// (WebhookSettings.tsx).
import type { Alert, AlertMailMode } from '@coinlens/contract';
import {
  AlertItem,
  BroadcastIcon,
  Button,
  Modal,
  formatDateTime,
  toaster,
} from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useId, useState, type ReactNode } from 'react';
import { apiAssetUrl } from '../../../data/client';
import { Link } from '../../../i18n/Link';
import { AlertDialog } from '../dialog/AlertDialog';
import { PushChoice } from '../push/PushChoice';
import { withAssetLogo } from '../inbox/AlertInbox';
import {
  deleteAlert,
  markRead,
  modifyAlert,
  setMailMode,
  useAlertList,
  useAlertSettings,
  useHistory,
} from '../shared/alerts';
import { subjectName, subjectPath, useAlertLabels, type AlertLabels } from '../shared/labels';
import { Muted, NotLoaded, Section, failureText } from './Section';
import { WebhookSettings } from './WebhookSettings';
import { useAlertsPageTranslation } from '../namespaces';

const SubjectLink = chakra(Link, {
  base: {
    color: 'inherit',
    fontWeight: 'semibold',
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
});

/**
 * In the place of a logo, for an alert on every new source (it has no coin or source): a mark of
 * a source that broadcasts, in a circle the size of the logos.
 */
function NewSourcesMark() {
  return (
    <chakra.span
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      width="8"
      height="8"
      borderRadius="full"
      bg="bg.subtle"
      color="fg.muted"
      flexShrink="0"
      data-part="new-sources-mark"
      css={{ '& svg': { boxSize: '4' } }}
    >
      <BroadcastIcon />
    </chakra.span>
  );
}

/** The mail choices, in the order they are offered. */
const MAIL_MODES: readonly AlertMailMode[] = ['each', 'digest', 'none'];

export interface AlertsProps {
  /** The phone's page: touch-sized controls, links to the phone's pages, full-screen dialogs. */
  phone?: boolean;
}

export function Alerts({ phone = false }: AlertsProps) {
  const labels = useAlertLabels();
  return (
    <Flex direction="column" gap={phone ? '8' : '10'}>
      <AlertList phone={phone} labels={labels} />
      <History phone={phone} labels={labels} />
      <MailChoice phone={phone} />
      <NotificationChoice phone={phone} />
      <WebhookSettings phone={phone} />
    </Flex>
  );
}

/** A list's place while it loads. */
function Skeletons() {
  const { t } = useAlertsPageTranslation();
  return (
    <Box role="status" aria-label={t('page.loading')}>
      <AlertItem.Skeleton />
      <AlertItem.Skeleton />
    </Box>
  );
}

function AlertList({ phone, labels }: { phone: boolean; labels: AlertLabels }) {
  const { t } = useAlertsPageTranslation();
  const { data, error, mutate } = useAlertList();
  const [editing, setEditing] = useState<Alert | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const size = phone ? 'lg' : 'sm';

  const togglePause = async (alert: Alert) => {
    setBusy(alert.id);
    try {
      await modifyAlert({ id: alert.id, paused: !alert.paused });
      toaster.create({
        type: 'success',
        title: alert.paused ? t('list.resumed') : t('list.paused'),
      });
    } catch (failure) {
      toaster.create({ type: 'error', title: failureText(failure, t('list.changeFailed')) });
    } finally {
      setBusy(null);
    }
  };

  let body: ReactNode;
  if (data) {
    body =
      data.records.length === 0 ? (
        <Box paddingY="6">
          <chakra.p fontWeight="medium">{t('list.empty')}</chakra.p>
          <Muted>{t('list.emptyHint')}</Muted>
        </Box>
      ) : (
        <chakra.ul listStyleType="none" margin="0" padding="0" data-part="alert-list">
          {data.records.map((alert) => {
            const trigger = labels.describe(alert);
            const name = subjectName(alert.subject, labels);
            const named = { name, trigger };
            const state = alert.paused ? 'paused' : alert.state;
            const fired =
              alert.lastFiredAt === null
                ? null
                : formatDateTime(alert.lastFiredAt * 1000, {
                    locale: labels.locale,
                    todayLabel: labels.todayLabel,
                  });
            return (
              <chakra.li
                key={alert.id}
                display="flex"
                flexWrap="wrap"
                alignItems="center"
                gap="3"
                paddingY="3"
                borderBottomWidth="1px"
                borderColor="border.subtle"
                data-state={state}
              >
                {alert.subject ? (
                  <chakra.img
                    src={alert.subject.logo ? apiAssetUrl(alert.subject.logo) : undefined}
                    alt=""
                    width="8"
                    height="8"
                    borderRadius="full"
                    bg="bg.subtle"
                    flexShrink="0"
                  />
                ) : (
                  <NewSourcesMark />
                )}
                <Box flex="1 1 14rem" minWidth="0">
                  <chakra.p>
                    <SubjectLink to={subjectPath(alert.subject, phone)}>{name}</SubjectLink>
                    {alert.subject?.symbol && (
                      <chakra.span color="fg.muted" fontSize="sm">
                        {' '}
                        {alert.subject.symbol}
                      </chakra.span>
                    )}
                  </chakra.p>
                  <chakra.p>{trigger}</chakra.p>
                  <Muted>
                    <chakra.span
                      fontWeight="medium"
                      color={state === 'armed' ? 'status.success' : 'fg.muted'}
                    >
                      {t(`list.state.${state}`)}
                    </chakra.span>
                    {' · '}
                    {alert.cooldownMinutes > 0
                      ? t('list.cooldown', { minutes: alert.cooldownMinutes })
                      : t('list.noCooldown')}
                    {fired && (
                      <>
                        {' · '}
                        {t('list.lastFired', { time: fired })}
                      </>
                    )}
                  </Muted>
                </Box>
                <Flex gap="2" flexWrap="wrap">
                  <Button
                    variant="outline"
                    size={size}
                    aria-label={t(alert.paused ? 'list.resumeNamed' : 'list.pauseNamed', named)}
                    loading={busy === alert.id}
                    onClick={() => void togglePause(alert)}
                  >
                    {alert.paused ? t('list.resume') : t('list.pause')}
                  </Button>
                  <Button
                    variant="outline"
                    size={size}
                    aria-label={t('list.editNamed', named)}
                    onClick={() => setEditing(alert)}
                  >
                    {t('list.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    size={size}
                    aria-label={t('list.deleteNamed', named)}
                    onClick={() => setDeleting(alert)}
                  >
                    {t('list.delete')}
                  </Button>
                </Flex>
              </chakra.li>
            );
          })}
        </chakra.ul>
      );
  } else {
    body = <NotLoaded error={error} onRetry={() => void mutate()} placeholder={<Skeletons />} />;
  }

  return (
    <Section
      title={t('list.title')}
      aside={
        data && <Muted>{t('list.count', { count: data.records.length, limit: data.limit })}</Muted>
      }
    >
      {body}
      {editing && (
        <AlertDialog
          open
          subject={editing.subject}
          alert={editing}
          phone={phone}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteDialog
          alert={deleting}
          name={subjectName(deleting.subject, labels)}
          trigger={labels.describe(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Section>
  );
}

function DeleteDialog({
  alert,
  name,
  trigger,
  onClose,
}: {
  alert: Alert;
  name: string;
  trigger: string;
  onClose: () => void;
}) {
  const { t } = useAlertsPageTranslation();
  const [removing, setRemoving] = useState(false);
  const confirm = async () => {
    setRemoving(true);
    try {
      await deleteAlert(alert.id);
      toaster.create({ type: 'success', title: t('list.deleted') });
      onClose();
    } catch (failure) {
      toaster.create({ type: 'error', title: failureText(failure, t('list.deleteFailed')) });
      setRemoving(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={({ open }) => {
        if (!open && !removing) onClose();
      }}
      title={t('list.deleteTitle')}
      description={t('list.deleteDescription', { name, trigger })}
      closeLabel={t('dialog.close')}
      width="sm"
      footer={
        <Flex gap="3" justifyContent="flex-end" width="100%">
          <Button variant="outline" onClick={onClose} disabled={removing}>
            {t('list.deleteCancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={removing}>
            {t('list.deleteConfirm')}
          </Button>
        </Flex>
      }
    />
  );
}

function History({ phone, labels }: { phone: boolean; labels: AlertLabels }) {
  const { t } = useAlertsPageTranslation();
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useHistory(page);
  const [marking, setMarking] = useState<number | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;

  const read = async (id: number) => {
    setMarking(id);
    try {
      await markRead([id]);
    } catch (failure) {
      toaster.create({ type: 'error', title: failureText(failure, t('inbox.readFailed')) });
    } finally {
      setMarking(null);
    }
  };

  let body: ReactNode;
  if (data) {
    body =
      data.records.length === 0 ? (
        <Muted>{t('history.empty')}</Muted>
      ) : (
        <>
          <chakra.ul listStyleType="none" margin="0" padding="0" data-part="alert-history">
            {data.records.map((event) => (
              <chakra.li key={event.id} borderBottomWidth="1px" borderColor="border.subtle">
                <AlertItem
                  event={withAssetLogo(event)}
                  labels={labels.item}
                  locale={labels.locale}
                  todayLabel={labels.todayLabel}
                  href={subjectPath(event.subject, phone)}
                  renderLink={({ href, children }) => (
                    <SubjectLink to={href ?? '/alerts/'} fontWeight="inherit">
                      {children}
                    </SubjectLink>
                  )}
                  markingRead={marking === event.id}
                  onMarkRead={({ id }) => void read(id)}
                />
              </chakra.li>
            ))}
          </chakra.ul>
          {pages > 1 && (
            <chakra.nav aria-label={t('history.label')} marginTop="3">
              <Flex alignItems="center" gap="3">
                <Button
                  variant="outline"
                  size={phone ? 'lg' : 'sm'}
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  {t('history.previous')}
                </Button>
                <Muted>{t('history.page', { page, pages })}</Muted>
                <Button
                  variant="outline"
                  size={phone ? 'lg' : 'sm'}
                  disabled={!data.has_next}
                  onClick={() => setPage(page + 1)}
                >
                  {t('history.next')}
                </Button>
              </Flex>
            </chakra.nav>
          )}
        </>
      );
  } else {
    body = <NotLoaded error={error} onRetry={() => void mutate()} placeholder={<Skeletons />} />;
  }

  return <Section title={t('history.title')}>{body}</Section>;
}

function MailChoice({ phone }: { phone: boolean }) {
  const { t } = useAlertsPageTranslation();
  const { data, error, mutate } = useAlertSettings();
  const [saving, setSaving] = useState<AlertMailMode | null>(null);
  const name = useId();
  const noteId = useId();

  const choose = async (email: AlertMailMode) => {
    setSaving(email);
    try {
      await setMailMode(email);
      toaster.create({ type: 'success', title: t('mail.saved') });
    } catch (failure) {
      toaster.create({ type: 'error', title: failureText(failure, t('mail.failed')) });
    } finally {
      setSaving(null);
    }
  };

  let body: ReactNode;
  if (data) {
    const noAddress = data.address === null;
    const current = saving ?? data.email;
    body = (
      <chakra.fieldset
        disabled={noAddress || saving !== null}
        aria-describedby={noteId}
        border="0"
        margin="0"
        padding="0"
      >
        <chakra.legend fontWeight="medium" marginBottom="2">
          {t('mail.legend')}
        </chakra.legend>
        <Flex direction="column" gap={phone ? '1' : '2'}>
          {MAIL_MODES.map((mode) => (
            <chakra.label
              key={mode}
              display="flex"
              gap="3"
              alignItems="flex-start"
              minHeight={phone ? '11' : undefined}
              cursor={noAddress ? 'not-allowed' : 'pointer'}
              opacity={noAddress ? 0.6 : 1}
            >
              <chakra.input
                type="radio"
                name={name}
                value={mode}
                checked={current === mode}
                onChange={() => void choose(mode)}
                marginTop="1"
                width="4"
                height="4"
                accentColor="accent.solid"
              />
              <span>
                <chakra.span display="block">{t(`mail.${mode}`)}</chakra.span>
                <Muted>{t(`mail.${mode}Hint`)}</Muted>
              </span>
            </chakra.label>
          ))}
        </Flex>
        <chakra.p
          id={noteId}
          marginTop="3"
          fontSize="sm"
          color={noAddress ? 'fg.default' : 'fg.muted'}
        >
          {noAddress ? t('mail.noAddress') : t('mail.address', { address: data.address })}
        </chakra.p>
      </chakra.fieldset>
    );
  } else {
    body = <NotLoaded error={error} onRetry={() => void mutate()} />;
  }

  return <Section title={t('mail.title')}>{body}</Section>;
}

function NotificationChoice({ phone }: { phone: boolean }) {
  const { t } = useAlertsPageTranslation();
  return (
    <Section title={t('push.title')}>
      <PushChoice phone={phone} />
    </Section>
  );
}
