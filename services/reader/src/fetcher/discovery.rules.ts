import { Parser } from 'htmlparser2';

// Feed discovery: a site's page names its feeds with `<link rel="alternate" type="application/rss+xml" href="…">`
// (also Atom and JSON Feed types) in its head. The first one named is the site's main feed, by convention.

const FEED_TYPES = new Set(['application/rss+xml', 'application/atom+xml', 'application/rdf+xml', 'application/feed+json', 'application/json', 'text/xml', 'application/xml']);

/** The feeds a page names, absolute, in the page's order, without repeats. */
export function feedLinks(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  let base = pageUrl;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (done) return;
        if (name === 'body') {
          done = true;
          return;
        }
        if (name === 'base' && attrs.href) {
          try {
            base = new URL(attrs.href, pageUrl).href;
          } catch {
            /* a broken <base> is ignored */
          }
        }
        if (name !== 'link') return;
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        const type = (attrs.type ?? '').toLowerCase().split(';')[0].trim();
        if (!rel.includes('alternate') || !FEED_TYPES.has(type) || !attrs.href) return;
        try {
          const url = new URL(attrs.href.trim(), base);
          if ((url.protocol === 'http:' || url.protocol === 'https:') && !found.includes(url.href)) found.push(url.href);
        } catch {
          /* not an address */
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  // the head is at the start of a page: the first 512 kB are enough, and a huge page costs no more
  parser.write(html.length > 512 * 1024 ? html.slice(0, 512 * 1024) : html);
  parser.end();
  return found;
}

/** Whether an answer is a web page rather than a feed (by its type, else by how it starts). */
export function looksLikeHtml(contentType: string | undefined, text: string): boolean {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('text/html') || type.includes('application/xhtml')) return true;
  if (/xml|json|rss|atom/.test(type)) return false;
  const start = text.slice(0, 1024).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html');
}
