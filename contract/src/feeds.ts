// The operator's view of the feeds the server reads (FEEDS): how each read went, for finding a
// feed that stopped working.
import { Type } from 'typebox';

const Instant = (description: string) =>
  Type.Union([Type.Integer(), Type.Null()], { description: `${description} Unix seconds.` });

export const FeedState = Type.Object({
  id: Type.Integer(),
  url: Type.String({ description: "The feed's address, as configured." }),
  title: Type.Union([Type.String(), Type.Null()], {
    description: "The feed's own title; null until a read brought it.",
  }),
  link: Type.Union([Type.String(), Type.Null()], { description: 'The site the feed names.' }),
  active: Type.Boolean({
    description: 'Still configured; a feed taken out of FEEDS keeps its sources but is not read.',
  }),
  lastFetchedAt: Instant('The last read, whatever its outcome; null before the first.'),
  lastSuccessAt: Instant('The last read that worked (a 200 or a 304).'),
  nextFetchAt: Instant('When the next read is due.'),
  failures: Type.Integer({ description: 'Failed reads in a row; 0 after a read that worked.' }),
  lastError: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the last read failed; null when it worked.',
  }),
  sources: Type.Integer({ description: 'The monitored sources read from it.' }),
  keep: Type.Array(Type.String(), {
    description:
      'Its keep words (FEEDS_FILE): when there are some, only items saying one are read.',
  }),
  mute: Type.Array(Type.String(), {
    description: 'Its mute words (FEEDS_FILE): items saying one are left out.',
  }),
});

/** A feed's state, as the operator sees it (`GET /api/monitor/feed/list`). */
export interface FeedState {
  id: number;
  url: string;
  /** The feed's own title; null until a read brought it. */
  title: string | null;
  link: string | null;
  /** Still configured; a feed taken out of FEEDS keeps its sources but is not read. */
  active: boolean;
  /** Unix seconds; null before the first read. */
  lastFetchedAt: number | null;
  /** Unix seconds: the last read that worked (a 200 or a 304). */
  lastSuccessAt: number | null;
  /** Unix seconds. */
  nextFetchAt: number | null;
  /** Failed reads in a row. */
  failures: number;
  /** Why the last read failed; null when it worked. */
  lastError: string | null;
  /** The monitored sources read from it. */
  sources: number;
  /** Its keep words (FEEDS_FILE): when there are some, only items saying one are read. */
  keep: string[];
  /** Its mute words (FEEDS_FILE): items saying one are left out. */
  mute: string[];
}
