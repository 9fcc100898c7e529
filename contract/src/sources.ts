// Monitored information sources (live events), their summaries and transcripts.
import { Type, type Static } from 'typebox';
import { Coin, Id } from './coins.js';
import type { Locale } from './locale.js';

/**
 * One status everywhere: 1 UnStarted, 2 InProgress, 3 Finished (ended, not parsed yet),
 * 4 Parsing, 5 Completed (summary and content ready), 6 Cancelled, 7 Invalid.
 */
export type SourceStatus = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** What kind of event a source is: `article` is a written post of a feed. */
export type SourceKind = 'space' | 'ama' | 'podcast' | 'devcall' | 'article';

export const MonitorSource = Type.Object({
  id: Type.Integer(),
  logo: Type.String(),
  author: Type.String(),
  title: Type.String(),
  status: Type.Integer({
    description:
      '1 UnStarted, 2 InProgress, 3 Finished (ended, not parsed yet), 4 Parsing, 5 Completed (summary and content ready), 6 Cancelled, 7 Invalid.',
  }),
  time: Type.Integer({ description: 'Scheduled start, Unix seconds.' }),
  heat: Type.Integer(),
  link: Type.String(),
});

/** A monitored information source: a live event. */
export interface MonitorSource {
  id: number;
  logo: string;
  author: string;
  title: string;
  status: SourceStatus;
  /** Scheduled start, Unix seconds. */
  time: number;
  heat: number;
  link: string;
}

export const UserMonitorSource = Type.Object({
  ...MonitorSource.properties,
  addedAt: Type.Integer({ description: 'Unix seconds.' }),
  unread: Type.Boolean({ description: 'The source has lines the user has not marked as read.' }),
});

/** A source the user follows (`GET /api/monitor/user/source/list`). */
export interface UserMonitorSource extends MonitorSource {
  /** Unix seconds. */
  addedAt: number;
  /** True when the source has content the user has not marked as read. */
  unread: boolean;
}

export const SourceFeed = Type.Object(
  {
    title: Type.String({ description: "The feed's own title, or its address's host." }),
    url: Type.String({ description: "The feed's address." }),
    link: Type.Union([Type.String(), Type.Null()], {
      description: 'The site the feed belongs to, when it names one.',
    }),
  },
  { description: 'The feed a source was read from.' },
);

/** The feed a source was read from (an operator's FEEDS). */
export interface SourceFeed {
  /** The feed's own title, or its address's host. */
  title: string;
  /** The feed's address. */
  url: string;
  /** The site the feed belongs to, when it names one. */
  link: string | null;
}

export const MonitorSourceDetail = Type.Object({
  ...MonitorSource.properties,
  kind: Type.String({ description: 'space, ama, podcast, devcall or article.' }),
  description: Type.String(),
  startedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds.' }),
  endedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds.' }),
  participants: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  language: Type.String({ description: 'The language the event is held in.' }),
  demo: Type.Boolean({ description: 'Part of the bundled demo data set.' }),
  feed: Type.Union([SourceFeed, Type.Null()], {
    description: 'The feed it was read from; null for demo and imported sources.',
  }),
});

/** `GET /api/monitor/source/detail`. */
export interface MonitorSourceDetail extends MonitorSource {
  kind: SourceKind;
  description: string;
  /** Unix seconds; null until it starts. */
  startedAt: number | null;
  /** Unix seconds; null until it ends. */
  endedAt: number | null;
  participants: string[];
  tags: string[];
  /** The language the event is held in. */
  language: Locale;
  /** True for the bundled demo data set. */
  demo: boolean;
  /** The feed it was read from; null for demo and imported sources. */
  feed: SourceFeed | null;
}

export const KeyPointSource = Type.Object(
  {
    lineId: Type.Integer({ description: 'The transcript line (`ContentLine.id`).' }),
    offsetSec: Type.Integer({ description: "The line's seconds from the start of the event." }),
  },
  { description: 'Where in the transcript a key point came from.' },
);
/** Where in the transcript a key point came from: a line, and its time from the start. */
export type KeyPointSource = Static<typeof KeyPointSource>;

export const SourceSummary = Type.Object({
  summary: Type.String(),
  keyPoints: Type.Array(Type.String()),
  keyPointSources: Type.Array(Type.Union([KeyPointSource, Type.Null()]), {
    description:
      'One per key point, in order: the transcript line it came from, or null where it is not known.',
  }),
  coins: Type.Array(Coin),
  language: Type.String({ description: 'The language of summary and key points.' }),
});

/** `GET /api/monitor/source/summary`. */
export interface SourceSummary {
  summary: string;
  keyPoints: string[];
  /** One per key point, in order: the transcript line it came from, or null where unknown. */
  keyPointSources: (KeyPointSource | null)[];
  /** The coins the event talked about. */
  coins: Coin[];
  /** The language of `summary` and `keyPoints`. */
  language: Locale;
}

/** One line of a source's transcript (`GET /api/monitor/source/content`). */
export const ContentLine = Type.Object({
  id: Type.Integer(),
  speaker: Type.String(),
  text: Type.String(),
  offsetSec: Type.Integer({ description: 'Seconds from the start of the event.' }),
});
/** One line of a source's transcript; `offsetSec` from the start of the event. */
export type ContentLine = Static<typeof ContentLine>;

/** The `status` filter of the source lists. */
export const StatusFilter = Type.Optional(
  Type.String({
    description:
      'Empty for all; 1 UnStarted, 2 InProgress, 3 every ended source (3, 4 and 5), 4 Parsing, 5 Completed, 6 Cancelled, 7 Invalid. Anything else: code 400.',
  }),
);

export const SourceIdQuery = Type.Object({ sourceId: Id() });
