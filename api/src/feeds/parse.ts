// Reads a fetched feed into one shape whatever its format: RSS 2.0 (and RSS 1.0), Atom and JSON
// Feed, with the Podcasting 2.0 tags a podcast adds (`podcast:transcript`, `podcast:liveItem`)
// and the counts that make an item's heat (`slash:comments`, `itunes:duration`). The XML is read
// by fast-xml-parser; namespaced tags are matched by their usual prefixes (`podcast:`, `itunes:`,
// `slash:`, `dc:`, `content:`), which is how the feeds in the wild write them.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type LiveStatus = 'pending' | 'live' | 'ended';

export interface FeedTranscript {
  url: string;
  /** The MIME type the feed gave (`text/vtt`, `application/x-subrip`, `application/json` ...). */
  type: string;
}

export interface FeedItem {
  /** The item's own id (guid, Atom id, JSON Feed id), else its link, else its title and date. */
  guid: string;
  title: string;
  link: string | null;
  author: string | null;
  image: string | null;
  /** Unix ms, or null when the feed gives no date. */
  publishedAt: number | null;
  /** The fullest text the item carries (content, else description), HTML or plain. */
  content: string;
  /** Whether `content` is HTML. */
  html: boolean;
  /**
   * Whether the feed gave the item's whole text, in a field meant for it (RSS `content:encoded`,
   * Atom `content`, JSON Feed `content_html` or `content_text`), not only a description or summary.
   */
  fullContent: boolean;
  /** The item's short description, HTML or plain (for the source's description). */
  summary: string;
  categories: string[];
  /** `slash:comments`, when given. */
  comments: number | null;
  /** `itunes:duration` in seconds, when given. */
  durationSec: number | null;
  /** Audio or video attached (an enclosure): the item is an episode. */
  media: boolean;
  transcripts: FeedTranscript[];
  /** For a `podcast:liveItem`: its status and times (Unix ms). */
  live: { status: LiveStatus; start: number | null; end: number | null } | null;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title: string;
  link: string | null;
  image: string | null;
  /** The feed's language tag as given (`en-us`, `zh-CN` ...), or null. */
  language: string | null;
  /** RSS `ttl`: minutes the feed may be cached, or null. */
  ttlMinutes: number | null;
  /** The feed is a podcast (the itunes or podcast namespace, or episodes). */
  podcast: boolean;
  items: FeedItem[];
}

export class FeedFormatError extends Error {
  override readonly name = 'FeedFormatError';
}

// Tags that may repeat: always read as lists, so that one or many look alike.
const LIST_TAGS = new Set([
  'item',
  'entry',
  'link',
  'category',
  'author',
  'enclosure',
  'podcast:transcript',
  'podcast:liveItem',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Titles such as "2024" or "1e3" stay text.
  parseTagValue: false,
  isArray: (name) => LIST_TAGS.has(name),
  // Atom's `type="xhtml"` text is markup, a `<div>` of XHTML, not character data: kept as it is
  // written, it is read as the HTML it is. Other types (text, escaped html) are parsed as usual.
  stopNodes: ['feed.entry.content[type=xhtml]', 'feed.entry.summary[type=xhtml]'],
});

type Node = Record<string, unknown>;

function asNode(value: unknown): Node | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Node)
    : null;
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element, whether it came as a string or as an object with attributes. */
function text(value: unknown): string {
  const first = list(value)[0];
  if (typeof first === 'string') return first.trim();
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  const node = asNode(first);
  if (node && node['#text'] !== undefined) return text(node['#text']);
  return '';
}

function attr(value: unknown, name: string): string {
  const node = asNode(list(value)[0]);
  const found = node?.[`@_${name}`];
  return typeof found === 'string' ? found.trim() : '';
}

/** An absolute http(s) URL (resolved against `base`), or null. */
function httpUrl(value: string, base?: string | null): string | null {
  if (value === '') return null;
  try {
    const url = new URL(value, base ?? undefined);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function date(value: string): number | null {
  if (value === '') return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

function count(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/** `itunes:duration`: seconds, `MM:SS` or `HH:MM:SS`. */
export function durationSeconds(value: string): number | null {
  if (!/^\d+(?::\d{1,2}){0,2}(?:\.\d+)?$/.test(value)) return null;
  const seconds = value.split(':').reduce((total, part) => total * 60 + Number.parseFloat(part), 0);
  return Number.isFinite(seconds) ? Math.round(seconds) : null;
}

function liveStatus(value: string): LiveStatus | null {
  const status = value.toLowerCase();
  return status === 'pending' || status === 'live' || status === 'ended' ? status : null;
}

function transcripts(node: Node, base: string | null): FeedTranscript[] {
  return list(node['podcast:transcript']).flatMap((entry) => {
    const url = httpUrl(attr(entry, 'url'), base);
    return url ? [{ url, type: attr(entry, 'type').toLowerCase() }] : [];
  });
}

function rssItem(node: Node, base: string | null, live: FeedItem['live']): FeedItem {
  const link = httpUrl(text(node.link), base);
  const description = text(node.description);
  const encoded = text(node['content:encoded']);
  const title = text(node.title);
  const published = date(text(node.pubDate) || text(node['dc:date']));
  const guid = text(node.guid) || attr(node, 'rdf:about') || link || `${title}\n${published ?? ''}`;
  return {
    guid,
    title,
    link,
    author: text(node['dc:creator']) || text(node['itunes:author']) || text(node.author) || null,
    image:
      httpUrl(attr(node['itunes:image'], 'href'), base) ??
      httpUrl(attr(node['media:thumbnail'], 'url'), base),
    publishedAt: published,
    content: encoded || description,
    html: true,
    fullContent: encoded !== '',
    summary: description || encoded,
    categories: list(node.category)
      .map(text)
      .filter((name) => name !== ''),
    comments: count(text(node['slash:comments'])),
    durationSec: durationSeconds(text(node['itunes:duration'])),
    media: list(node.enclosure).some((entry) => attr(entry, 'url') !== ''),
    transcripts: transcripts(node, base),
    live,
  };
}

function readRss(channel: Node, rootItems: unknown[], format: 'rss' | 'rdf'): ParsedFeed {
  const link = httpUrl(text(channel.link));
  const items = [...list(channel.item), ...rootItems].flatMap((entry) => {
    const node = asNode(entry);
    return node ? [rssItem(node, link, null)] : [];
  });
  for (const entry of list(channel['podcast:liveItem'])) {
    const node = asNode(entry);
    const status = liveStatus(attr(node, 'status'));
    if (!node || !status) continue;
    items.push(
      rssItem(node, link, {
        status,
        start: date(attr(node, 'start')),
        end: date(attr(node, 'end')),
      }),
    );
  }
  const image = asNode(channel.image);
  const ttl = count(text(channel.ttl));
  return {
    format,
    title: text(channel.title),
    link,
    image: httpUrl(attr(channel['itunes:image'], 'href')) ?? httpUrl(text(image?.url)),
    language: text(channel.language) || text(channel['dc:language']) || null,
    ttlMinutes: ttl,
    podcast:
      Object.keys(channel).some((key) => key.startsWith('itunes:') || key.startsWith('podcast:')) ||
      items.some((item) => item.media || item.transcripts.length > 0),
    items,
  };
}

/** An Atom `link` list's address of the given relation (`alternate` when none is named). */
function atomLink(links: unknown, rel: string): string {
  for (const entry of list(links)) {
    if ((attr(entry, 'rel') || 'alternate') === rel) return attr(entry, 'href');
  }
  return '';
}

function readAtom(feed: Node): ParsedFeed {
  const link = httpUrl(atomLink(feed.link, 'alternate'));
  const items = list(feed.entry).flatMap((entry): FeedItem[] => {
    const node = asNode(entry);
    if (!node) return [];
    const itemLink = httpUrl(atomLink(node.link, 'alternate'), link);
    const title = text(node.title);
    const published = date(text(node.published) || text(node.updated));
    const content = text(node.content);
    const summary = text(node.summary);
    const contentType = attr(node.content, 'type') || attr(node.summary, 'type') || 'text';
    return [
      {
        guid: text(node.id) || itemLink || `${title}\n${published ?? ''}`,
        title,
        link: itemLink,
        author:
          text(asNode(list(node.author)[0])?.name) ||
          text(asNode(list(feed.author)[0])?.name) ||
          null,
        image: null,
        publishedAt: published,
        content: content || summary,
        html: contentType !== 'text',
        fullContent: content !== '',
        summary: summary || content,
        categories: list(node.category)
          .map((entry) => attr(entry, 'term'))
          .filter((name) => name !== ''),
        comments: count(text(node['slash:comments'])),
        durationSec: null,
        media: list(node.link).some((entry) => attr(entry, 'rel') === 'enclosure'),
        transcripts: transcripts(node, link),
        live: null,
      },
    ];
  });
  return {
    format: 'atom',
    title: text(feed.title),
    link,
    image: httpUrl(text(feed.icon) || text(feed.logo), link),
    language: attr(feed, 'xml:lang') || null,
    ttlMinutes: null,
    podcast: items.some((item) => item.media || item.transcripts.length > 0),
    items,
  };
}

function stringField(node: Node | null, name: string): string {
  const value = node?.[name];
  return typeof value === 'string' ? value.trim() : '';
}

function readJsonFeed(document: Node): ParsedFeed {
  const link = httpUrl(stringField(document, 'home_page_url'));
  const feedAuthors = list(document.authors ?? document.author).map(asNode);
  const items = list(document.items).flatMap((entry): FeedItem[] => {
    const node = asNode(entry);
    if (!node) return [];
    const id = node.id;
    const itemLink = httpUrl(stringField(node, 'url'), link);
    const title = stringField(node, 'title');
    const published = date(
      stringField(node, 'date_published') || stringField(node, 'date_modified'),
    );
    const html = stringField(node, 'content_html');
    const plain = stringField(node, 'content_text');
    const summary = stringField(node, 'summary');
    const authors = list(node.authors ?? node.author).map(asNode);
    const attachments = list(node.attachments).map(asNode);
    return [
      {
        guid:
          (typeof id === 'string' || typeof id === 'number' ? String(id).trim() : '') ||
          itemLink ||
          `${title}\n${published ?? ''}`,
        title,
        link: itemLink,
        author:
          stringField(authors[0] ?? null, 'name') ||
          stringField(feedAuthors[0] ?? null, 'name') ||
          null,
        image: httpUrl(stringField(node, 'image') || stringField(node, 'banner_image'), link),
        publishedAt: published,
        content: html || plain || summary,
        html: html !== '',
        fullContent: html !== '' || plain !== '',
        summary: summary || plain || html,
        categories: list(node.tags).filter((tag): tag is string => typeof tag === 'string'),
        comments: null,
        durationSec: null,
        media: attachments.some((attachment) => stringField(attachment, 'url') !== ''),
        transcripts: [],
        live: null,
      },
    ];
  });
  return {
    format: 'json',
    title: stringField(document, 'title'),
    link,
    image: httpUrl(stringField(document, 'icon') || stringField(document, 'favicon'), link),
    language: stringField(document, 'language') || null,
    ttlMinutes: null,
    podcast: items.some((item) => item.media),
    items,
  };
}

/** Reads a feed's body; a FeedFormatError says why it is not one. */
export function parseFeed(body: string, contentType = ''): ParsedFeed {
  const start = body.trimStart();
  if (contentType.includes('json') || start.startsWith('{')) {
    let document: unknown;
    try {
      document = JSON.parse(start);
    } catch (error) {
      throw new FeedFormatError(`not JSON: ${(error as Error).message}`);
    }
    const node = asNode(document);
    if (!node || !stringField(node, 'version').startsWith('https://jsonfeed.org/version/')) {
      throw new FeedFormatError('JSON, but not a JSON Feed (no jsonfeed.org version)');
    }
    return readJsonFeed(node);
  }
  const valid = XMLValidator.validate(start);
  if (valid !== true) {
    throw new FeedFormatError(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  }
  const document = asNode(parser.parse(start));
  const rss = asNode(document?.rss);
  if (rss) return readRss(asNode(rss.channel) ?? {}, [], 'rss');
  const atom = asNode(document?.feed);
  if (atom) return readAtom(atom);
  const rdf = asNode(document?.['rdf:RDF']);
  if (rdf) return readRss(asNode(rdf.channel) ?? {}, list(rdf.item), 'rdf');
  throw new FeedFormatError('XML, but not RSS, Atom or RSS 1.0');
}
