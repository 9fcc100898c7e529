// The mocked API's monitoring routes (`/api/monitor/*`, in the monitoring envelope `{ ok, msg,
// data }`), as api/src/monitor/sources.ts and api/src/plugins/monitor answer them: the list
// filter, the orders, paging with total and has_next, add ignoring followed ids and refusing
// unknown ones, the 404s of mark, delete, detail, summary and content, the transcript a live
// source has spoken so far, this week's hot sources, and the user's list behind a token.
import type {
  ContentLine,
  KeyPointSource,
  ListPage,
  MonitorSource,
  MonitorSourceDetail,
  SourceStatus,
  SourceSummary,
  UserMonitorSource,
} from '@coinlens/contract';
import type { HttpHandler } from 'msw';
import type { AuthState } from './auth';
import { envelopeRoute, Refusal } from './request';

/**
 * A summary as the server keeps it: where each key point came from may be left out (a summary
 * written before that was kept), and is answered only for lines that are there to be seen.
 */
export type FakeSummary = Omit<SourceSummary, 'keyPointSources'> & {
  keyPointSources?: (KeyPointSource | null)[];
};

/** A source as the server keeps it: the detail, plus its summary and transcript. */
export interface FakeSource extends MonitorSourceDetail {
  /** Only a completed source's summary is served. */
  summary: FakeSummary | null;
  /** The whole transcript, in order; which lines are served depends on the status. */
  lines: ContentLine[];
}

const MAX_SOURCE_ADD = 5;
const MAX_USER_SOURCES = 200;
const MAX_SIZE = 100;
/** The hot sources are the completed ones of the last 7 days (api/src/monitor/sources.ts). */
const HOT_SOURCE_DAYS = 7;

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
    feed: null,
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

function paging(query: URLSearchParams, fallback: number) {
  const page = Number(query.get('page') ?? 1);
  const size = Number(query.get('size') ?? fallback);
  if (!Number.isInteger(page) || page < 1) throw new Refusal(422, 'pageInvalid');
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
    throw new Refusal(422, 'sizeInvalid');
  }
  return { page, size };
}

function statusParam(query: URLSearchParams): SourceStatus | null {
  const text = (query.get('status') ?? '').trim();
  if (text === '') return null;
  if (!/^[1-7]$/.test(text)) throw new Refusal(400, 'statusInvalid');
  return Number(text) as SourceStatus;
}

function sourceIdParam(query: URLSearchParams): number {
  const text = query.get('sourceId') ?? '';
  // The real schema rejects a missing or malformed id before the handler: HTTP 400.
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new Refusal(400, 'idListInvalid');
  return Number(text);
}

interface Entry {
  sourceId: number;
  /** Unix milliseconds, so that one add's sources keep their order. */
  addedAt: number;
  readLineId: number;
}

export interface MonitorOptions {
  /** The monitored sources there are. */
  sources?: FakeSource[];
  /** The ids of those the user follows, most recently added first. */
  followed?: number[];
}

/** The sources, their summaries and transcripts, and the user's list. */
export class MonitorState {
  private readonly sources = new Map<number, FakeSource>();
  private entries: Entry[];

  constructor(
    options: MonitorOptions = {},
    /** The server's clock, in ms. */
    private readonly now: () => number = () => Date.now(),
  ) {
    for (const source of options.sources ?? []) this.sources.set(source.id, source);
    this.entries = (options.followed ?? []).map((sourceId, index) => ({
      sourceId,
      addedAt: now() - 60_000 - index * 1000,
      readLineId: 0,
    }));
  }

  /** Adds or replaces a source. */
  put(source: FakeSource): void {
    this.sources.set(source.id, source);
  }

  /** Deletes a source (it leaves every list with it). */
  drop(id: number): void {
    this.sources.delete(id);
    this.entries = this.entries.filter((entry) => entry.sourceId !== id);
  }

  source(id: number): FakeSource | undefined {
    return this.sources.get(id);
  }

  /** The ids the user follows, most recently added first. */
  followedIds(): number[] {
    return this.sortedEntries().map((entry) => entry.sourceId);
  }

  /** The last transcript line the user has read of a followed source. */
  readLineId(sourceId: number): number | undefined {
    return this.entries.find((entry) => entry.sourceId === sourceId)?.readLineId;
  }

  row(sourceId: number): FakeSource {
    const source = this.sources.get(sourceId);
    if (!source) throw new Refusal(404, 'sourceNotFound');
    return source;
  }

  /** The lines users may see now: none before the start, the spoken ones while live, all after. */
  visibleLines(source: FakeSource): ContentLine[] {
    if (source.status >= 3 && source.status <= 5) return source.lines;
    if (source.status === 2 && source.startedAt !== null) {
      const elapsed = this.now() / 1000 - source.startedAt;
      return source.lines.filter((line) => line.offsetSec <= elapsed);
    }
    return [];
  }

  search(query: URLSearchParams): ListPage<MonitorSource> {
    const searchName = (query.get('searchName') ?? '').normalize('NFKC').trim();
    if (searchName.length > 100) throw new Refusal(422, 'keywordTooLong');
    const status = statusParam(query);
    const { page, size } = paging(query, 20);
    const needle = searchName.toLowerCase();
    const found = [...this.sources.values()].filter(
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
  }

  /** The completed sources of the last 7 days, most heat first. */
  hot(size: number): MonitorSource[] {
    const since = this.now() / 1000 - HOT_SOURCE_DAYS * 86_400;
    return [...this.sources.values()]
      .filter((source) => source.status === 5 && source.time >= since)
      .sort((a, b) => b.heat - a.heat || b.id - a.id)
      .slice(0, size)
      .map(toMonitorSource);
  }

  userList(query: URLSearchParams): ListPage<UserMonitorSource> {
    const status = statusParam(query);
    const { page, size } = paging(query, 30);
    const mine = this.sortedEntries().flatMap<UserMonitorSource>((entry) => {
      const source = this.sources.get(entry.sourceId);
      if (!source || !matchesStatus(status, source)) return [];
      return [
        {
          ...toMonitorSource(source),
          addedAt: Math.floor(entry.addedAt / 1000),
          unread: this.visibleLines(source).some((line) => line.id > entry.readLineId),
        },
      ];
    });
    return paged(mine, page, size);
  }

  add(query: URLSearchParams): MonitorSource[] {
    const parts = (query.get('sourceIds') ?? '').split(',').map((part) => part.trim());
    if (parts.some((part) => !/^\d{1,9}$/.test(part))) throw new Refusal(400, 'idListInvalid');
    const ids = parts.map(Number);
    if (ids.length < 1 || ids.length > MAX_SOURCE_ADD) throw new Refusal(422, 'sourceCount');
    const wanted = [...new Set(ids)];
    // Any unknown id: nothing is added.
    if (wanted.some((id) => !this.sources.has(id))) throw new Refusal(404, 'sourceNotFound');
    const already = new Set(this.entries.map((entry) => entry.sourceId));
    const fresh = wanted.filter((id) => !already.has(id));
    if (this.entries.length + fresh.length > MAX_USER_SOURCES) {
      throw new Refusal(422, 'sourceLimit');
    }
    const at = this.now();
    this.entries = [
      ...fresh.map((sourceId, index) => ({ sourceId, addedAt: at - index, readLineId: 0 })),
      ...this.entries,
    ];
    return wanted.map((id) => toMonitorSource(this.row(id)));
  }

  mark(query: URLSearchParams): null {
    const source = this.row(sourceIdParam(query));
    const entry = this.entries.find((candidate) => candidate.sourceId === source.id);
    if (!entry) throw new Refusal(404, 'sourceNotFollowed');
    const latest = Math.max(0, ...this.visibleLines(source).map((line) => line.id));
    entry.readLineId = Math.max(entry.readLineId, latest);
    return null;
  }

  remove(query: URLSearchParams): null {
    const source = this.row(sourceIdParam(query));
    this.entries = this.entries.filter((entry) => entry.sourceId !== source.id);
    return null;
  }

  detail(query: URLSearchParams): MonitorSourceDetail {
    return toDetail(this.row(sourceIdParam(query)));
  }

  summary(query: URLSearchParams): SourceSummary {
    const source = this.row(sourceIdParam(query));
    if (source.status !== 5 || source.summary === null) {
      throw new Refusal(404, 'sourceNoSummary');
    }
    const { keyPointSources = [], ...summary } = source.summary;
    const visible = new Map(this.visibleLines(source).map((line) => [line.id, line]));
    return {
      ...summary,
      // One per key point, null where unknown or where its line is gone, as the server answers.
      keyPointSources: summary.keyPoints.map((_, index) => {
        const line = visible.get(keyPointSources[index]?.lineId ?? -1);
        return line ? { lineId: line.id, offsetSec: line.offsetSec } : null;
      }),
    };
  }

  content(query: URLSearchParams): ListPage<ContentLine> {
    const source = this.row(sourceIdParam(query));
    const { page, size } = paging(query, 20);
    return paged(this.visibleLines(source), page, size);
  }

  private sortedEntries(): Entry[] {
    return [...this.entries].sort((a, b) => b.addedAt - a.addedAt || b.sourceId - a.sourceId);
  }
}

/**
 * The handlers of the monitoring routes over the state `monitor()` gives (made when first asked
 * for, so that its clock is the story's), the user's list guarded by `auth`.
 */
export function monitorHandlers(monitor: () => MonitorState, auth: AuthState): HttpHandler[] {
  return [
    envelopeRoute('GET /api/monitor/source/list', null, ({ query }) => monitor().search(query)),
    envelopeRoute('GET /api/monitor/source/hot', null, ({ query }) =>
      monitor().hot(Number(query.get('size') ?? 5)),
    ),
    envelopeRoute('GET /api/monitor/user/source/list', auth, ({ query }) =>
      monitor().userList(query),
    ),
    envelopeRoute('GET /api/monitor/user/source/add', auth, ({ query }) => monitor().add(query)),
    envelopeRoute('GET /api/monitor/user/source/mark', auth, ({ query }) => monitor().mark(query)),
    envelopeRoute('GET /api/monitor/user/source/delete', auth, ({ query }) =>
      monitor().remove(query),
    ),
    envelopeRoute('GET /api/monitor/source/detail', null, ({ query }) => monitor().detail(query)),
    envelopeRoute('GET /api/monitor/source/summary', null, ({ query }) => monitor().summary(query)),
    envelopeRoute('GET /api/monitor/source/content', null, ({ query }) => monitor().content(query)),
  ];
}
