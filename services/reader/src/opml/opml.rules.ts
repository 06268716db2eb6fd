import { generateOpml, parseOpml } from 'feedsmith';
import { MAX_FEED_URL } from '@app/proto';
import { declaresEntities } from '../fetcher/feed-parse.rules';

// OPML (the subscription list every feed reader imports and exports), without I/O. On import a feed is an outline
// with an xmlUrl; its label is its `category` attribute (the first one, without the slashes of a path) or else the
// folder (the nearest enclosing outline without an xmlUrl) it sits in. Export writes each label as a folder.

export class OpmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpmlError';
  }
}

export interface OpmlEntry {
  url: string;
  title: string | null;
  website_url: string | null;
  label: string | null;
}

export interface OpmlRead {
  entries: OpmlEntry[];
  /** outlines with an xmlUrl that is not an http(s) address */
  invalid: number;
}

/** Outlines read from one document at most (a file of feeds has hundreds). */
export const MAX_OPML_OUTLINES = 10_000;
const MAX_DEPTH = 20;

function webUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!value || value.length > MAX_FEED_URL) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

function name(raw: unknown, max = 100): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.replace(/\s+/g, ' ').trim();
  return value ? value.slice(0, max) : null;
}

/** The label a `category` attribute names: "/Tech/Linux, News" → "Tech/Linux". */
export function categoryLabel(category: unknown): string | null {
  if (typeof category !== 'string') return null;
  const first = category.split(',')[0].trim().replace(/^\/+|\/+$/g, '');
  return name(first);
}

interface Outline {
  text?: string;
  title?: string;
  xmlUrl?: string;
  htmlUrl?: string;
  category?: string;
  outlines?: Outline[];
}

/** The feeds of an OPML document; OpmlError (a 400 for the caller) when it is not one. */
export function readOpml(xml: string): OpmlRead {
  const text = xml.replace(/^\uFEFF/, '').trimStart();
  if (!text) throw new OpmlError('The OPML document is empty');
  if (declaresEntities(text)) throw new OpmlError('The OPML document declares XML entities, which are refused');
  let doc: ReturnType<typeof parseOpml>;
  try {
    doc = parseOpml(text);
  } catch (err) {
    throw new OpmlError(`The OPML document could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!doc || typeof doc !== 'object' || !doc.body) throw new OpmlError('The OPML document has no <body>');
  const entries: OpmlEntry[] = [];
  let invalid = 0;
  let seen = 0;
  const walk = (outlines: Outline[] | undefined, folder: string | null, depth: number) => {
    if (!Array.isArray(outlines)) return;
    if (depth > MAX_DEPTH) throw new OpmlError(`The OPML document nests outlines more than ${MAX_DEPTH} deep`);
    for (const o of outlines) {
      if (++seen > MAX_OPML_OUTLINES) throw new OpmlError(`The OPML document has more than ${MAX_OPML_OUTLINES} outlines`);
      if (o.xmlUrl !== undefined) {
        const url = webUrl(o.xmlUrl);
        if (!url) invalid++;
        else entries.push({ url, title: name(o.title ?? o.text, 300), website_url: webUrl(o.htmlUrl), label: categoryLabel(o.category) ?? folder });
      }
      if (o.outlines?.length) walk(o.outlines, o.xmlUrl === undefined ? (name(o.text ?? o.title) ?? folder) : folder, depth + 1);
    }
  };
  walk(doc.body.outlines as Outline[] | undefined, null, 1);
  return { entries, invalid };
}

export interface OpmlSubscription {
  title: string;
  url: string;
  website_url: string | null;
  label: string | null;
}

/** An OPML 2.0 document of the subscriptions, each label a folder (in name order), unlabelled ones at the top. */
export function writeOpml(subscriptions: OpmlSubscription[], now: Date): string {
  const outline = (s: OpmlSubscription) => ({ type: 'rss', text: s.title, title: s.title, xmlUrl: s.url, ...(s.website_url ? { htmlUrl: s.website_url } : {}) });
  const byTitle = (a: OpmlSubscription, b: OpmlSubscription) => a.title.localeCompare(b.title);
  const folders = new Map<string, OpmlSubscription[]>();
  const top: OpmlSubscription[] = [];
  for (const s of subscriptions) {
    if (!s.label) top.push(s);
    else folders.set(s.label, [...(folders.get(s.label) ?? []), s]);
  }
  const outlines = [
    ...top.sort(byTitle).map(outline),
    ...[...folders.keys()].sort((a, b) => a.localeCompare(b)).map((label) => ({ text: label, title: label, outlines: folders.get(label)!.sort(byTitle).map(outline) })),
  ];
  return generateOpml({ head: { title: 'Reader subscriptions', dateCreated: now }, body: { outlines } });
}
