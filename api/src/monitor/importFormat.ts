// The import file of monitored sources (docs/import-format.md): reads it, checks every rule and
// turns it into ImportedSource values, or names the first problem by line, column and path so
// that a person can find it in an editor.
import {
  formatJsonPath,
  JsonSyntaxError,
  parseJsonWithPositions,
  positionAt,
  type JsonMember,
  type JsonNode,
} from './jsonPositions.js';
import type { ImportedLine, ImportedSource } from './types.js';
import type { Locale, SourceKind } from '@coinlens/contract';

/** Largest file accepted, in bytes (50 MiB), checked before parsing. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Most sources one file may hold. */
export const IMPORT_MAX_SOURCES = 10_000;
/** Most transcript lines one source may hold. */
export const IMPORT_MAX_TRANSCRIPT_LINES = 20_000;
/**
 * Largest `offsetSec` (7 days). The format only asks for >= 0; a bound keeps a typo such as
 * 1e300 from reaching the database, and an event lasts at most a day.
 */
export const IMPORT_MAX_OFFSET_SEC = 7 * 24 * 3600;

/** 2009-01-01T00:00:00Z and 2100-01-01T00:00:00Z, the range of `time`. */
const TIME_MIN = 1_230_768_000;
const TIME_MAX = 4_102_444_800;
const MAX_HOURS = 87_600;

const KINDS: readonly SourceKind[] = ['space', 'ama', 'podcast', 'devcall', 'article'];
const LOCALES: readonly Locale[] = ['en', 'zh', 'pt-br'];
const SOURCE_FIELDS = [
  'externalId',
  'kind',
  'author',
  'title',
  'description',
  'link',
  'logo',
  'language',
  'time',
  'startsInHours',
  'durationMinutes',
  'status',
  'heat',
  'participants',
  'tags',
  'repeatEveryDays',
  'transcript',
] as const;
const REQUIRED_FIELDS = ['externalId', 'kind', 'author', 'title', 'link'] as const;
const LINE_FIELDS = ['speaker', 'text', 'offsetSec'] as const;
const EXTERNAL_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The first problem of an import file: where it is and what to do about it. */
export class ImportFormatError extends Error {
  override readonly name = 'ImportFormatError';

  constructor(
    /** 1-based line of the offending value (or key, for an unknown field). */
    readonly line: number,
    /** 1-based column, in characters. */
    readonly column: number,
    /** Where in the document, like `sources[2].time`; '' for the file as a whole. */
    readonly path: string,
    /** What is wrong, in plain English. */
    readonly reason: string,
  ) {
    super(`line ${line}, column ${column}: ${path ? `${path}: ` : ''}${reason}`);
  }
}

export interface ImportOptions {
  /** The moment of import, Unix seconds: `startsInHours` counts from it. */
  nowSec: number;
}

/**
 * Reads an import file (a string, or the raw bytes, which must be UTF-8 without a byte-order
 * mark) and returns its sources, validated and with defaults applied. Throws ImportFormatError at
 * the first problem.
 */
export function parseImportFile(
  input: string | Uint8Array,
  options: ImportOptions,
): ImportedSource[] {
  const text = typeof input === 'string' ? checkText(input) : decodeBytes(input);
  let root: JsonNode;
  try {
    root = parseJsonWithPositions(text).root;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { line, column } = error.position;
    throw new ImportFormatError(line, column, error.path, error.reason);
  }
  return new Checker(text, options.nowSec).file(root);
}

function tooLarge(bytes: number): ImportFormatError {
  const mb = (bytes / 1024 / 1024).toFixed(1);
  return new ImportFormatError(
    1,
    1,
    '',
    `the file is ${mb} MB; the limit is 50 MB (${IMPORT_MAX_BYTES.toLocaleString('en-US')} bytes): split it into several files`,
  );
}

function checkText(text: string): string {
  // Three bytes per UTF-16 unit at most, so the exact count is needed only near the limit.
  if (text.length * 3 > IMPORT_MAX_BYTES) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > IMPORT_MAX_BYTES) throw tooLarge(bytes);
  }
  return text;
}

function decodeBytes(bytes: Uint8Array): string {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw tooLarge(bytes.byteLength);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    throw new ImportFormatError(
      1,
      1,
      '',
      'the file starts with a byte-order mark (BOM); save it as UTF-8 without BOM',
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const before = new TextDecoder('utf-8').decode(bytes.subarray(0, bad));
    const { line, column } = positionAt(before, before.length);
    const byte = (bytes[bad] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    throw new ImportFormatError(
      line,
      column,
      '',
      `invalid UTF-8 (byte 0x${byte} at byte offset ${bad}); save the file as UTF-8`,
    );
  }
}

/** The offset of the first byte that does not start a well-formed UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if (code < min || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return i;
    i += need + 1;
  }
  return bytes.length;
}

/** What a source has so far while its members are read. */
interface Draft {
  externalId?: string;
  kind?: SourceKind;
  author?: string;
  title?: string;
  description?: string;
  link?: string;
  logo?: string | null;
  language?: Locale;
  time?: number;
  timeKey?: JsonMember;
  startsInHours?: number;
  hoursKey?: JsonMember;
  durationMinutes?: number;
  status?: 'cancelled' | 'invalid' | null;
  heat?: number;
  participants?: string[];
  tags?: string[];
  repeatEveryDays?: number | null;
  transcript?: ImportedLine[];
}

class Checker {
  /** externalId -> offset of its first value, to name the line of the first copy. */
  private readonly ids = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly nowSec: number,
  ) {}

  file(root: JsonNode): ImportedSource[] {
    if (root.type !== 'object') {
      this.fail(
        root,
        '',
        `the file must hold a JSON object like {"sources": [...]}, not ${typeName(root)}`,
      );
    }
    let sources: JsonNode | undefined;
    for (const member of root.members) {
      if (member.key !== 'sources') {
        this.failAt(
          member.keyOffset,
          formatJsonPath([member.key]),
          unknownField(member.key, ['sources']),
        );
      }
      sources = member.value;
    }
    if (sources === undefined) this.fail(root, '', 'missing field "sources"');
    if (sources.type !== 'array') {
      this.fail(sources, 'sources', `must be an array of sources, not ${typeName(sources)}`);
    }
    if (sources.items.length === 0) this.fail(sources, 'sources', 'must hold at least 1 source');
    const extra = sources.items[IMPORT_MAX_SOURCES];
    if (extra) {
      this.fail(
        extra,
        `sources[${IMPORT_MAX_SOURCES}]`,
        `too many sources (${sources.items.length.toLocaleString('en-US')}): a file holds at most ${IMPORT_MAX_SOURCES.toLocaleString('en-US')}; split it into several files`,
      );
    }
    return sources.items.map((node, index) => this.source(node, `sources[${index}]`));
  }

  private source(node: JsonNode, path: string): ImportedSource {
    if (node.type !== 'object') {
      this.fail(node, path, `must be an object (one source), not ${typeName(node)}`);
    }
    const draft: Draft = {};
    for (const member of node.members) this.sourceField(member, path, draft);

    for (const field of REQUIRED_FIELDS) {
      if (draft[field] === undefined) this.fail(node, path, `missing field "${field}"`);
    }
    if (draft.timeKey && draft.hoursKey) {
      const later =
        draft.timeKey.keyOffset > draft.hoursKey.keyOffset ? draft.timeKey : draft.hoursKey;
      this.failAt(
        later.keyOffset,
        childPath(path, later.key),
        'give either "time" or "startsInHours", not both',
      );
    }
    let time = draft.time;
    if (draft.startsInHours !== undefined) {
      time = Math.round(this.nowSec + draft.startsInHours * 3600);
    }
    if (time === undefined) {
      this.fail(
        node,
        path,
        'missing field "time" (a date-time or Unix seconds) or "startsInHours" (hours from the import)',
      );
    }
    // The required fields were checked above; the `??` only satisfies the compiler.
    return {
      externalId: draft.externalId ?? '',
      kind: draft.kind ?? 'space',
      author: draft.author ?? '',
      logo: draft.logo ?? null,
      title: draft.title ?? '',
      description: draft.description ?? '',
      link: draft.link ?? '',
      language: draft.language ?? 'en',
      time,
      durationMinutes: draft.durationMinutes ?? 60,
      status: draft.status ?? null,
      heat: draft.heat ?? 0,
      participants: draft.participants ?? [],
      tags: draft.tags ?? [],
      repeatEveryDays: draft.repeatEveryDays ?? null,
      transcript: draft.transcript ?? [],
    };
  }

  private sourceField(member: JsonMember, parent: string, draft: Draft): void {
    const path = childPath(parent, member.key);
    const value = member.value;
    // Optional fields take null as "not given"; required ones are refused by their reader.
    const absent = value.type === 'null';
    switch (member.key) {
      case 'externalId': {
        const id = this.required(value, path, 128);
        if (!EXTERNAL_ID.test(id)) {
          this.fail(
            value,
            path,
            'may hold only letters A-Z and a-z, digits and . _ : - (1 to 128 characters)',
          );
        }
        const first = this.ids.get(id);
        if (first !== undefined) {
          this.fail(
            value,
            path,
            `duplicate externalId "${id}" (first at line ${positionAt(this.text, first).line})`,
          );
        }
        this.ids.set(id, value.offset);
        draft.externalId = id;
        return;
      }
      case 'kind':
        draft.kind = this.choice(value, path, KINDS) ?? this.empty(value, path);
        return;
      case 'author':
        draft.author = this.required(value, path, 100);
        return;
      case 'title':
        draft.title = this.required(value, path, 200);
        return;
      case 'description':
        if (!absent) draft.description = this.string(value, path, 2000);
        return;
      case 'link':
        draft.link = this.url(value, path) ?? this.empty(value, path);
        return;
      case 'logo':
        draft.logo = absent ? null : (this.url(value, path) ?? null);
        return;
      case 'language':
        if (!absent) draft.language = this.choice(value, path, LOCALES, true);
        return;
      case 'time':
        draft.timeKey = member;
        draft.time = this.time(value, path);
        return;
      case 'startsInHours': {
        draft.hoursKey = member;
        const hours = this.number(value, path);
        if (Math.abs(hours) > MAX_HOURS) {
          this.fail(
            value,
            path,
            `must be from -${fmt(MAX_HOURS)} to ${fmt(MAX_HOURS)} hours (ten years), not ${hours}`,
          );
        }
        draft.startsInHours = hours;
        return;
      }
      case 'durationMinutes':
        if (!absent) draft.durationMinutes = this.integer(value, path, 1, 1440);
        return;
      case 'status':
        if (!absent) {
          const status = this.string(value, path, 100);
          if (status !== 'cancelled' && status !== 'invalid') {
            this.fail(
              value,
              path,
              `must be "cancelled" or "invalid" (every other status follows from the clock), not ${JSON.stringify(status ?? '')}`,
            );
          }
          draft.status = status;
        }
        return;
      case 'heat':
        if (!absent) draft.heat = this.integer(value, path, 0, 1_000_000_000);
        return;
      case 'participants':
        if (!absent) draft.participants = this.stringList(value, path, 50, 100);
        return;
      case 'tags':
        if (!absent) draft.tags = this.stringList(value, path, 20, 40);
        return;
      case 'repeatEveryDays':
        draft.repeatEveryDays = absent ? null : this.integer(value, path, 1, 365);
        return;
      case 'transcript':
        if (!absent) draft.transcript = this.transcript(value, path);
        return;
      default:
        this.failAt(member.keyOffset, path, unknownField(member.key, SOURCE_FIELDS));
    }
  }

  private transcript(node: JsonNode, path: string): ImportedLine[] {
    if (node.type !== 'array') {
      this.fail(
        node,
        path,
        `must be an array of lines like {"speaker": "…", "text": "…", "offsetSec": 0}, not ${typeName(node)}`,
      );
    }
    const extra = node.items[IMPORT_MAX_TRANSCRIPT_LINES];
    if (extra) {
      this.fail(
        extra,
        `${path}[${IMPORT_MAX_TRANSCRIPT_LINES}]`,
        `too many lines (${fmt(node.items.length)}): a transcript holds at most ${fmt(IMPORT_MAX_TRANSCRIPT_LINES)}`,
      );
    }
    const lines: ImportedLine[] = [];
    let previous = 0;
    node.items.forEach((item, index) => {
      const linePath = `${path}[${index}]`;
      if (item.type !== 'object') {
        this.fail(
          item,
          linePath,
          `must be an object like {"speaker": "…", "text": "…", "offsetSec": 0}, not ${typeName(item)}`,
        );
      }
      let speaker: string | undefined;
      let text: string | undefined;
      let offsetSec: number | undefined;
      for (const member of item.members) {
        const memberPath = childPath(linePath, member.key);
        if (member.key === 'speaker') speaker = this.required(member.value, memberPath, 100);
        else if (member.key === 'text') text = this.required(member.value, memberPath, 5000);
        else if (member.key === 'offsetSec') {
          offsetSec = this.integer(member.value, memberPath, 0, IMPORT_MAX_OFFSET_SEC);
          if (offsetSec < previous) {
            this.fail(
              member.value,
              memberPath,
              `must not be less than the line before (${previous})`,
            );
          }
        } else {
          this.failAt(member.keyOffset, memberPath, unknownField(member.key, LINE_FIELDS));
        }
      }
      if (speaker === undefined) this.fail(item, linePath, 'missing field "speaker"');
      if (text === undefined) this.fail(item, linePath, 'missing field "text"');
      if (offsetSec === undefined) this.fail(item, linePath, 'missing field "offsetSec"');
      previous = offsetSec;
      lines.push({ speaker, text, offsetSec });
    });
    return lines;
  }

  /**
   * A trimmed string of at most `max` characters, or undefined when it is empty after trimming
   * (the format counts that as missing; a required field is then reported as missing).
   */
  private string(node: JsonNode, path: string, max: number): string | undefined {
    if (node.type !== 'string') this.fail(node, path, `must be a string, not ${typeName(node)}`);
    const value = node.value.trim();
    if (value === '') return undefined;
    const length = charLength(value, max);
    if (length > max)
      this.fail(node, path, `must be at most ${fmt(max)} characters (it has ${fmt(length)})`);
    // PostgreSQL cannot store U+0000 in text.
    if (value.includes('\u0000'))
      this.fail(node, path, 'must not contain the NUL character (\\u0000)');
    return value;
  }

  /** A required string: present but empty after trimming is refused at the value itself. */
  private required(node: JsonNode, path: string, max: number): string {
    return this.string(node, path, max) ?? this.empty(node, path);
  }

  private empty(node: JsonNode, path: string): never {
    return this.fail(node, path, 'must not be empty (it is required)');
  }

  private stringList(node: JsonNode, path: string, maxItems: number, maxLength: number): string[] {
    if (node.type !== 'array')
      this.fail(node, path, `must be an array of strings, not ${typeName(node)}`);
    const extra = node.items[maxItems];
    if (extra) this.fail(extra, `${path}[${maxItems}]`, `too many items: at most ${maxItems}`);
    return node.items.map((item, index) => {
      return (
        this.string(item, `${path}[${index}]`, maxLength) ??
        this.fail(item, `${path}[${index}]`, 'must not be empty')
      );
    });
  }

  private choice<T extends string>(
    node: JsonNode,
    path: string,
    options: readonly T[],
    ignoreCase = false,
  ): T | undefined {
    const value = this.string(node, path, 100);
    if (value === undefined) return undefined;
    // Language tags are case-insensitive (BCP 47), so "pt-BR" is "pt-br".
    const key = ignoreCase ? value.toLowerCase() : value;
    const found = options.find((option) => option === key);
    if (found === undefined) {
      const list = options.map((option) => `"${option}"`);
      this.fail(
        node,
        path,
        `must be one of ${list.slice(0, -1).join(', ')} or ${list.at(-1) ?? ''}, not ${JSON.stringify(value)}`,
      );
    }
    return found;
  }

  private url(node: JsonNode, path: string): string | undefined {
    const value = this.string(node, path, 2048);
    if (value === undefined) return undefined;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      // Not a URL: refused below.
    }
    // The URL parser forgives spaces and backslashes; a link a person reads must not need that.
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.hostname === '' ||
      /[\s\\]/.test(value)
    ) {
      this.fail(node, path, 'must be an absolute http or https URL');
    }
    return value;
  }

  private number(node: JsonNode, path: string): number {
    if (node.type === 'number') {
      if (!Number.isFinite(node.value)) this.fail(node, path, 'is too large a number');
      return node.value;
    }
    if (node.type === 'string' && node.value.trim() !== '' && Number.isFinite(Number(node.value))) {
      this.fail(node, path, 'must be a number without quotes');
    }
    return this.fail(node, path, `must be a number, not ${typeName(node)}`);
  }

  private integer(node: JsonNode, path: string, min: number, max: number): number {
    const value = this.number(node, path);
    if (!Number.isInteger(value)) {
      this.fail(node, path, `must be a whole number from ${fmt(min)} to ${fmt(max)}, not ${value}`);
    }
    if (value < min || value > max)
      this.fail(node, path, `must be from ${fmt(min)} to ${fmt(max)}, not ${fmt(value)}`);
    return value;
  }

  private time(node: JsonNode, path: string): number {
    const range = 'must be between 2009-01-01 and 2100-01-01';
    if (node.type === 'number') {
      const value = node.value;
      if (!Number.isInteger(value))
        this.fail(node, path, `must be whole Unix seconds, not ${value}`);
      if (value > TIME_MAX * 100) {
        this.fail(node, path, `${range}; ${value} looks like milliseconds: give Unix seconds`);
      }
      if (value < TIME_MIN || value > TIME_MAX) {
        this.fail(node, path, `${range} (Unix seconds ${TIME_MIN} to ${TIME_MAX}), not ${value}`);
      }
      return value;
    }
    if (node.type !== 'string') {
      this.fail(
        node,
        path,
        `must be a date-time like "2025-06-01T18:00:00Z" or Unix seconds, not ${typeName(node)}`,
      );
    }
    if (/^\s*-?\d+\s*$/.test(node.value))
      this.fail(node, path, 'Unix seconds must be a number without quotes');
    const result = parseIsoDateTime(node.value.trim());
    if (typeof result === 'string') this.fail(node, path, result);
    if (result < TIME_MIN || result > TIME_MAX) this.fail(node, path, range);
    return result;
  }

  private fail(node: JsonNode, path: string, reason: string): never {
    return this.failAt(node.offset, path, reason);
  }

  private failAt(offset: number, path: string, reason: string): never {
    const { line, column } = positionAt(this.text, offset);
    throw new ImportFormatError(line, column, path, reason);
  }
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * Unix seconds (rounded) of an ISO 8601 date-time with a zone, or the reason it is refused. Exported
 * for the tests and for anyone checking a single value.
 */
export function parseIsoDateTime(value: string): number | string {
  const example = 'such as "2025-06-01T18:00:00Z" or "2025-06-01T20:00:00+02:00"';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return `is a date without a time; give a date-time with a time zone ${example}`;
  }
  const match = ISO.exec(value);
  if (!match) return `must be an ISO 8601 date-time with a time zone ${example}, or Unix seconds`;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, zh, zm] = match;
  if (!zulu && !sign) {
    return `has no time zone; add "Z" for UTC or an offset such as "+08:00"`;
  }
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? 0);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth)
    return `has no such date (${y}-${mo}-${d})`;
  if (hour > 23 || minute > 59 || second > 59)
    return `has no such time of day (${h}:${mi}${s ? `:${s}` : ''})`;
  if (Number(zh ?? 0) > 23 || Number(zm ?? 0) > 59) return 'has a bad time zone offset';
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm)) : 0;
  const ms =
    Date.UTC(year, month - 1, day, hour, minute, second) +
    Number(`0.${fraction ?? '0'}`) * 1000 -
    offsetMinutes * 60_000;
  return Math.round(ms / 1000);
}

/** Characters (code points) of `value`, counted exactly only when it might be over `max`. */
function charLength(value: string, max: number): number {
  if (value.length <= max) return value.length;
  let count = 0;
  for (const _char of value) count++;
  return count;
}

function typeName(node: JsonNode): string {
  switch (node.type) {
    case 'null':
      return 'null';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return `a ${node.type} (${shorten(JSON.stringify(node.value))})`;
  }
}

/** `parent.key`, or `parent["odd key"]` for a key that is not a plain name. */
function childPath(parent: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

function shorten(value: string): string {
  return value.length > 40 ? `${value.slice(0, 37)}...` : value;
}

function fmt(value: number): string {
  return value.toLocaleString('en-US');
}

function unknownField(key: string, known: readonly string[]): string {
  const close = known.find(
    (name) => name.toLowerCase() === key.toLowerCase() || editDistance(name, key) <= 2,
  );
  const hint = close ? ` (did you mean "${close}"?)` : '';
  return `unknown field ${JSON.stringify(key)}${hint}`;
}

/** Levenshtein distance, for "did you mean" on short field names only. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || a.length > 40 || b.length > 40) return 3;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost);
    }
    row = next;
  }
  return row[b.length] ?? 0;
}
