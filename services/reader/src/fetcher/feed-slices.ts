import { Parser } from 'htmlparser2';
import { MAX_ENTRIES_PER_FETCH } from '../common/reader-settings';
import { declaresEntities, FeedParseError, readFeed, type RawEntry, type ReadFeed } from './feed-parse.rules';

// A large feed read a slice at a time, the event loop given back between slices: feedsmith reads a whole document
// in one go (a 9.6 MB feed held the reader's loop 0.6–3.6 s, every group's calls waiting: issue 26 #3).
// XML: a SAX scan, written a chunk at a time, finds where each entry (RSS <item>, Atom <entry>) starts and ends, and the
// entries' siblings written after the first of them (a channel's <ttl> after its items); then the entries are read in
// groups of about SLICE_CHARS, each as a small feed of its own (the document's start up to its first entry, those
// entries, the closing tags of their parents), by the same readFeed, and the feed's own fields from the document
// without its entries. JSON Feed: a scan of the text, a chunk at a time, finds the top-level "items" array and where
// its entries start and end; the document without them is read as the feed, and the entries a group at a time.
// What reading gives is the same as readFeed of the whole document; only the first MAX_ENTRIES_PER_FETCH entries are
// read at all (the rest of the document is scanned, not read: the feed's fields may come after its entries).

/** A feed this small is read in one go (a few milliseconds). */
const SMALL_FEED = 256 * 1024;
/** characters written to the scan at a time */
const SCAN_CHUNK = 128 * 1024;
/** characters of entries read by feedsmith at a time */
const SLICE_CHARS = 192 * 1024;
/** what a slice of a JSON Feed's entries is read as: a feed of those entries alone */
const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';
/** how long reading may hold the event loop before it lets other work run */
export const SLICE_MS = 10;

/** A function that gives the event loop back once SLICE_MS has passed since the last time (else returns at once). */
export function loopYielder(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
/** an entry: an RSS item under its channel (or RSS 1.0's rdf:RDF), an Atom entry under its feed */
const isEntry = (name: string, parent: string | undefined) => {
  const local = localName(name);
  const up = parent === undefined ? '' : localName(parent);
  return (local === 'item' && (up === 'channel' || up === 'rdf')) || (local === 'entry' && up === 'feed');
};

/**
 * Where the first MAX_ENTRIES_PER_FETCH entries are, the names of their parents (outermost first), and where the
 * entries' siblings written after the first entry are (the whole document is scanned for those).
 */
async function entrySpans(text: string, pause: () => Promise<void>): Promise<{ spans: Array<[number, number]>; parents: string[]; others: Array<[number, number]> }> {
  const spans: Array<[number, number]> = [];
  const others: Array<[number, number]> = [];
  const stack: string[] = [];
  let parents: string[] | null = null;
  let open = -1;
  let other = -1;
  let depth = -1;
  const parser = new Parser(
    {
      onopentag(name) {
        if (open < 0 && other < 0) {
          if (stack.length <= 2 && isEntry(name, stack[stack.length - 1]) && (!parents || stack.length === parents.length)) {
            open = parser.startIndex;
            depth = stack.length;
            parents ??= [...stack];
          } else if (stack.length === depth && stack[depth - 1] === parents![depth - 1]) {
            other = parser.startIndex;
          }
        }
        stack.push(name);
      },
      onclosetag() {
        stack.pop();
        if (stack.length !== depth) return;
        if (open >= 0) {
          if (spans.length < MAX_ENTRIES_PER_FETCH) spans.push([open, parser.endIndex + 1]);
          open = -1;
        } else if (other >= 0) {
          others.push([other, parser.endIndex + 1]);
          other = -1;
        }
      },
    },
    { xmlMode: true },
  );
  for (let at = 0; at < text.length; at += SCAN_CHUNK) {
    parser.write(text.slice(at, at + SCAN_CHUNK));
    await pause();
  }
  return { spans, parents: parents ?? [], others };
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** Whether the quote at `at` is escaped (an odd number of backslashes before it). */
function escapedQuote(text: string, at: number): boolean {
  let n = 0;
  while (text.charCodeAt(at - 1 - n) === 92) n++;
  return n % 2 === 1;
}

/**
 * In a JSON document, the top-level object's "items" array: where it opens and closes, and where its first
 * MAX_ENTRIES_PER_FETCH entries are (each up to the comma or bracket after it). Null when the document is not one
 * object with one "items" array (another spelling of the key, or it twice: readFeed decides then), or when its
 * strings, brackets or the text after it are not those of a JSON document.
 */
async function jsonItemSpans(text: string, pause: () => Promise<void>): Promise<{ open: number; close: number; spans: Array<[number, number]> } | null> {
  if (text.charCodeAt(0) !== 123) return null;
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let open = -1;
  let close = -1;
  /** at the top level, a key comes next (after "{" or ",") */
  let expectKey = false;
  /** the top-level key just read; after its colon, the key whose value comes next */
  let key: string | null = null;
  let valueOf: string | null = null;
  let itemsKeys = 0;
  /** the current entry's start */
  let start = -1;
  let pauseAt = SCAN_CHUNK;
  for (let i = 0; i < text.length; i++) {
    if (i >= pauseAt) {
      await pause();
      pauseAt = i + SCAN_CHUNK;
    }
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (depth === 0 && i > 0) return null; // something after the document
    const structural = c === 44 || c === 58 || c === 125 || c === 93; // , : } ]
    if (!structural) {
      // a value (or a key) starts here
      if (open >= 0 && close < 0 && depth === 2 && start < 0) start = i;
      if (depth === 1 && valueOf !== null) {
        if (valueOf === 'items') {
          itemsKeys++;
          if (c !== 91) return null;
          open = i;
        } else if (valueOf.toLowerCase() === 'items') {
          return null;
        }
        valueOf = null;
      }
    }
    switch (c) {
      case 34: {
        let end = i;
        do {
          end = text.indexOf('"', end + 1);
          if (end < 0) return null;
        } while (escapedQuote(text, end));
        if (depth === 1 && expectKey) {
          try {
            key = JSON.parse(text.slice(i, end + 1)) as string;
          } catch {
            return null;
          }
          expectKey = false;
        }
        i = end;
        break;
      }
      case 123:
      case 91:
        depth++;
        if (depth === 1) expectKey = true;
        break;
      case 125:
      case 93:
        if (depth === 2 && open >= 0 && close < 0) {
          if (start >= 0 && spans.length < MAX_ENTRIES_PER_FETCH) spans.push([start, i]);
          start = -1;
          close = i;
        }
        depth--;
        if (depth < 0) return null;
        break;
      case 44:
        if (depth === 1) expectKey = true;
        else if (depth === 2 && open >= 0 && close < 0) {
          if (start >= 0 && spans.length < MAX_ENTRIES_PER_FETCH) spans.push([start, i]);
          start = -1;
        }
        break;
      case 58:
        if (depth === 1) {
          valueOf = key;
          key = null;
        }
        break;
    }
  }
  return depth === 0 && itemsKeys === 1 && close > open ? { open, close, spans } : null;
}

/** Groups of consecutive spans of about SLICE_CHARS each: [first, last] indexes. */
function* sliceGroups(spans: Array<[number, number]>): Generator<[number, number]> {
  for (let a = 0; a < spans.length; ) {
    let b = a;
    while (b + 1 < spans.length && spans[b + 1][1] - spans[a][0] <= SLICE_CHARS) b++;
    yield [a, b];
    a = b + 1;
  }
}

/**
 * readFeed, giving the event loop back every SLICE_MS (`pause`, shared with what the caller does next). Small feeds are
 * read in one go; so is a feed whose entries the scan cannot find (what it is, feedsmith says).
 */
export async function readFeedInSlices(body: string, feedUrl: string, pause = loopYielder()): Promise<ReadFeed> {
  const text = body.replace(/^\uFEFF/, '').trimStart();
  if (text.length <= SMALL_FEED) return readFeed(body, feedUrl);
  if (text.startsWith('{')) return readJsonInSlices(body, text, feedUrl, pause);
  if (!text.startsWith('<')) return readFeed(body, feedUrl);
  if (declaresEntities(text)) throw new FeedParseError('the feed declares XML entities, which are refused');
  const { spans, parents, others } = await entrySpans(text, pause);
  if (!spans.length) return readFeed(body, feedUrl);
  const prefix = text.slice(0, spans[0][0]);
  const suffix = [...parents].reverse().map((name) => `</${name}>`).join('');
  // the feed's own fields: from the first slice, unless some are written beside or after the entries
  let head: ReadFeed | null = others.length ? readFeed(prefix + others.map(([a, b]) => text.slice(a, b)).join('') + suffix, feedUrl) : null;
  const raw: RawEntry[] = [];
  for (const [a, b] of sliceGroups(spans)) {
    await pause();
    const part = readFeed(prefix + text.slice(spans[a][0], spans[b][1]) + suffix, feedUrl);
    head ??= part;
    raw.push(...part.raw);
  }
  return { ...head!, raw: raw.slice(0, MAX_ENTRIES_PER_FETCH) };
}

/** A JSON Feed: the document without its entries read as the feed, then its entries a slice at a time. */
async function readJsonInSlices(body: string, text: string, feedUrl: string, pause: () => Promise<void>): Promise<ReadFeed> {
  const found = await jsonItemSpans(text, pause);
  if (!found || !found.spans.length) return readFeed(body, feedUrl);
  const { open, close, spans } = found;
  await pause();
  const head = readFeed(text.slice(0, open + 1) + text.slice(close), feedUrl);
  if (head.format !== 'json') return readFeed(body, feedUrl);
  const raw: RawEntry[] = [];
  for (const [a, b] of sliceGroups(spans)) {
    await pause();
    let items: unknown;
    try {
      items = JSON.parse(`[${text.slice(spans[a][0], spans[b][1])}]`);
    } catch {
      // not JSON after all: what readFeed of the whole says
      return readFeed(body, feedUrl);
    }
    raw.push(...readFeed({ version: JSON_FEED_VERSION, items }, feedUrl).raw);
  }
  return { ...head, raw: raw.slice(0, MAX_ENTRIES_PER_FETCH) };
}
