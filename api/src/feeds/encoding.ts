// The text of a fetched body (a feed, a transcript, an article's page) in the character encoding
// it is written in, decoded by the platform's WHATWG TextDecoder (Node's full ICU knows the
// legacy encodings: windows-1252, GBK, GB18030, Shift_JIS ...). Two of them are read as the
// Encoding Standard says where Node's decoder departs from it: GBK by the GB18030 decoder (ICU's
// own GBK reads some bytes, the euro among them, as private-use characters and knows no four-byte
// sequences), and windows-1252, the encoding of every Latin-1 label, by whatwg-encoding while the
// platform's decoder reads it as ISO-8859-1 (some Node versions do: € “ ” … become C1 controls).
//
// The encoding is the first of: a byte order mark; the Content-Type header's charset; the XML
// declaration's `encoding`; for an HTML answer, its `<meta charset>` (found by the HTML
// standard's prescan, html-encoding-sniffer); else UTF-8. The mark comes first because both the
// HTML standard and the XML media types (RFC 7303) make it authoritative: a UTF-16 body sent with
// a stale `charset=utf-8` is still UTF-16. A label the platform does not know is passed over for
// the next source, as if it had not been given.
import { TextDecoder } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import sniffHtmlEncoding from 'html-encoding-sniffer';
import { decode as legacyDecode, getBOMEncoding } from 'whatwg-encoding';
import MIMEType from 'whatwg-mimetype';

/** The bytes an XML declaration or a `<meta charset>` is looked for in, as browsers do. */
const PRESCAN_BYTES = 1024;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** What decodes a body: the platform's TextDecoder, or one of the same shape. */
export interface BodyDecoder {
  /** The encoding's name, as the Encoding Standard spells it in lower case (`gb18030`). */
  readonly encoding: string;
  decode(body: Uint8Array): string;
}

/** Whether the platform's windows-1252 decoder reads 0x80 as the euro sign, as it should. */
const PLATFORM_WINDOWS_1252 =
  new TextDecoder('windows-1252').decode(Uint8Array.of(0x80)) === '\u20ac';

const WINDOWS_1252: BodyDecoder = {
  encoding: 'windows-1252',
  decode: (body) => legacyDecode(body, 'windows-1252'),
};

// The declaration's pseudo-attributes read as attributes: `{ '?xml': { encoding: 'GBK' } }`.
const declarationParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

/** Whether a Content-Type names an HTML page (`text/html` or `application/xhtml+xml`). */
export function isHtmlType(contentType: string): boolean {
  const essence = MIMEType.parse(contentType)?.essence;
  return essence !== undefined && HTML_TYPES.has(essence);
}

/** The decoder of a label (`latin1`, `gb2312`, `utf-16` ...), or null when it names none. */
function decoderFor(label: string | null | undefined): BodyDecoder | null {
  if (!label) return null;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return null;
  }
  if (decoder.encoding === 'gbk') return new TextDecoder('gb18030');
  if (decoder.encoding === 'windows-1252' && !PLATFORM_WINDOWS_1252) return WINDOWS_1252;
  return decoder;
}

/**
 * The encoding an XML declaration at the start of the body names. The declaration is ASCII
 * whatever the document's encoding (UTF-16 apart, which a byte order mark announces), so the
 * bytes read as Latin-1 are its text; a declared UTF-16 read that way is a mistake, and ignored.
 */
function declaredXmlEncoding(body: Uint8Array): string | null {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, PRESCAN_BYTES))
    .toString('latin1')
    .trimStart();
  const end = head.indexOf('?>');
  if (!head.startsWith('<?xml') || end < 0) return null;
  const parsed: unknown = declarationParser.parse(head.slice(0, end + 2));
  const encoding = (parsed as { '?xml'?: { encoding?: unknown } })['?xml']?.encoding;
  if (typeof encoding !== 'string') return null;
  return decoderFor(encoding)?.encoding.startsWith('utf-16') ? null : encoding;
}

/** The `<meta charset>` of an HTML page, by the HTML standard's prescan of its first bytes. */
function declaredHtmlEncoding(body: Uint8Array): string | null {
  // Without a mark (tried before) or a label (none given), the sniffer answers the meta's
  // encoding, else the default given: null stands for "none found".
  const sniffed = sniffHtmlEncoding(body, { defaultEncoding: '' });
  return sniffed === '' ? null : sniffed;
}

/**
 * The decoder for a fetched body, given its Content-Type header: by the first source of the
 * encoding that names one the platform knows (see the top of this file).
 */
export function bodyDecoder(body: Uint8Array, contentType: string): BodyDecoder {
  const type = MIMEType.parse(contentType);
  const html = type !== null && HTML_TYPES.has(type.essence);
  const sources = [
    () => getBOMEncoding(body),
    () => type?.parameters.get('charset'),
    () => declaredXmlEncoding(body),
    () => (html ? declaredHtmlEncoding(body) : null),
  ];
  for (const source of sources) {
    const decoder = decoderFor(source());
    if (decoder) return decoder;
  }
  return new TextDecoder('utf-8');
}

/** A fetched body as text, in the encoding it declares (see the top of this file). */
export function decodeBody(body: Uint8Array, contentType: string): string {
  return bodyDecoder(body, contentType).decode(body);
}
