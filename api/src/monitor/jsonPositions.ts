// A strict JSON parser (RFC 8259) that keeps where every value and key starts, so that a
// validator can tell a person "line 14, column 15" instead of "somewhere in your file".
//
// JSON.parse gives neither positions of values nor a stable, readable position of a syntax error,
// hence this parser. Each node keeps the offset of its first character only; line and column are
// worked out when asked (an error is reported once, so a line index would not pay for itself).

/** Where something is in the text: 1-based line and column, and the 0-based UTF-16 offset. */
export interface JsonPosition {
  line: number;
  /** Counted in characters (Unicode code points), so a Chinese character or an emoji is one. */
  column: number;
  offset: number;
}

/** One key of an object, with the value it names. */
export interface JsonMember {
  key: string;
  /** Offset of the key's opening quote. */
  keyOffset: number;
  value: JsonNode;
}

/** A parsed value with the offset of its first character. */
export type JsonNode =
  | { type: 'null'; offset: number }
  | { type: 'boolean'; offset: number; value: boolean }
  | { type: 'number'; offset: number; value: number }
  | { type: 'string'; offset: number; value: string }
  | { type: 'array'; offset: number; items: JsonNode[] }
  | { type: 'object'; offset: number; members: JsonMember[] };

/** One step of a path: an object key or an array index. */
export type JsonPathSegment = string | number;

/** A syntax error, with where it is and what is wrong in plain words. */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';

  constructor(
    /** Where the problem is. */
    readonly position: JsonPosition,
    /** The innermost value being read when the problem was found (`sources[2].title`), or ''. */
    readonly path: string,
    /** What is wrong, in plain English. */
    readonly reason: string,
  ) {
    super(`line ${position.line}, column ${position.column}: ${path ? `${path}: ` : ''}${reason}`);
  }
}

/** Writes a path the way JavaScript would read it: `sources[2].title`, `x["odd key"]`. */
export function formatJsonPath(segments: readonly JsonPathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** The line and column of a UTF-16 offset in `text` (\n, \r\n and a lone \r end a line). */
export function positionAt(text: string, offset: number): JsonPosition {
  const end = Math.min(Math.max(offset, 0), text.length);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  let column = 1;
  for (let i = lineStart; i < end; i++) {
    const code = text.charCodeAt(i);
    // The second half of a surrogate pair belongs to the character already counted.
    const low = code >= 0xdc00 && code <= 0xdfff;
    const afterHigh = i > lineStart && isHighSurrogate(text.charCodeAt(i - 1));
    if (!(low && afterHigh)) column++;
  }
  return { line, column, offset: end };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The node at `path` under `root`, or undefined when there is none. */
export function nodeAt(root: JsonNode, path: readonly JsonPathSegment[]): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  for (const segment of path) {
    if (node === undefined) return undefined;
    if (typeof segment === 'number') {
      node = node.type === 'array' ? node.items[segment] : undefined;
    } else if (node.type === 'object') {
      // The last one wins, as in JSON.parse (the parser refuses duplicates by default anyway).
      let found: JsonNode | undefined;
      for (const member of node.members) if (member.key === segment) found = member.value;
      node = found;
    } else {
      node = undefined;
    }
  }
  return node;
}

/** The plain JavaScript value of a node, as JSON.parse would give it. */
export function toPlainValue(node: JsonNode): unknown {
  switch (node.type) {
    case 'null':
      return null;
    case 'boolean':
    case 'number':
    case 'string':
      return node.value;
    case 'array':
      return node.items.map(toPlainValue);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const member of node.members) {
        // defineProperty, so that a "__proto__" key is data and not a prototype change.
        Object.defineProperty(out, member.key, {
          value: toPlainValue(member.value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
  }
}

export interface JsonParseOptions {
  /** Deepest nesting allowed (default 64), so that `[[[[…` cannot exhaust the stack. */
  maxDepth?: number;
  /** Refuse an object that repeats a key (default true): JSON.parse would silently keep the last. */
  rejectDuplicateKeys?: boolean;
}

/** The parsed document: its root node, and positions of offsets into the same text. */
export interface JsonDocument {
  root: JsonNode;
  /** The line and column of an offset taken from a node or member. */
  positionOf(offset: number): JsonPosition;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const CONTROL_NAMES: Record<number, string> = {
  0x09: 'a tab',
  0x0a: 'a line break',
  0x0d: 'a line break',
};

/**
 * Parses `text` as one JSON value, strictly (no comments, trailing commas, single quotes, NaN or a
 * leading byte-order mark), keeping the offset of every value and key. Throws JsonSyntaxError at
 * the first problem.
 */
export function parseJsonWithPositions(text: string, options: JsonParseOptions = {}): JsonDocument {
  const parser = new Parser(text, options.maxDepth ?? 64, options.rejectDuplicateKeys ?? true);
  return { root: parser.parseDocument(), positionOf: (offset) => positionAt(text, offset) };
}

class Parser {
  private pos = 0;
  /** The path to the value being read, kept only so that an error can name it. */
  private readonly path: JsonPathSegment[] = [];

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    private readonly rejectDuplicateKeys: boolean,
  ) {}

  parseDocument(): JsonNode {
    if (this.text.charCodeAt(0) === 0xfeff) {
      this.fail(0, 'the file starts with a byte-order mark (BOM); save it as UTF-8 without BOM');
    }
    this.skipWhitespace();
    if (this.pos >= this.text.length) {
      this.fail(0, this.text.length === 0 ? 'the file is empty' : 'the file holds only whitespace');
    }
    const root = this.parseValue(0);
    this.skipWhitespace();
    if (this.pos < this.text.length) {
      this.fail(this.pos, `unexpected ${this.describe(this.pos)} after the end of the JSON value`);
    }
    return root;
  }

  private parseValue(depth: number): JsonNode {
    const start = this.pos;
    const code = this.text.charCodeAt(start);
    switch (code) {
      case 0x7b: // {
        return this.parseObject(depth + 1);
      case 0x5b: // [
        return this.parseArray(depth + 1);
      case 0x22: // "
        return { type: 'string', offset: start, value: this.parseString() };
      case 0x74: // t
        return { type: 'boolean', offset: start, value: this.parseWord('true', true) };
      case 0x66: // f
        return { type: 'boolean', offset: start, value: this.parseWord('false', false) };
      case 0x6e: // n
        this.parseWord('null', null);
        return { type: 'null', offset: start };
      default:
        if (code === 0x2d || (code >= 0x30 && code <= 0x39)) return this.parseNumber();
        return this.fail(start, this.unexpectedValue(start));
    }
  }

  private parseObject(depth: number): JsonNode {
    const start = this.pos;
    if (depth > this.maxDepth) this.fail(start, `nested deeper than ${this.maxDepth} levels`);
    this.pos++;
    const members: JsonMember[] = [];
    const seen = this.rejectDuplicateKeys ? new Map<string, number>() : null;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return { type: 'object', offset: start, members };
    }
    for (;;) {
      const keyOffset = this.pos;
      const code = this.text.charCodeAt(keyOffset);
      if (code !== 0x22) {
        if (this.pos >= this.text.length) this.fail(start, 'this object is not closed with "}"');
        if (code === 0x27) this.fail(keyOffset, 'keys must be in double quotes, not single quotes');
        this.fail(keyOffset, `expected a key in double quotes, found ${this.describe(keyOffset)}`);
      }
      const key = this.parseString();
      if (seen) {
        const first = seen.get(key);
        if (first !== undefined) {
          this.path.push(key);
          this.fail(
            keyOffset,
            `duplicate key ${JSON.stringify(key)} (first at line ${positionAt(this.text, first).line})`,
          );
        }
        seen.set(key, keyOffset);
      }
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== 0x3a) {
        this.fail(
          this.pos,
          `expected ":" after the key ${JSON.stringify(key)}, found ${this.describe(this.pos)}`,
        );
      }
      this.pos++;
      this.skipWhitespace();
      this.path.push(key);
      if (this.pos >= this.text.length)
        this.fail(this.pos, 'the file ends where a value was expected');
      const value = this.parseValue(depth);
      this.path.pop();
      members.push({ key, keyOffset, value });
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos);
      if (next === 0x7d) {
        this.pos++;
        return { type: 'object', offset: start, members };
      }
      if (next !== 0x2c) {
        if (this.pos >= this.text.length) this.fail(start, 'this object is not closed with "}"');
        this.fail(
          this.pos,
          `expected "," or "}" after a value, found ${this.describe(this.pos)}${this.commaHint()}`,
        );
      }
      const comma = this.pos;
      this.pos++;
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) === 0x7d) {
        this.fail(comma, 'trailing comma before "}"; remove it');
      }
    }
  }

  private parseArray(depth: number): JsonNode {
    const start = this.pos;
    if (depth > this.maxDepth) this.fail(start, `nested deeper than ${this.maxDepth} levels`);
    this.pos++;
    const items: JsonNode[] = [];
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return { type: 'array', offset: start, items };
    }
    for (;;) {
      if (this.pos >= this.text.length) this.fail(start, 'this array is not closed with "]"');
      this.path.push(items.length);
      items.push(this.parseValue(depth));
      this.path.pop();
      this.skipWhitespace();
      const next = this.text.charCodeAt(this.pos);
      if (next === 0x5d) {
        this.pos++;
        return { type: 'array', offset: start, items };
      }
      if (next !== 0x2c) {
        if (this.pos >= this.text.length) this.fail(start, 'this array is not closed with "]"');
        this.fail(
          this.pos,
          `expected "," or "]" after a value, found ${this.describe(this.pos)}${this.commaHint()}`,
        );
      }
      const comma = this.pos;
      this.pos++;
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) === 0x5d) {
        this.fail(comma, 'trailing comma before "]"; remove it');
      }
    }
  }

  /** Reads a string starting at its opening quote and returns its value. */
  private parseString(): string {
    const text = this.text;
    const start = this.pos;
    let i = start + 1;
    let out = '';
    let chunk = i;
    for (;;) {
      if (i >= text.length)
        this.fail(start, 'unclosed string: the file ends before its closing quote');
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        out += text.slice(chunk, i);
        this.pos = i + 1;
        return out;
      }
      if (code === 0x5c) {
        out += text.slice(chunk, i);
        const escape = text[i + 1];
        if (escape === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9A-Fa-f]{4}$/.test(hex)) {
            this.fail(i, 'bad escape: \\u must be followed by 4 hexadecimal digits');
          }
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (escape !== undefined && escape in ESCAPES) {
          out += ESCAPES[escape];
          i += 2;
        } else {
          this.fail(
            i,
            `bad escape "\\${escape ?? ''}"; write a backslash as \\\\ (JSON knows \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)`,
          );
        }
        chunk = i;
        continue;
      }
      if (code < 0x20) {
        if (code === 0x0a || code === 0x0d) {
          // Most often a missing closing quote: point at the string that never ended.
          this.fail(
            start,
            'unclosed string: it runs to the end of the line (write a line break inside a string as \\n)',
          );
        }
        const name =
          CONTROL_NAMES[code] ??
          `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
        this.fail(i, `${name} inside a string; write it as an escape such as \\t or \\u0000`);
      }
      i++;
    }
  }

  private parseNumber(): JsonNode {
    const start = this.pos;
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(this.text);
    const raw = match?.[0] ?? '';
    const end = start + raw.length;
    const after = this.text.charCodeAt(end);
    if (raw === '' || raw === '-' || isNumberContinuation(after)) {
      if (/^-?0\d/.test(this.text.slice(start, start + 3))) {
        this.fail(start, 'numbers must not start with 0 (write 7, not 07)');
      }
      if (this.text.startsWith('Infinity', start + 1)) this.fail(start, 'JSON has no Infinity');
      this.fail(
        start,
        `malformed number "${this.text.slice(start, start + 20).split(/[\s,\]}]/)[0]}"`,
      );
    }
    this.pos = end;
    return { type: 'number', offset: start, value: Number(raw) };
  }

  private parseWord<T>(word: string, value: T): T {
    if (
      this.text.startsWith(word, this.pos) &&
      !isWordChar(this.text.charCodeAt(this.pos + word.length))
    ) {
      this.pos += word.length;
      return value;
    }
    return this.fail(this.pos, this.unexpectedValue(this.pos));
  }

  private unexpectedValue(at: number): string {
    const rest = this.text.slice(at, at + 12);
    if (rest.startsWith("'")) return 'strings must be in double quotes, not single quotes';
    if (rest.startsWith('//') || rest.startsWith('/*')) return 'JSON does not allow comments';
    if (/^(NaN|Infinity|undefined)\b/.test(rest))
      return `JSON has no ${rest.match(/^\w+/)?.[0] ?? ''}`;
    if (/^(True|False|None|Null|TRUE|FALSE|NULL)\b/.test(rest)) {
      return `unknown word "${rest.match(/^\w+/)?.[0] ?? ''}"; JSON writes true, false and null in lower case`;
    }
    const word = /^[A-Za-z_]\w*/.exec(rest)?.[0];
    if (word !== undefined) {
      return `unexpected word "${word}" (strings must be in double quotes; JSON knows only true, false and null)`;
    }
    return `expected a value, found ${this.describe(at)}`;
  }

  /** After a value, a quote or a brace where a comma belongs most often means a missing comma. */
  private commaHint(): string {
    const code = this.text.charCodeAt(this.pos);
    return code === 0x22 || code === 0x7b || code === 0x5b ? ' (is a comma missing?)' : '';
  }

  private skipWhitespace(): void {
    const text = this.text;
    let i = this.pos;
    for (;;) {
      const code = text.charCodeAt(i);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) i++;
      else break;
    }
    this.pos = i;
  }

  /** The character at `at`, as a person would name it in an error. */
  private describe(at: number): string {
    if (at >= this.text.length) return 'the end of the file';
    const char = String.fromCodePoint(this.text.codePointAt(at) ?? 0);
    if (this.text.startsWith('//', at) || this.text.startsWith('/*', at))
      return 'a comment (JSON does not allow comments)';
    const code = char.codePointAt(0) ?? 0;
    if (
      code < 0x20 ||
      code === 0x7f ||
      code === 0xa0 ||
      code === 0xfeff ||
      (code >= 0x2000 && code <= 0x200f)
    ) {
      return `the invisible character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    }
    return JSON.stringify(char);
  }

  private fail(offset: number, reason: string): never {
    throw new JsonSyntaxError(positionAt(this.text, offset), formatJsonPath(this.path), reason);
  }
}

function isNumberContinuation(code: number): boolean {
  // A digit, a dot or an exponent right after a complete match means the number was malformed.
  return (
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2e ||
    code === 0x65 ||
    code === 0x45 ||
    isWordChar(code)
  );
}

function isWordChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f
  );
}
