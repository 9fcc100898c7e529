// Following a coin from the market overview. A signed-in user follows it at once (one POST
// /api/follow/add, whose answer goes into the follow list's cache, so every page agrees); the cap
// of 50 the server holds comes back as a 422, said in a toast. A visitor gets the login dialog,
// with the overview (its sort and search) as the page to come back to, and the coin kept aside
// (pendingFollow.ts) is followed once they are signed in.
import { toaster } from '@coinlens/design-system';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../data/errors';
import { useSession } from '../../data/session';
import { getToken } from '../../data/token';
import { NEXT_PARAM } from '../../start/signedInAreas';
import { openDialog, useOpenDialog, withoutLoginAsk } from '../../shell/dialogs';
import { addFollows, useFollows } from '../coins/follows';
import { dropPendingFollow, keepPendingFollow, pendingFollow } from './pendingFollow';
import type { Translate } from './provenance';

/** A coin to follow. */
export interface FollowTarget {
  id: number;
  name: string;
}

export interface MarketFollow {
  /** Whether the user follows the coin (false while unknown and for a visitor). */
  isFollowed: (coinId: number) => boolean;
  /** Whether a follow of the coin is under way. */
  isBusy: (coinId: number) => boolean;
  /** Follows the coin, or, for a visitor, asks them to sign in first. */
  follow: (coin: FollowTarget) => void;
}

/**
 * Puts the login ask and the page to come back to (this one, its query kept) into the address, as
 * a signed-in area's page sends a visitor to the login (start/signedInAreas.ts): the login dialog
 * reads `next` when the user signs in, and takes both out when it closes.
 */
export function askLoginComingBack(win: Window = window): void {
  const { pathname, search, hash } = win.location;
  const params = new URLSearchParams(search);
  params.set('t', 'login');
  params.set(NEXT_PARAM, pathname + withoutLoginAsk(search));
  win.history.replaceState(win.history.state, '', `${pathname}?${params}${hash}`);
}

/** Follows `coin` for the signed-in user and says how it went. */
async function followNow(coin: FollowTarget, t: Translate): Promise<void> {
  try {
    await addFollows([coin.id]);
    toaster.create({ type: 'success', title: t('follow.done', { name: coin.name }) });
  } catch (error) {
    // The only rule one coin can break is the cap of 50 follows.
    const limit = error instanceof ApiError && error.code === 422;
    toaster.create({
      type: limit ? 'warning' : 'error',
      title: t(limit ? 'follow.limit' : 'follow.failed', { name: coin.name }),
    });
  }
}

export function useMarketFollow(t: Translate): MarketFollow {
  const { status } = useSession();
  const { follows } = useFollows();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const followed = useMemo(() => new Set(follows?.map((entry) => entry.coinId)), [follows]);

  const run = useCallback(
    async (coin: FollowTarget) => {
      setBusy((ids) => new Set(ids).add(coin.id));
      try {
        await followNow(coin, t);
      } finally {
        setBusy((ids) => {
          const next = new Set(ids);
          next.delete(coin.id);
          return next;
        });
      }
    },
    [t],
  );

  const follow = useCallback(
    (coin: FollowTarget) => {
      if (getToken() !== null) {
        void run(coin);
        return;
      }
      keepPendingFollow({ coinId: coin.id, name: coin.name });
      askLoginComingBack();
      openDialog('login');
      toaster.create({ type: 'info', title: t('follow.signIn', { name: coin.name }) });
    },
    [run, t],
  );

  // Signed in with a follow kept from before the sign-in: it is done now, once.
  useEffect(() => {
    if (status !== 'signedIn') return;
    const pending = pendingFollow();
    if (!pending) return;
    dropPendingFollow();
    void run({ id: pending.coinId, name: pending.name });
  }, [status, run]);

  // The login dialog closed without a sign-in: the visitor changed their mind.
  const dialog = useOpenDialog();
  const lastDialog = useRef(dialog);
  useEffect(() => {
    if (lastDialog.current === 'login' && dialog !== 'login' && getToken() === null) {
      dropPendingFollow();
    }
    lastDialog.current = dialog;
  }, [dialog]);

  const isFollowed = useCallback((coinId: number) => followed.has(coinId), [followed]);
  const isBusy = useCallback((coinId: number) => busy.has(coinId), [busy]);
  return { isFollowed, isBusy, follow };
}
