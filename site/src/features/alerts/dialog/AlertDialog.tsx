// The alert dialog: the design system's AlertForm in a modal, for a new alert on a coin, a source
// or every new source ("Alert me" on a report card, a source's page or the list of sources) or to
// edit one (the Alerts page). The API's refusal (the 20-alert limit, a value out of range) is shown
// in the form, in the words the API wrote in the page's language, and the form keeps what was
// typed; a request that got no answer says so in ours.
import type { Alert, AlertSubject } from '@coinlens/contract';
import { AlertForm, Modal, toaster, type AlertFormValues } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useState } from 'react';
import { apiAssetUrl } from '../../../data/client';
import { ApiError } from '../../../data/errors';
import { addAlert, modifyAlert } from '../shared/alerts';
import { useAlertLabels } from '../shared/labels';

export interface AlertDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** The coin or source the alert is on; null: every new source (the newSourceKeyword kind). */
  subject: AlertSubject | null;
  /** The alert to edit; a new one when left out. */
  alert?: Alert | null;
  /** Closes the dialog (after a save too). */
  onClose: () => void;
  /** Called with the alert once the API has saved it. */
  onSaved?: (alert: Alert) => void;
  /** The phone's pages: the dialog fills the screen. */
  phone?: boolean;
}

/** The new alert's subject field: a coin's or source's id; none for every new source. */
function subjectField(subject: AlertSubject | null) {
  if (!subject) return {};
  return subject.kind === 'coin' ? { coinId: subject.id } : { sourceId: subject.id };
}

export function AlertDialog({
  open,
  subject,
  alert,
  onClose,
  onSaved,
  phone = false,
}: AlertDialogProps) {
  const { t } = useTranslation('alerts');
  const labels = useAlertLabels();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async ({ kind, value, keyword, cooldownMinutes }: AlertFormValues) => {
    setSaving(true);
    setRefusal(null);
    const line = {
      ...(value === null ? {} : { value }),
      ...(keyword === null ? {} : { keyword }),
      cooldownMinutes,
    };
    try {
      const saved = alert
        ? await modifyAlert({ id: alert.id, ...line })
        : await addAlert({ kind, ...subjectField(subject), ...line });
      let title = t('dialog.saved');
      if (!alert) {
        title = subject
          ? t('dialog.created', { name: subject.name })
          : t('dialog.createdNewSources');
      }
      toaster.create({ type: 'success', title });
      setSaving(false);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // The server's own words (in the page's language) when it gave a reason, else ours.
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('dialog.noAnswer'));
      setSaving(false);
    }
  };

  const close = () => {
    setRefusal(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      onOpenChange={({ open: next }) => {
        if (!next && !saving) close();
      }}
      title={alert ? t('dialog.titleEdit') : t('dialog.titleNew')}
      closeLabel={t('dialog.close')}
      width="sm"
      fullScreen={phone ? 'phone' : 'never'}
    >
      {/* A new form each time the dialog opens: a closed dialog forgets what was typed. */}
      {open && (
        <AlertForm
          subject={subject?.logo ? { ...subject, logo: apiAssetUrl(subject.logo) } : subject}
          alert={alert}
          labels={labels.form}
          locale={labels.locale}
          submitting={saving}
          serverError={refusal}
          onSubmit={(values) => void save(values)}
          onCancel={() => {
            if (!saving) close();
          }}
        />
      )}
    </Modal>
  );
}
