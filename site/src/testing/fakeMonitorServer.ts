// An in-memory stand-in for the API's monitoring calls, for unit tests and the stories' fake API
// (fakeApi.ts), so it runs in a browser too: it keeps sources, their summaries
// and transcripts and one user's list, and answers `monitorGet(path, { query })` as
// api/src/monitor/sources.ts and api/src/plugins/monitor/index.ts do (the list filter, the orders,
// paging with total and has_next, add ignoring followed ids and refusing unknown ones, the 404s of
// mark, delete, detail, summary and content). A refusal is an ApiError with the server's message,
// as the real client throws it. Tests can hold a request back or make it fail.
import {
  httpStatusOf,
  serverMessage,
  type ContentLine,
  type ListPage,
  type Locale,
  type MessageKey,
  type MonitorSource,
  type MonitorSourceDetail,
  type SourceStatus,
  type SourceSummary,
  type UserMonitorSource,
} from '@coinlens/contract';
import { requestPath, type GetOptions } from '../data/client';
import { ApiError } from '../data/errors';

/** A source as the server keeps it: the detail, plus its summary and transcript. */
export interface FakeSource extends MonitorSourceDetail {
  /** Only a completed source's summary is served. */
  summary: SourceSummary | null;
  /** The whole transcript, in order; which lines are served depends on the status. */
  lines: ContentLine[];
}

const MAX_SOURCE_ADD = 5;
const MAX_USER_SOURCES = 200;
const MAX_SIZE = 100;

/** A source with sensible defaults: a completed space of yesterday, with no transcript. */
export function fakeSource(id: number, fields: Partial<FakeSource> = {}): FakeSource {
  return {
    id,
    logo: `/api/monitor/logo/H${id}.svg`,
    author: `Host ${id}`,
    title: `Source ${id}`,
    status: 5,
    time: 1_714_950_000 - id * 3600,
    heat: 100 * id,
    link: `https://x.com/i/spaces/${id}`,
    kind: 'space',
    description: `What source ${id} is about.`,
    startedAt: null,
    endedAt: null,
    participants: [],
    tags: [],
    language: 'en',
    demo: false,
    summary: null,
    lines: [],
    ...fields,
  };
}

/** `count` transcript lines, 30 s apart, with ids from `firstId`. */
export function fakeLines(count: number, firstId = 1): ContentLine[] {
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    speaker: index % 2 === 0 ? 'Ada' : 'Grace',
    text: `Line ${index + 1}`,
    offsetSec: index * 30,
  }));
}

/** The plain card fields of a source, as the list calls answer them. */
function toMonitorSource(source: FakeSource): MonitorSource {
  const { id, logo, author, title, status, time, heat, link } = source;
  return { id, logo, author, title, status, time, heat, link };
}

function toDetail(source: FakeSource): MonitorSourceDetail {
  const { summary: _summary, lines: _lines, ...detail } = source;
  return { ...detail, participants: [...detail.participants], tags: [...detail.tags] };
}

/** The list filter: empty for all, 3 for every ended source (3, 4 and 5), else exact. */
function matchesStatus(status: SourceStatus | null, source: FakeSource): boolean {
  if (status === null) return true;
  if (status === 3) return source.status >= 3 && source.status <= 5;
  return source.status === status;
}

function paged<T>(all: T[], page: number, size: number): ListPage<T> {
  const records = all.slice((page - 1) * size, page * size);
  return {
    records,
    page,
    size,
    total: all.length,
    has_next: (page - 1) * size + records.length < all.length,
  };
}

interface Entry {
  sourceId: number;
  /** Unix milliseconds, so that one add's sources keep their order. */
  addedAt: number;
  readLineId: number;
}

interface Rule {
  /** A full request path (with its sorted query) or a bare path: every query of it. */
  target: string;
  /** What the request does: fail with `error`, or wait for `gate`. */
  error?: Error;
  gate?: Promise<void>;
  /** How many more requests it applies to. */
  times: number;
}

export interface FakeMonitorApiOptions {
  sources?: FakeSource[];
  /** The ids the user follows, most recently added first. */
  followed?: number[];
  /** The language of the server's messages (the real one reads the `Language` header). */
  language?: Locale;
  /** Whether a request carries a valid token; the user's calls answer 401 otherwise. */
  signedIn?: () => boolean;
  /** The server's clock, in ms (the test's fake clock by default). */
  now?: () => number;
}

export type FakeMonitorApi = ReturnType<typeof createFakeMonitorApi>;

/** A fresh server. */
export function createFakeMonitorApi(options: FakeMonitorApiOptions = {}) {
  const sources = new Map<number, FakeSource>();
  for (const source of options.sources ?? []) sources.set(source.id, source);
  const now = options.now ?? (() => Date.now());
  const signedIn = options.signedIn ?? (() => true);
  let language: Locale = options.language ?? 'en';
  let entries: Entry[] = (options.followed ?? []).map((sourceId, index) => ({
    sourceId,
    addedAt: now() - 60_000 - index * 1000,
    readLineId: 0,
  }));
  const log: string[] = [];
  let rules: Rule[] = [];

  function refusal(code: number, key: MessageKey, path: string): ApiError {
    const status = httpStatusOf(code);
    return new ApiError({ code, msg: serverMessage(key, language), status, data: null, path });
  }

  function row(sourceId: number, path: string): FakeSource {
    const source = sources.get(sourceId);
    if (!source) throw refusal(404, 'sourceNotFound', path);
    return source;
  }

  /** The lines users may see now: none before the start, the spoken ones while live, all after. */
  function visibleLines(source: FakeSource): ContentLine[] {
    if (source.status >= 3 && source.status <= 5) return source.lines;
    if (source.status === 2 && source.startedAt !== null) {
      const elapsed = now() / 1000 - source.startedAt;
      return source.lines.filter((line) => line.offsetSec <= elapsed);
    }
    return [];
  }

  function paging(url: URL, fallback: number, path: string) {
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('size') ?? fallback);
    if (!Number.isInteger(page) || page < 1) throw refusal(422, 'pageInvalid', path);
    if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
      throw refusal(422, 'sizeInvalid', path);
    }
    return { page, size };
  }

  function statusParam(url: URL, path: string): SourceStatus | null {
    const text = (url.searchParams.get('status') ?? '').trim();
    if (text === '') return null;
    if (!/^[1-7]$/.test(text)) throw refusal(400, 'statusInvalid', path);
    return Number(text) as SourceStatus;
  }

  function sourceIdParam(url: URL, path: string): number {
    const text = url.searchParams.get('sourceId') ?? '';
    // The real schema rejects a missing or malformed id before the handler: HTTP 400.
    if (!/^[1-9]\d{0,8}$/.test(text)) throw refusal(400, 'idListInvalid', path);
    return Number(text);
  }

  function requireUser(path: string) {
    if (!signedIn()) throw refusal(401, 'unauthorized', path);
  }

  function sortedEntries(): Entry[] {
    return [...entries].sort((a, b) => b.addedAt - a.addedAt || b.sourceId - a.sourceId);
  }

  const routes: Record<string, (url: URL, path: string) => unknown> = {
    '/api/monitor/source/list': (url, path) => {
      const searchName = (url.searchParams.get('searchName') ?? '').normalize('NFKC').trim();
      if (searchName.length > 100) throw refusal(422, 'keywordTooLong', path);
      const status = statusParam(url, path);
      const { page, size } = paging(url, 20, path);
      const needle = searchName.toLowerCase();
      const found = [...sources.values()].filter(
        (source) =>
          matchesStatus(status, source) &&
          (needle === '' ||
            source.title.toLowerCase().includes(needle) ||
            source.author.toLowerCase().includes(needle)),
      );
      // Not started sources soonest first; every other list newest first.
      found.sort((a, b) =>
        status === 1 ? a.time - b.time || a.id - b.id : b.time - a.time || b.id - a.id,
      );
      return paged(found.map(toMonitorSource), page, size);
    },

    '/api/monitor/user/source/list': (url, path) => {
      requireUser(path);
      const status = statusParam(url, path);
      const { page, size } = paging(url, 30, path);
      const mine = sortedEntries().flatMap<UserMonitorSource>((entry) => {
        const source = sources.get(entry.sourceId);
        if (!source || !matchesStatus(status, source)) return [];
        return [
          {
            ...toMonitorSource(source),
            addedAt: Math.floor(entry.addedAt / 1000),
            unread: visibleLines(source).some((line) => line.id > entry.readLineId),
          },
        ];
      });
      return paged(mine, page, size);
    },

    '/api/monitor/user/source/add': (url, path) => {
      requireUser(path);
      const parts = (url.searchParams.get('sourceIds') ?? '').split(',').map((part) => part.trim());
      if (parts.some((part) => !/^\d{1,9}$/.test(part))) {
        throw refusal(400, 'idListInvalid', path);
      }
      const ids = parts.map(Number);
      if (ids.length < 1 || ids.length > MAX_SOURCE_ADD) throw refusal(422, 'sourceCount', path);
      const wanted = [...new Set(ids)];
      // Any unknown id: nothing is added.
      if (wanted.some((id) => !sources.has(id))) throw refusal(404, 'sourceNotFound', path);
      const already = new Set(entries.map((entry) => entry.sourceId));
      const fresh = wanted.filter((id) => !already.has(id));
      if (entries.length + fresh.length > MAX_USER_SOURCES) {
        throw refusal(422, 'sourceLimit', path);
      }
      const at = now();
      entries = [
        ...fresh.map((sourceId, index) => ({ sourceId, addedAt: at - index, readLineId: 0 })),
        ...entries,
      ];
      return wanted.map((id) => toMonitorSource(sources.get(id)!));
    },

    '/api/monitor/user/source/mark': (url, path) => {
      requireUser(path);
      const source = row(sourceIdParam(url, path), path);
      const entry = entries.find((candidate) => candidate.sourceId === source.id);
      if (!entry) throw refusal(404, 'sourceNotFollowed', path);
      const latest = Math.max(0, ...visibleLines(source).map((line) => line.id));
      entry.readLineId = Math.max(entry.readLineId, latest);
      return null;
    },

    '/api/monitor/user/source/delete': (url, path) => {
      requireUser(path);
      const source = row(sourceIdParam(url, path), path);
      entries = entries.filter((entry) => entry.sourceId !== source.id);
      return null;
    },

    '/api/monitor/source/detail': (url, path) => toDetail(row(sourceIdParam(url, path), path)),

    '/api/monitor/source/summary': (url, path) => {
      const source = row(sourceIdParam(url, path), path);
      if (source.status !== 5 || source.summary === null) {
        throw refusal(404, 'sourceNoSummary', path);
      }
      return source.summary;
    },

    '/api/monitor/source/content': (url, path) => {
      const source = row(sourceIdParam(url, path), path);
      const { page, size } = paging(url, 20, path);
      return paged(visibleLines(source), page, size);
    },
  };

  function ruleFor(path: string, pathname: string): Rule | undefined {
    const rule = rules.find(
      (candidate) =>
        candidate.times > 0 && (candidate.target === path || candidate.target === pathname),
    );
    if (rule) rule.times -= 1;
    return rule;
  }

  /** Answers as `api.monitorGet` does: the envelope's data, or an ApiError. */
  async function monitorGet<T>(path: string, { query }: GetOptions = {}): Promise<T> {
    // The query as the real client writes it: names sorted, arrays as comma lists.
    const full = requestPath(path, query);
    log.push(full);
    const url = new URL(full, 'https://api.test');
    const rule = ruleFor(full, url.pathname);
    if (rule?.gate) await rule.gate;
    if (rule?.error) throw rule.error;
    const route = routes[url.pathname];
    if (!route) throw new Error(`The fake monitoring API has no ${url.pathname}`);
    // A copy, as off the wire: the caller cannot change the server's state.
    return JSON.parse(JSON.stringify(route(url, full))) as T;
  }

  return {
    monitorGet,

    /** The request paths asked for, in order (query sorted); only those under `pathname`. */
    requests(pathname?: string): string[] {
      return pathname === undefined
        ? [...log]
        : log.filter((path) => path === pathname || path.startsWith(`${pathname}?`));
    },

    /** Forgets the requests made so far. */
    clearRequests(): void {
      log.length = 0;
    },

    /**
     * Makes the next `times` requests to `target` (a full request path, or a bare path for every
     * query) fail with `error`; returns a function that stops it.
     */
    fail(target: string, error: Error, times = Number.POSITIVE_INFINITY): () => void {
      const rule: Rule = { target, error, times };
      rules.push(rule);
      return () => {
        rules = rules.filter((candidate) => candidate !== rule);
      };
    },

    /**
     * Holds the next request to `target` until the returned function is called (then it is
     * answered from the state of that moment).
     */
    hold(target: string): () => void {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      rules.push({ target, gate, times: 1 });
      return release;
    },

    /** The server's message for a refusal, in its language. */
    message(key: MessageKey): string {
      return serverMessage(key, language);
    },

    setLanguage(next: Locale): void {
      language = next;
    },

    /** Adds or replaces a source. */
    put(source: FakeSource): void {
      sources.set(source.id, source);
    },

    /** Deletes a source (it leaves every list with it). */
    drop(id: number): void {
      sources.delete(id);
      entries = entries.filter((entry) => entry.sourceId !== id);
    },

    source(id: number): FakeSource | undefined {
      return sources.get(id);
    },

    /** The ids the user follows, most recently added first. */
    followedIds(): number[] {
      return sortedEntries().map((entry) => entry.sourceId);
    },

    /** The last transcript line the user has read of a followed source. */
    readLineId(sourceId: number): number | undefined {
      return entries.find((entry) => entry.sourceId === sourceId)?.readLineId;
    },
  };
}

/** A server fault as the real client reports it. */
export function serverFault(path: string, msg = 'Something went wrong on our side'): ApiError {
  return new ApiError({ code: 500, msg, status: 500, data: null, path });
}
