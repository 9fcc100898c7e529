// The alerts page's choice of browser notifications in this browser: what the browser allows, and
// a button that turns them on (the browser's permission prompt comes only from that click) or
// off. A subscription left by an account that signed out here since is ended when the page
// opens (pushNotifications.ts).
import { Button, toaster } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useEffect, useState } from 'react';
import { api } from '../../../data/client';
import { ApiError } from '../../../data/errors';
import {
  pushState,
  PushRefusedError,
  turnPushOff,
  turnPushOn,
  type PushState,
} from './pushNotifications';
import { useAlertsPageTranslation } from '../namespaces';

export interface PushChoiceProps {
  /** The phone's page: a touch-sized button. */
  phone?: boolean;
}

export function PushChoice({ phone = false }: PushChoiceProps) {
  const { t } = useAlertsPageTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    pushState(api)
      .catch(() => 'off' as const)
      .then((now) => {
        if (live) setState(now);
      });
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) await turnPushOn(api);
      else await turnPushOff(api);
      toaster.create({ type: 'success', title: t(on ? 'push.turnedOn' : 'push.turnedOff') });
    } catch (failure) {
      const title =
        failure instanceof PushRefusedError
          ? t(`push.refused.${failure.reason}`)
          : failure instanceof ApiError && failure.msg
            ? failure.msg
            : t('push.failed');
      toaster.create({ type: 'error', title });
    } finally {
      setState(await pushState(api).catch(() => 'off' as const));
      setBusy(false);
    }
  };

  if (state === null) {
    return (
      <chakra.p role="status" fontSize="sm" color="fg.muted">
        {t('page.loading')}
      </chakra.p>
    );
  }
  if (state === 'unsupported' || state === 'denied') {
    return (
      <chakra.p fontSize="sm" color="fg.default">
        {t(`push.${state}`)}
      </chakra.p>
    );
  }
  const on = state === 'on';
  return (
    <Flex direction="column" alignItems="flex-start" gap="3">
      <chakra.p fontSize="sm" color="fg.muted">
        {t(on ? 'push.onHint' : 'push.offHint')}
      </chakra.p>
      <Button
        variant={on ? 'outline' : 'solid'}
        size={phone ? 'lg' : 'sm'}
        loading={busy}
        onClick={() => void change(!on)}
      >
        {t(on ? 'push.turnOff' : 'push.turnOn')}
      </Button>
    </Flex>
  );
}
