// Turns what a feed gives as an item's words into transcript lines: a Podcasting 2.0 transcript
// (WebVTT or SRT through @plussub/srt-vtt-parser, the namespace's JSON, HTML or plain text), or,
// without one, the item's own content. HTML becomes text through html-to-text. Timed formats keep
// each cue's start as the line's offset; untimed text is one line per paragraph at offset 0.
import { parse as parseSubtitles } from '@plussub/srt-vtt-parser';
import { compile } from 'html-to-text';
import { IMPORT_MAX_OFFSET_SEC, IMPORT_MAX_TRANSCRIPT_LINES } from '../monitor/importFormat.js';
import type { ImportedLine } from '../monitor/types.js';

/** The longest one line may be: a paragraph past it is cut, as a summary reads no further. */
const LINE_MAX_CHARS = 4000;

export class TranscriptFormatError extends Error {
  override readonly name = 'TranscriptFormatError';
}

export type TranscriptKind = 'vtt' | 'srt' | 'json' | 'html' | 'text';

/** Which reader a `podcast:transcript` type asks for; null for one we do not read. */
export function transcriptKind(type: string): TranscriptKind | null {
  const mime = type.split(';')[0]!.trim().toLowerCase();
  if (mime === 'text/vtt') return 'vtt';
  if (mime === 'application/x-subrip' || mime === 'application/srt' || mime === 'text/srt') {
    return 'srt';
  }
  if (mime === 'application/json') return 'json';
  if (mime === 'text/html') return 'html';
  if (mime === 'text/plain') return 'text';
  return null;
}

/**
 * The order in which an item's transcripts are preferred: timed ones first (their lines keep
 * their place in the audio), as the Podcasting 2.0 namespace recommends.
 */
export const TRANSCRIPT_PREFERENCE: readonly TranscriptKind[] = [
  'json',
  'vtt',
  'srt',
  'html',
  'text',
];

function clean(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LINE_MAX_CHARS ? `${line.slice(0, LINE_MAX_CHARS - 1)}…` : line;
}

function offset(seconds: number): number {
  return Math.min(IMPORT_MAX_OFFSET_SEC, Math.max(0, Math.floor(seconds)));
}

/**
 * Plain text of an HTML fragment, a paragraph a line. Compiled once: `convert` compiles its
 * options on every call, which cost more than the text itself for a transcript's many cues.
 */
export const htmlText: (html: string) => string = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
});

/** Untimed text as lines: one per non-empty line of it, all said by `speaker` at the start. */
export function textLines(text: string, speaker: string): ImportedLine[] {
  return text
    .split(/\n+/)
    .map(clean)
    .filter((line) => line !== '')
    .slice(0, IMPORT_MAX_TRANSCRIPT_LINES)
    .map((line) => ({ speaker, text: line, offsetSec: 0 }));
}

// A WebVTT cue's voice span (`<v Alice>` or `<v.loud Alice>`) names its speaker; the parser
// leaves it in the cue's text.
const VOICE = /^\s*<v(?:\.[^\s>]+)?\s+([^>]+)>/;

function cueLines(body: string, speaker: string): ImportedLine[] {
  // The package's declarations import './types' without an extension, which NodeNext resolution
  // does not follow: its cue type is written out here.
  const { entries }: { entries: { from: number; text: string }[] } = parseSubtitles(
    body.replace(/\r\n?/g, '\n'),
  );
  if (entries.length === 0) throw new TranscriptFormatError('no cues in the subtitles');
  return entries.slice(0, IMPORT_MAX_TRANSCRIPT_LINES).flatMap((entry) => {
    const voice = VOICE.exec(entry.text)?.[1]?.trim();
    const line = clean(htmlText(entry.text));
    return line === ''
      ? []
      : [{ speaker: voice || speaker, text: line, offsetSec: offset(entry.from / 1000) }];
  });
}

function jsonLines(body: string, speaker: string): ImportedLine[] {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch (error) {
    throw new TranscriptFormatError(`not JSON: ${(error as Error).message}`);
  }
  const segments = (document as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) throw new TranscriptFormatError('JSON without `segments`');
  return segments.slice(0, IMPORT_MAX_TRANSCRIPT_LINES).flatMap((segment: unknown) => {
    const { body: words, speaker: who, startTime } = (segment ?? {}) as Record<string, unknown>;
    if (typeof words !== 'string') return [];
    const line = clean(words);
    return line === ''
      ? []
      : [
          {
            speaker: typeof who === 'string' && who.trim() !== '' ? who.trim() : speaker,
            text: line,
            offsetSec: offset(typeof startTime === 'number' ? startTime : 0),
          },
        ];
  });
}

/** A fetched transcript's lines; `speaker` stands for whoever a line does not name. */
export function transcriptLines(
  body: string,
  kind: TranscriptKind,
  speaker: string,
): ImportedLine[] {
  switch (kind) {
    case 'vtt':
    case 'srt':
      return cueLines(body, speaker);
    case 'json':
      return jsonLines(body, speaker);
    case 'html':
      return textLines(htmlText(body), speaker);
    case 'text':
      return textLines(body, speaker);
  }
}
