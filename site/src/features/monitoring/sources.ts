// Monitored sources on the site (the API's `monitoring` calls, described at /api/docs): the request
// paths and list sizes, the status filter, the user's list and the calls that change it, a source's
// detail, summary and transcript, and the way into the add-monitoring dialog. Every call answers
// the monitoring envelope, which the API client reads (`monitorGet`).
import type {
  ContentLine,
  ListPage,
  MonitorSource,
  MonitorSourceDetail,
  SourceSummary,
  UserMonitorSource,
} from '@coinlens/contract';
import { useCallback, useEffect, useState } from 'react';
import type { ScopedMutator } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { api, type ApiClient } from '../../data/client';
import type { ApiFailure } from '../../data/errors';
import { apiKey, useApi } from '../../data/swr';
import { getToken } from '../../data/token';
import { usePagedList, type PagedList } from '../../data/usePagedList';
import { openDialog } from '../../shell/dialogs';

export const SOURCE_LIST_PATH = '/api/monitor/source/list';
export const USER_SOURCE_LIST_PATH = '/api/monitor/user/source/list';
const USER_SOURCE_ADD_PATH = '/api/monitor/user/source/add';
const USER_SOURCE_MARK_PATH = '/api/monitor/user/source/mark';
const USER_SOURCE_DELETE_PATH = '/api/monitor/user/source/delete';
export const SOURCE_DETAIL_PATH = '/api/monitor/source/detail';
export const SOURCE_SUMMARY_PATH = '/api/monitor/source/summary';
export const SOURCE_CONTENT_PATH = '/api/monitor/source/content';

/** List sizes. */
export const SEARCH_PAGE_SIZE = 20;
export const UPCOMING_GROUP_SIZE = 4;
export const FINISHED_GROUP_SIZE = 6;
export const USER_SOURCE_PAGE_SIZE = 30;
export const CONTENT_PAGE_SIZE = 20;
/** Sources picked in one add (the product's selection limit). */
export const SOURCE_SELECTION_LIMIT = 5;

/** A source's link when it is a web address (anything else from the API is not linked), or null. */
export function webUrl(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Status codes (the API's SourceStatus): 1 not started, 2 live, 3 ended (3, 4 and 5 in a filter),
 * 5 completed.
 */
export const STATUS_UNSTARTED = 1;
export const STATUS_LIVE = 2;
export const STATUS_ENDED = 3;
export const STATUS_COMPLETED = 5;

/** The monitoring area's status filter. */
export const STATUS_FILTERS = ['all', 'upcoming', 'live', 'ended'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const STATUS_OF_FILTER: Record<StatusFilter, number | undefined> = {
  all: undefined,
  upcoming: STATUS_UNSTARTED,
  live: STATUS_LIVE,
  ended: STATUS_ENDED,
};

export function isStatusFilter(value: unknown): value is StatusFilter {
  return typeof value === 'string' && (STATUS_FILTERS as readonly string[]).includes(value);
}

/** The request path of page `page` of the user's sources under `filter`. */
export function userSourcesKey(filter: StatusFilter, page: number): string {
  return apiKey(USER_SOURCE_LIST_PATH, {
    page,
    size: USER_SOURCE_PAGE_SIZE,
    status: STATUS_OF_FILTER[filter],
  })!;
}

/** The request path of page `page` of a source search (`status` left out: every status). */
export function sourceSearchKey(
  searchName: string,
  page: number,
  size = SEARCH_PAGE_SIZE,
  status?: number,
): string {
  return apiKey(SOURCE_LIST_PATH, { searchName: searchName || undefined, page, size, status })!;
}

/** The request path of page `page` of a source's transcript. */
export function contentKey(sourceId: number, page: number): string {
  return apiKey(SOURCE_CONTENT_PATH, { sourceId, page, size: CONTENT_PAGE_SIZE })!;
}

// The user's list changes in the dialog and is shown by the page: whoever shows it hears of it.
const listeners = new Set<() => void>();

/** Tells every view of the user's sources that the list changed. */
export function userSourcesChanged(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` whenever the user's list changes; answers the unsubscribe. */
export function onUserSourcesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The user's sources under `filter` (most recently added first), 30 a page; fetched again when
 * the list changes (a source added in the dialog, one removed).
 */
export function useUserSources(filter: StatusFilter): PagedList<UserMonitorSource> {
  const pageKey = useCallback((page: number) => userSourcesKey(filter, page), [filter]);
  const list = usePagedList<UserMonitorSource>(pageKey);
  const { mutate } = list;
  useEffect(() => onUserSourcesChanged(() => void mutate()), [mutate]);
  return list;
}

/** One group of the add-monitoring dialog: the first page of sources in one status. */
export function useSourceGroup(status: number, size: number): PagedList<MonitorSource> {
  const pageKey = useCallback(
    (page: number) => sourceSearchKey('', page, size, status),
    [size, status],
  );
  return usePagedList<MonitorSource>(pageKey);
}

/** The sources whose title or author match `searchName`; nothing while it is empty. */
export function useSourceSearch(searchName: string): PagedList<MonitorSource> {
  const pageKey = useCallback((page: number) => sourceSearchKey(searchName, page), [searchName]);
  return usePagedList<MonitorSource>(searchName ? pageKey : null);
}

/**
 * The ids of every source the user monitors, kept current as the list changes; null until known
 * (or when they cannot be read). Asked for only while `wanted`: a chat without sources in it
 * does not need them.
 */
export function useMonitoredSourceIds(wanted: boolean): ReadonlySet<number> | null {
  const [ids, setIds] = useState<ReadonlySet<number> | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let gone = false;
    const load = () =>
      void fetchFollowedSourceIds()
        .then((list) => {
          if (!gone) setIds(new Set(list));
        })
        // Unknown, every source offers its action: the dialog says which are monitored.
        .catch(() => undefined);
    load();
    const stop = onUserSourcesChanged(load);
    return () => {
      gone = true;
      stop();
    };
  }, [wanted]);
  return ids;
}

/** Follows sources (1 to 5 ids); answers the sources asked for; throws ApiFailure. */
export async function addSources(
  sourceIds: readonly number[],
  client: ApiClient = api,
): Promise<MonitorSource[]> {
  const added = await client.monitorGet<MonitorSource[]>(USER_SOURCE_ADD_PATH, {
    query: { sourceIds },
  });
  userSourcesChanged();
  return added;
}

/** Stops following a source; throws ApiFailure. */
export async function removeSource(sourceId: number, client: ApiClient = api): Promise<void> {
  await client.monitorGet<null>(USER_SOURCE_DELETE_PATH, { query: { sourceId } });
  userSourcesChanged();
}

/**
 * Takes a removed source out of the user's lists in the cache (`mutate` is the page's, from
 * useSWRConfig). A list that is not on screen when the source goes (the phone's events tab, left
 * for the source's own page) is drawn from the cache when it comes back, before it is fetched
 * again: without this, the source would show there for a moment after it was removed.
 */
export async function dropFromUserLists(mutate: ScopedMutator, sourceId: number): Promise<void> {
  await Promise.all(
    STATUS_FILTERS.map((filter) =>
      mutate(
        unstable_serialize((index) => userSourcesKey(filter, index + 1)),
        (pages: ListPage<UserMonitorSource>[] | undefined) =>
          pages?.map((page) => {
            const records = page.records.filter((source) => source.id !== sourceId);
            return { ...page, records, total: page.total - (page.records.length - records.length) };
          }),
        { revalidate: false },
      ),
    ),
  );
}

/** Marks what a source has said so far as read by the user; throws ApiFailure. */
export async function markSourceRead(sourceId: number, client: ApiClient = api): Promise<void> {
  await client.monitorGet<null>(USER_SOURCE_MARK_PATH, { query: { sourceId } });
}

/** The ids of every source the user follows (the API keeps at most 200). */
export async function fetchFollowedSourceIds(client: ApiClient = api): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await client.monitorGet<{ records: MonitorSource[]; has_next: boolean }>(
      USER_SOURCE_LIST_PATH,
      { query: { page, size: 100 } },
    );
    ids.push(...answer.records.map((source) => source.id));
    if (!answer.has_next || answer.records.length === 0) return ids;
  }
}

export interface Resource<T> {
  data: T | undefined;
  error: ApiFailure | undefined;
  retry: () => void;
}

function useMonitorResource<T>(path: string, sourceId: number | null): Resource<T> {
  const { data, error, mutate } = useApi<T>(
    sourceId === null ? null : path,
    { sourceId },
    {
      keepPreviousData: false,
    },
  );
  return { data, error, retry: () => void mutate() };
}

/** A source with its description, times, participants and tags. */
export function useSourceDetail(sourceId: number | null): Resource<MonitorSourceDetail> {
  return useMonitorResource(SOURCE_DETAIL_PATH, sourceId);
}

/** A completed source's summary, key points and the coins it talked about; null id: none. */
export function useSourceSummary(sourceId: number | null): Resource<SourceSummary> {
  return useMonitorResource(SOURCE_SUMMARY_PATH, sourceId);
}

/** How often the transcript of a live source is fetched again, in ms. */
export const LIVE_CONTENT_REFRESH_MS = 15_000;

/** A source's transcript, 20 lines a page, in order; `live` fetches it again as it grows. */
export function useSourceContent(sourceId: number, live = false): PagedList<ContentLine> {
  const pageKey = useCallback((page: number) => contentKey(sourceId, page), [sourceId]);
  return usePagedList<ContentLine>(pageKey, {
    refreshInterval: live ? LIVE_CONTENT_REFRESH_MS : 0,
  });
}

/**
 * Opens the add-monitoring dialog, with `sources` picked; a visitor who is signed out gets the
 * login dialog instead.
 */
export function openAddMonitorDialog(sources: readonly MonitorSource[] = []): void {
  if (getToken() === null) openDialog('login');
  else openDialog('addMonitor', { sources });
}
