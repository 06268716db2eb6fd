import { createHash } from 'node:crypto';
import { parseFeed } from 'feedsmith';
import { decodeText } from '@app/platform';
import { MAX_FEED_URL } from '@app/proto';
import { MAX_ENTRIES_PER_FETCH } from '../common/reader-settings';
import { contentWithin, htmlToText, sanitizeContent } from './sanitize.rules';

// A fetched feed body (RSS 0.9x/1.0/2.0, Atom 0.3/1.0, RDF, JSON Feed; read by feedsmith) as what the reader stores:
// the feed's title, site and TTL, and its entries with a key to tell them apart (guid, else link, else a hash of title
// and date), a date (the entry's, else the fetch time; never in the future), absolute links and sanitized content.

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

export interface ParsedEntry {
  dedupe_key: string;
  title: string;
  url: string | null;
  content: string;
  content_type: 'text' | 'html';
  summary: string;
  point_at: string;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title: string | null;
  site_url: string | null;
  /** RSS <ttl>: minutes the feed may be cached */
  ttl_minutes: number | null;
  entries: ParsedEntry[];
}

const SUMMARY_CHARS = 300;
const TITLE_CHARS = 500;
const KEY_CHARS = 500;

/** The text of a body: the charset of the Content-Type, else of the XML declaration, else UTF-8 (a BOM wins). */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return body.subarray(3).toString('utf8');
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body.subarray(2));
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder('utf-16be').decode(body.subarray(2));
  const declared = /charset\s*=\s*"?([A-Za-z0-9._:-]+)/i.exec(contentType ?? '')?.[1] ?? /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/i.exec(body.subarray(0, 200).toString('latin1'))?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      // windows-1252's 0x80–0x9F as browsers read them (platform decodeText; Node 20's own decoder does not)
      return decodeText(body, declared);
    } catch {
      /* an unknown charset: read as UTF-8 */
    }
  }
  return body.toString('utf8');
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
/** A string field, or the `value` of a text construct ({value, type}); '' when absent. */
function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && 'value' in v) return text((v as Obj).value);
  return '';
}
/** An Atom text construct as plain text (type html/xhtml holds markup, type text holds characters). */
function atomText(v: unknown): string {
  const t = text(v);
  const type = String(obj(v).type ?? 'text').toLowerCase();
  return type.includes('html') ? htmlToText(t) : htmlToText(t.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
}

function absoluteUrl(raw: string, base: string | undefined): string | null {
  const value = raw.trim();
  if (!value || value.length > MAX_FEED_URL) return null;
  try {
    const url = new URL(value, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.href.length <= MAX_FEED_URL ? url.href : null;
  } catch {
    return null;
  }
}

/** A date the feed wrote, as ISO 8601; null when there is none or it can't be read. */
export function entryDate(...candidates: unknown[]): Date | null {
  for (const c of candidates) {
    const s = text(c).trim();
    if (!s) continue;
    const t = Date.parse(s);
    if (Number.isFinite(t)) return new Date(t);
  }
  return null;
}

/** guid, else link, else a hash of title and date: what tells one entry of a feed from another. */
export function dedupeKey(guid: string, link: string | null, title: string, date: string): string {
  const g = guid.trim();
  const raw = g ? `g:${g}` : link ? `l:${link}` : `h:${createHash('sha256').update(`${title}\u0000${date}`).digest('hex')}`;
  return raw.length > KEY_CHARS ? `h:${createHash('sha256').update(raw).digest('hex')}` : raw;
}

export interface RawEntry {
  guid: string;
  link: string;
  title: string;
  /** plain text already */
  titleIsText?: boolean;
  /** HTML, or plain text when contentType is text */
  html: string;
  contentType: 'html' | 'text';
  summaryHtml: string;
  dates: unknown[];
  base?: string;
}

function rawEntries(parsed: ReturnType<typeof parseFeed>, feedUrl: string): { title: string; site: string; ttl: number | null; base: string; entries: RawEntry[] } {
  switch (parsed.format) {
    case 'rss':
    case 'rdf': {
      const f = parsed.feed as unknown as Obj;
      const site = absoluteUrl(text(f.link), feedUrl) ?? '';
      const ttl = Number(f.ttl);
      return {
        title: htmlToText(text(f.title)),
        site,
        ttl: Number.isFinite(ttl) && ttl > 0 ? ttl : null,
        base: feedUrl,
        entries: arr(f.items).map((raw) => {
          const i = obj(raw);
          const encoded = text(obj(i.content).encoded);
          const description = text(i.description);
          return {
            guid: text(obj(i.guid).value ?? i.guid),
            link: text(i.link),
            title: text(i.title),
            html: encoded || description,
            contentType: 'html',
            summaryHtml: description || encoded,
            dates: [i.pubDate, ...arr(obj(i.dc).dates), ...arr(obj(i.dcterms).issued), ...arr(obj(i.dcterms).modified)],
          };
        }),
      };
    }
    case 'atom': {
      const f = parsed.feed as unknown as Obj;
      const feedBase = absoluteUrl(text(obj(f.xml).base), feedUrl) ?? feedUrl;
      const alternate = (links: unknown) => {
        const list = arr(links).map(obj);
        const l = list.find((x) => !x.rel || x.rel === 'alternate') ?? list[0];
        return l ? text(l.href) : '';
      };
      return {
        title: atomText(f.title),
        site: absoluteUrl(alternate(f.links), feedBase) ?? '',
        ttl: null,
        base: feedBase,
        entries: arr(f.entries).map((raw) => {
          const e = obj(raw);
          const base = absoluteUrl(text(obj(e.xml).base), feedBase) ?? feedBase;
          const content = obj(e.content);
          const type = String(content.type ?? 'text').toLowerCase();
          const isHtml = type === 'html' || type === 'xhtml' || type.includes('html');
          const summary = obj(e.summary);
          const summaryHtml = String(summary.type ?? 'text').toLowerCase().includes('html') ? text(summary) : escapeText(text(summary));
          return {
            guid: text(e.id),
            link: alternate(e.links),
            title: atomText(e.title),
            titleIsText: true,
            html: content.value !== undefined ? text(content) : summaryHtml,
            contentType: content.value !== undefined && !isHtml ? 'text' : 'html',
            summaryHtml,
            dates: [e.published, e.updated, ...arr(obj(e.dc).dates)],
            base,
          };
        }),
      };
    }
    case 'json': {
      const f = parsed.feed as unknown as Obj;
      return {
        title: text(f.title),
        site: absoluteUrl(text(f.home_page_url), feedUrl) ?? '',
        ttl: null,
        base: feedUrl,
        entries: arr(f.items).map((raw) => {
          const i = obj(raw);
          const html = text(i.content_html);
          const plain = text(i.content_text);
          return {
            guid: text(i.id),
            link: text(i.url) || text(i.external_url),
            title: text(i.title),
            titleIsText: true,
            html: html || plain,
            contentType: html ? 'html' : 'text',
            summaryHtml: escapeText(text(i.summary)) || html || escapeText(plain),
            dates: [i.date_published, i.date_modified],
          };
        }),
      };
    }
  }
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Whether the document's DOCTYPE has an internal subset declaring entities (the billion-laughs attack's tool). */
export function declaresEntities(body: string): boolean {
  const start = body.slice(0, 4096).search(/<!DOCTYPE/i);
  if (start < 0) return false;
  const open = body.indexOf('[', start);
  const close = body.indexOf('>', start);
  if (open < 0 || (close >= 0 && close < open)) return false; // no internal subset
  const end = body.indexOf(']', open);
  return /<!ENTITY/i.test(body.slice(open, end < 0 ? undefined : end));
}

/**
 * A copy of a string that holds no reference to the text it was cut from. What the parser gives is mostly slices of the
 * feed's whole text (V8 keeps the parent of a slice alive), and an entry waits a while to be written: without a copy,
 * each waiting entry (and the feed's title, waiting with them) kept its feed's whole text (~40–90 kB) alive, which the
 * garbage collector then copied and marked.
 */
function detached(text: string): string {
  // flattening the concatenation copies the characters; short strings are copies already
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** A feed read by the parser, its entries not yet turned into what is stored (see entryOf). */
export interface ReadFeed {
  format: ParsedFeed['format'];
  title: string | null;
  site_url: string | null;
  ttl_minutes: number | null;
  base: string;
  /** at most MAX_ENTRIES_PER_FETCH */
  raw: RawEntry[];
}

/**
 * Reads a feed body (decoded text, or a JSON Feed document already parsed: feed-slices.ts reads a large one a slice at
 * a time). Throws FeedParseError for what is not a feed, is malformed, or declares XML entities (a billion-laughs
 * document is refused before it is read).
 */
export function readFeed(body: string | Record<string, unknown>, feedUrl: string): ReadFeed {
  if (typeof body === 'string' && declaresEntities(body)) throw new FeedParseError('the feed declares XML entities, which are refused');
  let parsed: ReturnType<typeof parseFeed>;
  try {
    // the entries past the first MAX_ENTRIES_PER_FETCH are not built at all (a 10 MB feed of small entries)
    parsed = parseFeed(typeof body === 'string' ? body.replace(/^\uFEFF/, '').trimStart() : body, { maxItems: MAX_ENTRIES_PER_FETCH });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new FeedParseError(/unrecognized/i.test(message) ? 'the answer is not a feed (RSS, Atom, RDF or JSON Feed)' : `the feed could not be read: ${message}`);
  }
  const raw = rawEntries(parsed, feedUrl);
  return { format: parsed.format, title: raw.title ? detached(raw.title) : null, site_url: raw.site || null, ttl_minutes: raw.ttl, base: raw.base, raw: raw.entries.slice(0, MAX_ENTRIES_PER_FETCH) };
}

/** The `index`-th entry of a feed as stored; null when its key was `seen` already in this feed (a repeat). */
export function entryOf(feed: ReadFeed, index: number, fetchedAt: Date, seen: Set<string>): ParsedEntry | null {
  const e = feed.raw[index];
  const now = fetchedAt.getTime();
  const base = e.base ?? feed.base;
  const url = absoluteUrl(e.link, base);
  const title = (e.titleIsText ? e.title : htmlToText(e.title.slice(0, 4 * TITLE_CHARS))).slice(0, TITLE_CHARS);
  const written = entryDate(...e.dates);
  // no date: the fetch time, a millisecond apart per entry so the feed's order holds; never in the future
  const at = written && written.getTime() <= now ? written : new Date(written ? now : now - index);
  const key = dedupeKey(e.guid, url, title, written ? written.toISOString() : '');
  if (seen.has(key)) return null;
  seen.add(key);
  const content = e.contentType === 'text' ? contentWithin(e.html.trim(), (part) => part.trim()) : sanitizeContent(e.html, url ?? base);
  // the summary's first words are in the first kilobytes
  const summary = htmlToText(e.summaryHtml.slice(0, 64 * 1024)).slice(0, SUMMARY_CHARS);
  return {
    dedupe_key: detached(key),
    title: detached(title || summary.slice(0, 80) || url || '(untitled)'),
    url,
    content: e.contentType === 'text' ? detached(content) : content,
    content_type: e.contentType,
    summary: detached(summary),
    point_at: at.toISOString(),
  };
}

/** readFeed and every entryOf, at once (discovery, tests; the fetcher takes the entries a few at a time). */
export function parseFeedText(body: string, feedUrl: string, fetchedAt: Date): ParsedFeed {
  const feed = readFeed(body, feedUrl);
  const seen = new Set<string>();
  const entries: ParsedEntry[] = [];
  for (let i = 0; i < feed.raw.length; i++) {
    const entry = entryOf(feed, i, fetchedAt, seen);
    if (entry) entries.push(entry);
  }
  return { format: feed.format, title: feed.title, site_url: feed.site_url, ttl_minutes: feed.ttl_minutes, entries };
}
