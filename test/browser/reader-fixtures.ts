import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Three feeds on loopback for the reader's browser spec, one of each kind a reader meets: an Atom 1.0 feed of 12
// entries ("Tech Notes"), an RSS 2.0 feed of 8 items ("Daily News") and a JSON Feed of 5 ("Cooking Corner"), 25 in
// all, every one on its own day (the newest, Tech note 12, on 2026-04-28 at noon UTC, then a day earlier each), so the
// feed's order and its three pages of 10, 10 and 5 are known. The OPML that lists them puts Tech Notes under the label
// "Tech" and the other two under "Leisure". Each entry's link is a page of this server (the original article).

export interface FixtureEntry {
  feed: 'tech' | 'news' | 'cooking';
  /** 1 is the feed's oldest */
  n: number;
  title: string;
  /** ISO date */
  date: string;
  path: string;
}

const FEEDS = {
  tech: { title: 'Tech Notes', path: '/tech/atom.xml', site: '/tech/', label: 'Tech', noun: 'Tech note' },
  news: { title: 'Daily News', path: '/news/rss.xml', site: '/news/', label: 'Leisure', noun: 'News story' },
  cooking: { title: 'Cooking Corner', path: '/cooking/feed.json', site: '/cooking/', label: 'Leisure', noun: 'Recipe' },
} as const;

/** Which feed each of the 25 days (0 is the newest) belongs to: tech on even days to 22, news on odd ones to 15, cooking the rest. */
function feedOfDay(g: number): FixtureEntry['feed'] {
  if (g % 2 === 0 && g <= 22) return 'tech';
  if (g % 2 === 1 && g <= 15) return 'news';
  return 'cooking';
}

/** Every entry, newest first, as the reader's feed lists them. */
export function fixtureEntries(): FixtureEntry[] {
  const counts = { tech: 12, news: 8, cooking: 5 };
  const out: FixtureEntry[] = [];
  for (let g = 0; g < 25; g++) {
    const feed = feedOfDay(g);
    const n = counts[feed]--;
    const date = new Date(Date.UTC(2026, 3, 28 - g, 12)).toISOString();
    out.push({ feed, n, title: `${FEEDS[feed].noun} ${n}`, date, path: `${FEEDS[feed].site}${n}` });
  }
  return out;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An entry's article: a paragraph, a list and a bit of code, as feeds carry them. */
const body = (e: FixtureEntry) =>
  `<p>This is <strong>${e.title}</strong> from ${FEEDS[e.feed].title}.</p><ul><li>first point</li><li>second point</li></ul><pre><code>const answer = ${e.n};</code></pre>`;

function atomFeed(base: string, entries: FixtureEntry[]): string {
  const f = FEEDS.tech;
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${f.title}</title><id>${base}${f.path}</id><link rel="alternate" href="${base}${f.site}"/><updated>${entries[0].date}</updated>
${entries
  .map((e) => `<entry><id>${base}${e.path}</id><title>${esc(e.title)}</title><link rel="alternate" href="${base}${e.path}"/><updated>${e.date}</updated><summary>Summary of ${esc(e.title)}</summary><content type="html">${esc(body(e))}</content></entry>`)
  .join('\n')}
</feed>`;
}

function rssFeed(base: string, entries: FixtureEntry[]): string {
  const f = FEEDS.news;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${f.title}</title><link>${base}${f.site}</link><description>News</description>
${entries
  .map((e) => `<item><title>${esc(e.title)}</title><link>${base}${e.path}</link><guid>${base}${e.path}</guid><pubDate>${new Date(e.date).toUTCString()}</pubDate><description>Summary of ${esc(e.title)}</description><content:encoded><![CDATA[${body(e)}]]></content:encoded></item>`)
  .join('\n')}
</channel></rss>`;
}

function jsonFeed(base: string, entries: FixtureEntry[]): string {
  const f = FEEDS.cooking;
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: f.title,
    home_page_url: `${base}${f.site}`,
    feed_url: `${base}${f.path}`,
    items: entries.map((e) => ({ id: `${base}${e.path}`, url: `${base}${e.path}`, title: e.title, summary: `Summary of ${e.title}`, content_html: body(e), date_published: e.date })),
  });
}

/** The OPML a person would export from another reader: two folders (labels), three feeds. */
export function fixtureOpml(base: string): string {
  const outline = (k: keyof typeof FEEDS) => {
    const f = FEEDS[k];
    return `<outline type="rss" text="${f.title}" title="${f.title}" xmlUrl="${base}${f.path}" htmlUrl="${base}${f.site}"/>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>My feeds</title></head><body>
<outline text="Tech" title="Tech">${outline('tech')}</outline>
<outline text="Leisure" title="Leisure">${outline('news')}${outline('cooking')}</outline>
</body></opml>`;
}

/** The feeds' server on 127.0.0.1 at a free port. */
export class ReaderFeeds {
  private server?: http.Server;
  url = '';

  async start(): Promise<this> {
    const entries = fixtureEntries();
    const of = (feed: FixtureEntry['feed']) => entries.filter((e) => e.feed === feed);
    this.server = http.createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const send = (type: string, text: string) => {
        res.writeHead(200, { 'content-type': type, 'cache-control': 'max-age=3600' });
        res.end(text);
      };
      if (path === FEEDS.tech.path) return send('application/atom+xml; charset=utf-8', atomFeed(this.url, of('tech')));
      if (path === FEEDS.news.path) return send('application/rss+xml; charset=utf-8', rssFeed(this.url, of('news')));
      if (path === FEEDS.cooking.path) return send('application/feed+json; charset=utf-8', jsonFeed(this.url, of('cooking')));
      const entry = entries.find((e) => e.path === path);
      if (entry) return send('text/html; charset=utf-8', `<!doctype html><title>${esc(entry.title)}</title><h1>${esc(entry.title)}</h1>${body(entry)}`);
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
