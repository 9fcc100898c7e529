// The mobile page's "next events": of the sources the user monitors, those live now and those
// still to come, soonest first. Two pages of the user's list (one per status) are read and fetched
// again every minute, so a source that goes live moves up without a reload.
import type { UserMonitorSource } from '@coinlens/contract';
import { useCallback, useEffect, useMemo } from 'react';
import type { ApiFailure } from '../../data/errors';
import { usePagedList } from '../../data/usePagedList';
import {
  onUserSourcesChanged,
  STATUS_LIVE,
  STATUS_UNSTARTED,
  userSourcesKey,
} from '../monitoring/sources';

/** How many events the list shows; the rest are counted. */
export const NEXT_EVENTS_SHOWN = 5;
/** How often the user's live and upcoming sources are fetched again, in ms. */
export const NEXT_EVENTS_REFRESH_MS = 60_000;

export interface NextEventsList {
  /** Live first (longest running first), then upcoming by start time; at most `shown`. */
  events: UserMonitorSource[];
  /** How many more live or upcoming sources there are beyond those shown. */
  more: number;
}

/**
 * The live and upcoming sources in the order a phone shows them. A source in both lists (it went
 * live between the two answers) counts once, as live; a source of another status is left out.
 */
export function orderNextEvents(
  live: readonly UserMonitorSource[],
  upcoming: readonly UserMonitorSource[],
  { shown = NEXT_EVENTS_SHOWN, liveTotal = live.length, upcomingTotal = upcoming.length } = {},
): NextEventsList {
  const seen = new Set<number>();
  const pick = (sources: readonly UserMonitorSource[], status: number) =>
    sources
      .filter((source) => source.status === status && !seen.has(source.id) && seen.add(source.id))
      .sort((a, b) => a.time - b.time || a.id - b.id);
  const ordered = [...pick(live, STATUS_LIVE), ...pick(upcoming, STATUS_UNSTARTED)];
  const counted = Math.max(
    liveTotal + upcomingTotal - (live.length + upcoming.length - ordered.length),
    ordered.length,
  );
  const events = ordered.slice(0, shown);
  return { events, more: Math.max(0, counted - events.length) };
}

export interface NextEvents extends NextEventsList {
  /** True until both lists have answered once. */
  loading: boolean;
  /** Why a list could not be loaded (what was loaded stays shown). */
  error: ApiFailure | undefined;
  /** Asks again for what failed. */
  retry: () => void;
}

/** The signed-in user's next events (see the file's first comment). */
export function useNextEvents(): NextEvents {
  const options = { refreshInterval: NEXT_EVENTS_REFRESH_MS };
  const liveKey = useCallback((page: number) => userSourcesKey('live', page), []);
  const upcomingKey = useCallback((page: number) => userSourcesKey('upcoming', page), []);
  const live = usePagedList<UserMonitorSource>(liveKey, options);
  const upcoming = usePagedList<UserMonitorSource>(upcomingKey, options);
  const { mutate: refreshLive } = live;
  const { mutate: refreshUpcoming } = upcoming;
  // A source added or removed in the add-monitoring dialog shows at once.
  useEffect(
    () =>
      onUserSourcesChanged(() => {
        void refreshLive();
        void refreshUpcoming();
      }),
    [refreshLive, refreshUpcoming],
  );
  const list = useMemo(
    () =>
      orderNextEvents(live.items, upcoming.items, {
        liveTotal: live.total ?? live.items.length,
        upcomingTotal: upcoming.total ?? upcoming.items.length,
      }),
    [live.items, upcoming.items, live.total, upcoming.total],
  );
  const { retry: retryLive } = live;
  const { retry: retryUpcoming } = upcoming;
  const error = live.error ?? upcoming.error;
  const retry = useCallback(() => {
    if (live.error) retryLive();
    if (upcoming.error) retryUpcoming();
  }, [live.error, upcoming.error, retryLive, retryUpcoming]);
  return { ...list, loading: live.loading || upcoming.loading, error, retry };
}

/** How many of the user's finished sources the events tab lists. */
export const RECENTLY_FINISHED_SHOWN = 5;

export interface RecentlyFinished {
  /** The user's sources whose event has ended, most recently added first; at most `shown`. */
  sources: UserMonitorSource[];
  /** True until the list has answered once. */
  loading: boolean;
  /** Why the list could not be loaded. */
  error: ApiFailure | undefined;
  /** Asks again. */
  retry: () => void;
}

/**
 * The user's sources whose event has ended (ended, being summarised or completed: the list's
 * "ended" filter), most recently added first: one the user just added from the phone comes first.
 * Fetched again every minute, as the next events are (a live one that ends moves here), and when
 * the user's list changes.
 */
export function useRecentlyFinished(shown = RECENTLY_FINISHED_SHOWN): RecentlyFinished {
  const pageKey = useCallback((page: number) => userSourcesKey('ended', page), []);
  const list = usePagedList<UserMonitorSource>(pageKey, {
    refreshInterval: NEXT_EVENTS_REFRESH_MS,
  });
  const { mutate, items, loading, error, retry } = list;
  useEffect(() => onUserSourcesChanged(() => void mutate()), [mutate]);
  const sources = useMemo(() => items.slice(0, shown), [items, shown]);
  return { sources, loading, error, retry };
}
