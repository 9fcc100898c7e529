// Monitored sources inside the server: what an import file brings in (after validation) and
// what makes a summary of a transcript.
import type { Locale, SourceKind } from '@coinlens/contract';

/** One transcript line of an import. */
export interface ImportedLine {
  speaker: string;
  text: string;
  /** Seconds from the start of the event. */
  offsetSec: number;
}

/** One source of an import file, validated and normalised (see monitor/importFormat.ts). */
export interface ImportedSource {
  /** The importer's own stable id; importing it again updates the source. */
  externalId: string;
  kind: SourceKind;
  author: string;
  /** An absolute http(s) URL, or null for the author's monogram. */
  logo: string | null;
  title: string;
  description: string;
  link: string;
  language: Locale;
  /** Scheduled start, Unix seconds (already resolved when the file gave `startsInHours`). */
  time: number;
  durationMinutes: number;
  /** Only these two are given by a file; every other status follows from the clock. */
  status: 'cancelled' | 'invalid' | null;
  heat: number;
  participants: string[];
  tags: string[];
  /** For a repeating event: the next one is scheduled this many days after each start. */
  repeatEveryDays: number | null;
  /** Empty when the transcript is not in yet (the source then waits in Finished). */
  transcript: ImportedLine[];
}

/** A summary of a transcript. */
export interface TranscriptSummary {
  summary: string;
  keyPoints: string[];
  /**
   * One per key point: the index in `SummaryInput.lines` of the line it came from, or null where
   * the summarizer cannot tell for sure (a wrong link would mislead the reader who checks it).
   */
  keyPointLines: (number | null)[];
  /** The language of `summary` and `keyPoints`. */
  language: Locale;
  /** Which engine wrote it. */
  engine: 'assistant' | 'extractive';
}

/** A coin a summarizer may recognise in a transcript. */
export interface KnownCoin {
  id: number;
  name: string;
  symbol: string;
}

export interface SummaryInput {
  title: string;
  language: Locale;
  lines: readonly ImportedLine[];
  coins: readonly KnownCoin[];
}

export interface Summarizer {
  /** Summarises a transcript; throws when it cannot (the source then stays in Parsing). */
  summarize(input: SummaryInput): Promise<TranscriptSummary & { coinIds: number[] }>;
}
