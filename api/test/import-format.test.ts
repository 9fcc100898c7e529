// The import file of monitored sources: a good file, and every rule refused at the right line,
// column and path. Files are written out line by line so that the expected positions can be read
// off the text.
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  IMPORT_MAX_BYTES,
  ImportFormatError,
  parseImportFile,
  parseIsoDateTime,
} from '../src/monitor/importFormat.js';
import {
  JsonSyntaxError,
  nodeAt,
  parseJsonWithPositions,
  positionAt,
  toPlainValue,
} from '../src/monitor/jsonPositions.js';

const NOW = 1_750_000_000;

/**
 * A file with one source per entry of `sources`, each field on its own line:
 *
 *   line 1  {
 *   line 2    "sources": [
 *   line 3      {                      <- the first source
 *   line 4        "externalId": "ev-1",    <- its first field, values at column 7 + key + 4
 *   ...
 */
function file(...sources: string[][]): string {
  const blocks = sources.map(
    (fields) => `    {\n${fields.map((field) => `      ${field}`).join(',\n')}\n    }`,
  );
  return `{\n  "sources": [\n${blocks.join(',\n')}\n  ]\n}\n`;
}

/** The fields of a minimal good source, in this order (lines 4 to 9 of the first source). */
function minimal(id = 'ev-1'): string[] {
  return [
    `"externalId": "${id}"`,
    '"kind": "space"',
    '"author": "Alice"',
    '"title": "Weekly call"',
    '"link": "https://example.com/ev"',
    '"startsInHours": 2',
  ];
}

function replace(fields: string[], key: string, line: string | null): string[] {
  const index = fields.findIndex((field) => field.startsWith(`"${key}"`));
  assert.notEqual(index, -1, key);
  const out = [...fields];
  if (line === null) out.splice(index, 1);
  else out[index] = line;
  return out;
}

function refuses(
  input: string | Uint8Array,
  expected: { line: number; column: number; path: string; reason: string | RegExp },
): void {
  assert.throws(
    () => parseImportFile(input, { nowSec: NOW }),
    (error: unknown) => {
      assert.ok(error instanceof ImportFormatError, String(error));
      const { line, column, path, reason } = error;
      assert.deepEqual(
        { line, column, path },
        { line: expected.line, column: expected.column, path: expected.path },
        error.message,
      );
      if (typeof expected.reason === 'string') assert.equal(reason, expected.reason);
      else assert.match(reason, expected.reason);
      assert.equal(
        error.message,
        `line ${line}, column ${column}: ${path ? `${path}: ` : ''}${reason}`,
      );
      return true;
    },
  );
}

describe('a good import file', () => {
  const text = file(
    [
      '"externalId": "space:2025-06-01"',
      '"kind": "ama"',
      '"author": "  Coinlens Team "',
      '"logo": "https://example.com/logo.png"',
      '"title": "Bitcoin after the halving"',
      '"description": "Miners, fees and what comes next."',
      '"link": "https://x.com/i/spaces/1"',
      '"language": "pt-BR"',
      '"time": "2025-06-01T20:00:00+08:00"',
      '"durationMinutes": 90',
      '"status": "cancelled"',
      '"heat": 1200',
      '"participants": ["Alice", " Bob "]',
      '"tags": ["btc", "mining"]',
      '"repeatEveryDays": 7',
      `"transcript": [
        {"speaker": "Alice", "text": "Welcome.", "offsetSec": 0},
        {"speaker": "Bob", "text": "Thanks!", "offsetSec": 0},
        {"speaker": "Alice", "text": " Fees are up. ", "offsetSec": 75}
      ]`,
    ],
    [...minimal('ev-2'), '"logo": null', '"repeatEveryDays": null', '"transcript": []'],
    replace(minimal('ev-3'), 'startsInHours', '"startsInHours": -0.25'),
    replace(minimal('ev-4'), 'startsInHours', '"time": 1750003600'),
  );

  it('parses with every field normalised and the defaults applied', () => {
    const sources = parseImportFile(text, { nowSec: NOW });
    assert.deepEqual(sources[0], {
      externalId: 'space:2025-06-01',
      kind: 'ama',
      author: 'Coinlens Team',
      logo: 'https://example.com/logo.png',
      title: 'Bitcoin after the halving',
      description: 'Miners, fees and what comes next.',
      link: 'https://x.com/i/spaces/1',
      language: 'pt-br',
      time: Date.UTC(2025, 5, 1, 12) / 1000,
      durationMinutes: 90,
      status: 'cancelled',
      heat: 1200,
      participants: ['Alice', 'Bob'],
      tags: ['btc', 'mining'],
      repeatEveryDays: 7,
      transcript: [
        { speaker: 'Alice', text: 'Welcome.', offsetSec: 0 },
        { speaker: 'Bob', text: 'Thanks!', offsetSec: 0 },
        { speaker: 'Alice', text: 'Fees are up.', offsetSec: 75 },
      ],
    });
    assert.deepEqual(sources[1], {
      externalId: 'ev-2',
      kind: 'space',
      author: 'Alice',
      logo: null,
      title: 'Weekly call',
      description: '',
      link: 'https://example.com/ev',
      language: 'en',
      time: NOW + 2 * 3600,
      durationMinutes: 60,
      status: null,
      heat: 0,
      participants: [],
      tags: [],
      repeatEveryDays: null,
      transcript: [],
    });
    assert.equal(sources[2]?.time, NOW - 900);
    assert.equal(sources[3]?.time, 1_750_003_600);
    assert.equal(sources.length, 4);
  });

  it('includes the complete example of docs/import-format.md', () => {
    // From dist-*/test/ back to api/.
    const page = readFileSync(new URL('../../docs/import-format.md', import.meta.url), 'utf8');
    const example = page.split('## A complete example')[1]?.split('```json')[1]?.split('```')[0];
    assert.ok(example, 'the page has a complete example');
    const sources = parseImportFile(example, { nowSec: NOW });
    assert.deepEqual(
      sources.map((s) => [s.externalId, s.time, s.status, s.transcript.length, s.language]),
      [
        ['btc-dev-call:2025-06-01', Date.UTC(2025, 5, 1, 16) / 1000, null, 3, 'en'],
        ['eth-ama-42', NOW + 3.5 * 3600, null, 0, 'zh'],
        ['podcast-sol-7', NOW - 48 * 3600, 'cancelled', 0, 'pt-br'],
      ],
    );
  });

  it('rounds a fractional start to whole seconds', () => {
    const [source] = parseImportFile(
      file(replace(minimal(), 'startsInHours', '"startsInHours": 0.0001')),
      { nowSec: NOW },
    );
    assert.equal(source?.time, NOW);
  });

  it('reads the same from UTF-8 bytes as from a string', () => {
    const bytes = new TextEncoder().encode(text.replace('Welcome.', '欢迎 🎉'));
    const fromBytes = parseImportFile(bytes, { nowSec: NOW });
    assert.equal(fromBytes[0]?.transcript[0]?.text, '欢迎 🎉');
    assert.deepEqual(fromBytes.slice(1), parseImportFile(text, { nowSec: NOW }).slice(1));
  });

  it('treats an optional string that is blank as absent', () => {
    const [source] = parseImportFile(
      file([...minimal(), '"description": "   "', '"logo": ""', '"language": " "']),
      { nowSec: NOW },
    );
    assert.equal(source?.description, '');
    assert.equal(source?.logo, null);
    assert.equal(source?.language, 'en');
  });
});

describe('refused sources', () => {
  it('a missing required field, at the source', () => {
    refuses(file(replace(minimal(), 'title', null)), {
      line: 3,
      column: 5,
      path: 'sources[0]',
      reason: 'missing field "title"',
    });
  });

  it('a required field that is blank after trimming', () => {
    refuses(file(replace(minimal(), 'author', '"author": "  "')), {
      line: 6,
      column: 17,
      path: 'sources[0].author',
      reason: 'must not be empty (it is required)',
    });
  });

  it('an unknown field, at its key, with a suggestion', () => {
    refuses(file(replace(minimal(), 'title', '"titel": "Weekly call"')), {
      line: 7,
      column: 7,
      path: 'sources[0].titel',
      reason: 'unknown field "titel" (did you mean "title"?)',
    });
    refuses(file([...minimal(), '"color": "red"']), {
      line: 10,
      column: 7,
      path: 'sources[0].color',
      reason: 'unknown field "color"',
    });
    refuses(file([...minimal(), '"start time": 3']), {
      line: 10,
      column: 7,
      path: 'sources[0]["start time"]',
      reason: 'unknown field "start time"',
    });
  });

  it('a kind or language outside the list', () => {
    refuses(file(replace(minimal(), 'kind', '"kind": "Space"')), {
      line: 5,
      column: 15,
      path: 'sources[0].kind',
      reason: 'must be one of "space", "ama", "podcast", "devcall" or "article", not "Space"',
    });
    refuses(file([...minimal(), '"language": "fr"']), {
      line: 10,
      column: 19,
      path: 'sources[0].language',
      reason: 'must be one of "en", "zh" or "pt-br", not "fr"',
    });
    refuses(file([...minimal(), '"status": "live"']), {
      line: 10,
      column: 17,
      path: 'sources[0].status',
      reason: /^must be "cancelled" or "invalid"/,
    });
  });

  it('a link or logo that is not an absolute http(s) URL', () => {
    for (const link of [
      'example.com/ev',
      'ftp://example.com/ev',
      '/ev',
      'https://exa mple.com',
      'mailto:a@b.c',
    ]) {
      refuses(file(replace(minimal(), 'link', `"link": "${link}"`)), {
        line: 8,
        column: 15,
        path: 'sources[0].link',
        reason: 'must be an absolute http or https URL',
      });
    }
    refuses(file([...minimal(), '"logo": "javascript:alert(1)"']), {
      line: 10,
      column: 15,
      path: 'sources[0].logo',
      reason: 'must be an absolute http or https URL',
    });
    refuses(file(replace(minimal(), 'link', `"link": "https://example.com/${'a'.repeat(2030)}"`)), {
      line: 8,
      column: 15,
      path: 'sources[0].link',
      reason: 'must be at most 2,048 characters (it has 2,050)',
    });
  });

  it('both time and startsInHours, at the second one', () => {
    refuses(file([...minimal(), '"time": "2025-06-01T00:00:00Z"']), {
      line: 10,
      column: 7,
      path: 'sources[0].time',
      reason: 'give either "time" or "startsInHours", not both',
    });
  });

  it('neither time nor startsInHours', () => {
    refuses(file(replace(minimal(), 'startsInHours', null)), {
      line: 3,
      column: 5,
      path: 'sources[0]',
      reason: /^missing field "time" .* or "startsInHours"/,
    });
  });

  it('a bad date-time', () => {
    const at = (time: string) => file(replace(minimal(), 'startsInHours', `"time": ${time}`));
    const cases: [string, string | RegExp][] = [
      ['"2025-02-30T10:00:00Z"', 'has no such date (2025-02-30)'],
      ['"2025-06-01T24:00:00Z"', 'has no such time of day (24:00:00)'],
      ['"2025-06-01T10:00:00"', 'has no time zone; add "Z" for UTC or an offset such as "+08:00"'],
      ['"2025-06-01"', /^is a date without a time/],
      ['"next Monday"', /^must be an ISO 8601 date-time with a time zone/],
      ['"2008-12-31T23:59:59Z"', 'must be between 2009-01-01 and 2100-01-01'],
      ['"1750000000"', 'Unix seconds must be a number without quotes'],
      ['1000000000', /^must be between 2009-01-01 and 2100-01-01 \(Unix seconds/],
      ['1750000000000', /looks like milliseconds/],
      ['1750000000.5', 'must be whole Unix seconds, not 1750000000.5'],
      ['true', /^must be a date-time like .* not a boolean \(true\)$/],
    ];
    for (const [value, reason] of cases) {
      refuses(at(value), { line: 9, column: 15, path: 'sources[0].time', reason });
    }
  });

  it('numbers out of range', () => {
    const cases: [string, number, string][] = [
      ['"durationMinutes": 0', 26, 'must be from 1 to 1,440, not 0'],
      ['"durationMinutes": 1441', 26, 'must be from 1 to 1,440, not 1,441'],
      ['"heat": -1', 15, 'must be from 0 to 1,000,000,000, not -1'],
      ['"heat": 1e10', 15, 'must be from 0 to 1,000,000,000, not 10,000,000,000'],
      ['"repeatEveryDays": 366', 26, 'must be from 1 to 365, not 366'],
      ['"heat": "12"', 15, 'must be a number without quotes'],
    ];
    for (const [field, column, reason] of cases) {
      const key = field.slice(1, field.indexOf('"', 1));
      refuses(file([...minimal(), field]), { line: 10, column, path: `sources[0].${key}`, reason });
    }
    refuses(file(replace(minimal(), 'startsInHours', '"startsInHours": 87600.5')), {
      line: 9,
      column: 24,
      path: 'sources[0].startsInHours',
      reason: 'must be from -87,600 to 87,600 hours (ten years), not 87600.5',
    });
  });

  it('a heat that is not a whole number', () => {
    refuses(file([...minimal(), '"heat": 1.5']), {
      line: 10,
      column: 15,
      path: 'sources[0].heat',
      reason: 'must be a whole number from 0 to 1,000,000,000, not 1.5',
    });
  });

  it('strings that are too long, counted in characters', () => {
    refuses(file(replace(minimal(), 'title', `"title": "${'标'.repeat(201)}"`)), {
      line: 7,
      column: 16,
      path: 'sources[0].title',
      reason: 'must be at most 200 characters (it has 201)',
    });
    // 200 Chinese characters are fine.
    parseImportFile(file(replace(minimal(), 'title', `"title": "${'标'.repeat(200)}"`)), {
      nowSec: NOW,
    });
    refuses(file([...minimal(), `"tags": ["ok", "${'t'.repeat(41)}"]`]), {
      line: 10,
      column: 22,
      path: 'sources[0].tags[1]',
      reason: 'must be at most 40 characters (it has 41)',
    });
  });

  it('lists that are too long or hold blanks', () => {
    const names = Array.from({ length: 51 }, (_, i) => `"P${i}"`).join(', ');
    refuses(file([...minimal(), `"participants": [${names}]`]), {
      line: 10,
      // After `      "participants": [` (23 characters): ten items of 4 and forty of 5, each with ", ".
      column: 24 + 10 * 6 + 40 * 7,
      path: 'sources[0].participants[50]',
      reason: 'too many items: at most 50',
    });
    refuses(file([...minimal(), '"tags": ["a", " "]']), {
      line: 10,
      column: 21,
      path: 'sources[0].tags[1]',
      reason: 'must not be empty',
    });
  });

  it('a transcript whose offsetSec goes back', () => {
    const text = file([
      ...minimal(),
      `"transcript": [
        {"speaker": "A", "text": "One.", "offsetSec": 0},
        {"speaker": "B", "text": "Two.", "offsetSec": 120},
        {"speaker": "A", "text": "Three.", "offsetSec": 90}
      ]`,
    ]);
    refuses(text, {
      line: 13,
      column: 57,
      path: 'sources[0].transcript[2].offsetSec',
      reason: 'must not be less than the line before (120)',
    });
  });

  it('a transcript line with a missing or unknown field or a bad offset', () => {
    const line = (body: string) =>
      file([...minimal(), `"transcript": [\n        ${body}\n      ]`]);
    refuses(line('{"speaker": "A", "offsetSec": 0}'), {
      line: 11,
      column: 9,
      path: 'sources[0].transcript[0]',
      reason: 'missing field "text"',
    });
    refuses(line('{"speaker": "A", "text": "x", "offsetSec": 0, "time": 3}'), {
      line: 11,
      column: 55,
      path: 'sources[0].transcript[0].time',
      reason: 'unknown field "time"',
    });
    refuses(line('{"speaker": "A", "text": "x", "offsetSec": -1}'), {
      line: 11,
      column: 52,
      path: 'sources[0].transcript[0].offsetSec',
      reason: /^must be from 0 to 604,800/,
    });
    refuses(line('"A: hello"'), {
      line: 11,
      column: 9,
      path: 'sources[0].transcript[0]',
      reason: /^must be an object like/,
    });
  });

  it('a duplicate externalId, naming the line of the first', () => {
    refuses(file(minimal('x'), minimal('y'), minimal('x')), {
      line: 20,
      column: 21,
      path: 'sources[2].externalId',
      reason: 'duplicate externalId "x" (first at line 4)',
    });
  });

  it('an externalId with characters outside the set, or too long', () => {
    for (const id of ['has space', 'slash/here', 'é', 'x'.repeat(129)]) {
      refuses(file(replace(minimal(), 'externalId', `"externalId": "${id}"`)), {
        line: 4,
        column: 21,
        path: 'sources[0].externalId',
        reason: id.length > 128 ? 'must be at most 128 characters (it has 129)' : /^may hold only/,
      });
    }
  });

  it('more than 10,000 sources, at the 10,001st', () => {
    const one = (i: number) =>
      `{"externalId":"e${i}","kind":"space","author":"a","title":"t","link":"https://x.io","startsInHours":1}`;
    const lines = Array.from({ length: 10_001 }, (_, i) => one(i));
    refuses(`{"sources": [\n${lines.join(',\n')}\n]}`, {
      line: 10_002,
      column: 1,
      path: 'sources[10000]',
      reason: 'too many sources (10,001): a file holds at most 10,000; split it into several files',
    });
    // 10,000 is fine.
    const sources = parseImportFile(`{"sources": [\n${lines.slice(1).join(',\n')}\n]}`, {
      nowSec: NOW,
    });
    assert.equal(sources.length, 10_000);
  });
});

describe('refused files', () => {
  it('a trailing comma, at the comma', () => {
    refuses(file([...minimal().slice(0, -1), '"startsInHours": 2,']), {
      line: 9,
      column: 25,
      path: 'sources[0]',
      reason: 'trailing comma before "}"; remove it',
    });
    refuses('{"sources": [\n  1,\n]}', {
      line: 2,
      column: 4,
      path: 'sources',
      reason: 'trailing comma before "]"; remove it',
    });
  });

  it('an unclosed string, at its opening quote', () => {
    refuses(file(replace(minimal(), 'title', '"title": "Weekly call')), {
      line: 7,
      column: 16,
      path: 'sources[0].title',
      reason: /^unclosed string/,
    });
    refuses('{"sources": "abc', {
      line: 1,
      column: 13,
      path: 'sources',
      reason: 'unclosed string: the file ends before its closing quote',
    });
  });

  it('a missing comma between fields', () => {
    refuses('{\n  "sources": [\n    {"kind": "space"\n     "author": "A"}\n  ]\n}', {
      line: 4,
      column: 6,
      path: 'sources[0]',
      reason: 'expected "," or "}" after a value, found "\\"" (is a comma missing?)',
    });
  });

  it('other JSON mistakes people make', () => {
    refuses("{'sources': []}", {
      line: 1,
      column: 2,
      path: '',
      reason: 'keys must be in double quotes, not single quotes',
    });
    refuses('{\n  // demo\n  "sources": []\n}', {
      line: 2,
      column: 3,
      path: '',
      reason: /comment/,
    });
    refuses('{"sources": [{"heat": 012}]}', {
      line: 1,
      column: 23,
      path: 'sources[0].heat',
      reason: 'numbers must not start with 0 (write 7, not 07)',
    });
    refuses('{"sources": [], "sources": []}', {
      line: 1,
      column: 17,
      path: 'sources',
      reason: 'duplicate key "sources" (first at line 1)',
    });
    refuses('{"sources": []}\n{"sources": []}', {
      line: 2,
      column: 1,
      path: '',
      reason: 'unexpected "{" after the end of the JSON value',
    });
  });

  it('an empty file, or one of white space', () => {
    refuses('', { line: 1, column: 1, path: '', reason: 'the file is empty' });
    refuses(new Uint8Array(0), { line: 1, column: 1, path: '', reason: 'the file is empty' });
    refuses(' \n\t\n', { line: 1, column: 1, path: '', reason: 'the file holds only whitespace' });
  });

  it('a file that is not an object with a list of sources', () => {
    refuses('[\n]', {
      line: 1,
      column: 1,
      path: '',
      reason: 'the file must hold a JSON object like {"sources": [...]}, not an array',
    });
    refuses('{}', { line: 1, column: 1, path: '', reason: 'missing field "sources"' });
    refuses('{\n  "sources": {}\n}', {
      line: 2,
      column: 14,
      path: 'sources',
      reason: 'must be an array of sources, not an object',
    });
    refuses('{"sources": []}', {
      line: 1,
      column: 13,
      path: 'sources',
      reason: 'must hold at least 1 source',
    });
    refuses('{"sources": [], "version": 2}', {
      line: 1,
      column: 17,
      path: 'version',
      reason: 'unknown field "version"',
    });
    refuses('{"sources": [\n  "ev-1"\n]}', {
      line: 2,
      column: 3,
      path: 'sources[0]',
      reason: 'must be an object (one source), not a string ("ev-1")',
    });
  });

  it('a byte-order mark, in a string or in bytes', () => {
    const reason = 'the file starts with a byte-order mark (BOM); save it as UTF-8 without BOM';
    const good = file(minimal());
    refuses(`\uFEFF${good}`, { line: 1, column: 1, path: '', reason });
    refuses(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(good)]), {
      line: 1,
      column: 1,
      path: '',
      reason,
    });
  });

  it('invalid UTF-8, at the bad byte', () => {
    const good = new TextEncoder().encode(file(replace(minimal(), 'author', '"author": "Zé"')));
    // "Zé" in Latin-1: 0xE9 alone is not UTF-8.
    const bytes = Array.from(good);
    const e = bytes.indexOf(0xc3);
    bytes.splice(e, 2, 0xe9);
    refuses(new Uint8Array(bytes), {
      line: 6,
      column: 19,
      path: '',
      reason: `invalid UTF-8 (byte 0xE9 at byte offset ${e}); save the file as UTF-8`,
    });
    // An overlong "/" and a UTF-16 surrogate are not UTF-8 either.
    refuses(new Uint8Array([0x7b, 0xc0, 0xaf, 0x7d]), {
      line: 1,
      column: 2,
      path: '',
      reason: /byte 0xC0 at byte offset 1/,
    });
    refuses(new Uint8Array([0x7b, 0x0a, 0xed, 0xa0, 0x80]), {
      line: 2,
      column: 1,
      path: '',
      reason: /byte 0xED at byte offset 2/,
    });
  });

  it('a file over 50 MB, before parsing', () => {
    const bytes = new Uint8Array(IMPORT_MAX_BYTES + 1);
    refuses(bytes, {
      line: 1,
      column: 1,
      path: '',
      reason: /^the file is 50\.0 MB; the limit is 50 MB/,
    });
    refuses(' '.repeat(IMPORT_MAX_BYTES + 1), {
      line: 1,
      column: 1,
      path: '',
      reason: /the limit is 50 MB \(52,428,800 bytes\)/,
    });
  });

  it('counts columns in characters, so Chinese and emoji are one each', () => {
    refuses('{"sources": [{"title": "比特币🚀", "kind": 1}]}', {
      line: 1,
      column: 40,
      path: 'sources[0].kind',
      reason: 'must be a string, not a number (1)',
    });
  });

  it('counts \\r\\n and a lone \\r as one line break each', () => {
    refuses('{\r\n"sources":\r[],\r\n}', {
      line: 3,
      column: 3,
      path: '',
      reason: 'trailing comma before "}"; remove it',
    });
  });
});

describe('ISO date-times', () => {
  it('reads zones, offsets and fractions', () => {
    assert.equal(parseIsoDateTime('2025-06-01T12:00:00Z'), 1_748_779_200);
    assert.equal(parseIsoDateTime('2025-06-01T20:00:00+08:00'), 1_748_779_200);
    assert.equal(parseIsoDateTime('2025-06-01T07:30-0430'), 1_748_779_200);
    assert.equal(parseIsoDateTime('2025-06-01T12:00:00.6Z'), 1_748_779_201);
    assert.equal(parseIsoDateTime('2024-02-29T00:00:00Z'), Date.UTC(2024, 1, 29) / 1000);
    assert.equal(parseIsoDateTime('2023-02-29T00:00:00Z'), 'has no such date (2023-02-29)');
  });
});

describe('the JSON reader behind it', () => {
  it('agrees with JSON.parse on any JSON value, and finds values by path', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const document = parseJsonWithPositions(text, { rejectDuplicateKeys: false });
        assert.deepEqual(toPlainValue(document.root), JSON.parse(text));
      }),
    );
    const document = parseJsonWithPositions('{\n  "a": [1, {"b": "x"}]\n}');
    const node = nodeAt(document.root, ['a', 1, 'b']);
    assert.equal(node?.type, 'string');
    assert.deepEqual(document.positionOf(node?.offset ?? -1), { line: 2, column: 18, offset: 19 });
    assert.equal(nodeAt(document.root, ['a', 5]), undefined);
  });

  it('refuses what JSON.parse refuses', () => {
    const pieces = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"a"',
      '1',
      '-',
      '.5',
      'true',
      'nul',
      ' ',
      '\n',
      '"\\',
      'e',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        let native = true;
        try {
          JSON.parse(text);
        } catch {
          native = false;
        }
        let ours = true;
        try {
          parseJsonWithPositions(text, { rejectDuplicateKeys: false });
        } catch (error) {
          assert.ok(error instanceof JsonSyntaxError);
          ours = false;
        }
        assert.equal(ours, native, JSON.stringify(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('stops at a nesting too deep for the stack', () => {
    assert.throws(
      () => parseJsonWithPositions('['.repeat(100_000)),
      /nested deeper than 64 levels/,
    );
  });

  it('places positions after surrogate pairs correctly', () => {
    assert.deepEqual(positionAt('🚀x', 2), { line: 1, column: 2, offset: 2 });
    assert.deepEqual(positionAt('a\r\nb\rc', 5), { line: 3, column: 1, offset: 5 });
  });
});
