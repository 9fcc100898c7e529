// "Alert me" on a report card, on a source's page and on the list of sources: opens the alert
// dialog for that coin or source, or (no subject) for every new source. Only the button is in the
// page's first load; the dialog's code (the modal, the form, the calls) comes when it is first
// pressed.
import type { Alert, AlertSubject } from '@coinlens/contract';
import { Button } from '@coinlens/design-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useState } from 'react';
import { lazyChunk } from '../../shell/loadChunk';

const AlertDialog = lazyChunk(() =>
  import('./dialog/AlertDialog').then((module) => ({ default: module.AlertDialog })),
);

export interface AlertMeButtonProps {
  /** The coin or source the alert will be on; null: every new source (a keyword alert). */
  subject: AlertSubject | null;
  /** The phone's pages: a touch-sized button and a dialog that fills the screen. */
  phone?: boolean;
  /** The button's size beside others (a page header's are `md`); `sm`, or `lg` on a phone. */
  size?: 'sm' | 'md' | 'lg';
  /** Called once an alert was made. */
  onSaved?: (alert: Alert) => void;
}

export function AlertMeButton({ subject, phone = false, size, onSaved }: AlertMeButtonProps) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  // Once loaded, the dialog stays mounted and closes as a dialog does (focus back, page unlocked).
  const [asked, setAsked] = useState(false);
  // On one subject, its name is read out; on every new source, the button's own words say it all.
  const label = subject ? t('alertMeNamed', { name: subject.name }) : undefined;
  return (
    <>
      <Button
        variant="outline"
        size={size ?? (phone ? 'lg' : 'sm')}
        aria-label={label}
        title={label}
        data-part={subject ? 'alert-me' : 'alert-me-new-sources'}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {subject ? t('alertMe') : t('alertMeNewSources')}
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
