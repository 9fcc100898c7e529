// What alerts add to every page once it has hydrated (a late frame part, ../frame.ts): for a
// signed-in user, the alerts that fire arrive over the realtime socket (the bell's count moves, a
// toast says what fired), and the bell is drawn into the account slot the header or the phone's
// top bar keeps for it (shell/frameParts.ts): in the header it opens the inbox, on a phone it
// leads to the phone's alerts page.
import type { AlertNotice } from '@coinlens/contract';
import { AlertBell, toaster } from '@coinlens/design-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSession } from '../../../data/session';
import { ACCOUNT_SLOT } from '../../../shell/frameParts';
import { useRealtimeSocket } from '../../assistant/realtime/connection';
import { applyNotice, useInbox } from '../shared/alerts';
import { noticeText, useAlertLabels } from '../shared/labels';
import { AlertInbox } from './AlertInbox';

/**
 * The socket.io event the API sends fired alerts on (the contract's `ALERT_SOCKET_EVENT`, written
 * out so that this chunk does not load the contract's schemas; a test holds them equal).
 */
export const ALERT_EVENT = 'alert';

/** The account slot of the page, once it is in the document (null: signed out, or none). */
function useAccountSlot(): HTMLElement | null {
  const { status } = useSession();
  const { originalPath } = useI18next();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    // Looked up after the commit in which the session or the page changed, which drew the slot.
    setSlot(
      status === 'signedIn' ? document.querySelector<HTMLElement>(`[${ACCOUNT_SLOT}]`) : null,
    );
  }, [status, originalPath]);
  return slot?.isConnected ? slot : null;
}

/** Listens for fired alerts on the realtime socket: the cache takes them, a toast says so. */
function useAlertNotices() {
  const socket = useRealtimeSocket();
  const { t } = useTranslation('alerts');
  const labels = useAlertLabels();
  const latest = useRef({ t, labels });
  latest.current = { t, labels };
  useEffect(() => {
    if (!socket) return;
    const heard = (notice: AlertNotice) => {
      if (notice.events.length === 0) return;
      void applyNotice(notice);
      toaster.create({ type: 'info', ...noticeText(notice.events, latest.current.labels, t) });
    };
    socket.on(ALERT_EVENT, heard);
    return () => {
      socket.off(ALERT_EVENT, heard);
    };
  }, [socket, t]);
}

export default function AlertsFramePart() {
  const { status } = useSession();
  useAlertNotices();
  const slot = useAccountSlot();
  if (status !== 'signedIn' || !slot) return null;
  const place = slot.getAttribute(ACCOUNT_SLOT);
  return createPortal(place === 'phone' ? <PhoneBell /> : <HeaderBell />, slot);
}

function useBellLabel() {
  const { t, i18n } = useTranslation('alerts');
  const { data } = useInbox();
  return {
    count: data?.unread ?? 0,
    locale: i18n.language,
    getLabel: ({ count }: { count: number }) =>
      count ? t('bell.labelUnread', { count }) : t('bell.label'),
  };
}

/** The phone's bell: the way to the phone's alerts page. */
function PhoneBell() {
  const bell = useBellLabel();
  const { navigate } = useI18next();
  return <AlertBell {...bell} onClick={() => void navigate('/mobile/alerts/')} />;
}

/**
 * The header's bell and the inbox it opens under it: a non-modal panel that closes on Escape
 * (the focus back on the bell), on a click outside, and when one of its links is followed.
 */
function HeaderBell() {
  const bell = useBellLabel();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const bellRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // From inside, the focus goes back to the bell; from elsewhere it stays where it is.
      const inside = rootRef.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (inside) bellRef.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <span ref={rootRef} style={{ position: 'relative', display: 'inline-flex' }}>
      <AlertBell
        ref={bellRef}
        {...bell}
        expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      />
      {open && <AlertInbox id={panelId} onLeave={() => setOpen(false)} />}
    </span>
  );
}
