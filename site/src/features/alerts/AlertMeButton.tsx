// "Alert me" on a report card and on a source's page: opens the alert dialog for that coin or
// source. Only the button is in the page's first load; the dialog's code (the modal, the form,
// the calls) comes when it is first pressed.
import type { Alert, AlertSubject } from '@coinlens/contract';
import { Button } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useState } from 'react';
import { lazyChunk } from '../../shell/loadChunk';

const AlertDialog = lazyChunk(() =>
  import('./dialog/AlertDialog').then((module) => ({ default: module.AlertDialog })),
);

export interface AlertMeButtonProps {
  /** The coin or source the alert will be on. */
  subject: AlertSubject;
  /** The phone's pages: a touch-sized button and a dialog that fills the screen. */
  phone?: boolean;
  /** Called once an alert was made. */
  onSaved?: (alert: Alert) => void;
}

export function AlertMeButton({ subject, phone = false, onSaved }: AlertMeButtonProps) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  // Once loaded, the dialog stays mounted and closes as a dialog does (focus back, page unlocked).
  const [asked, setAsked] = useState(false);
  const label = t('alertMeNamed', { name: subject.name });
  return (
    <>
      <Button
        variant="outline"
        size={phone ? 'lg' : 'sm'}
        aria-label={label}
        title={label}
        data-part="alert-me"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {t('alertMe')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <AlertDialog
            open={open}
            subject={subject}
            phone={phone}
            onClose={() => setOpen(false)}
            onSaved={onSaved}
          />
        </Suspense>
      )}
    </>
  );
}
