import { MAX_ENTRIES_PER_FETCH } from '../common/reader-settings';
import { readFeed } from './feed-parse.rules';
import { loopYielder, readFeedInSlices } from './feed-slices';

const para = `<p>${'Lorem ipsum dolor sit amet, “manutenção” &amp; consectetur. '.repeat(4)}</p>`;
const html = (bytes: number) => para.repeat(Math.max(1, Math.round(bytes / para.length)));
const date = (i: number) => new Date(Date.UTC(2025, 0, 1) - i * 60_000);

/**
 * RSS 2.0 with `count` items of about `bytes` of HTML each, escaped or in CDATA (one CDATA holds "</item>"); the
 * channel's <ttl> before the items, or (`ttlAfter`) after them with an atom:link and a comment holding a <ttl>.
 */
function rss(count: number, bytes: number, ttlAfter = false): string {
  const items = Array.from({ length: count }, (_, i) => {
    const body = i % 2 ? `<![CDATA[${html(bytes)}${i === 3 ? ' a literal </item> in text ' : ''}]]>` : html(bytes).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return `<item><title>Item ${i}</title><link>/posts/${i}</link><guid isPermaLink="false">g${i}</guid><pubDate>${date(i).toUTCString()}</pubDate><dc:creator>Ana</dc:creator><description>${body}</description></item>\n<!-- <item>not one</item> -->\n`;
  });
  const ttl = '<ttl>90</ttl>';
  const after = '<atom:link href="https://big.example/feed" rel="self" type="application/rss+xml"/><!-- <ttl>5</ttl> -->' + ttl + '<sy:updatePeriod>daily</sy:updatePeriod>\n';
  return `\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>Big &amp; busy</title><link>https://big.example/</link>${ttlAfter ? '' : ttl}${items.join('')}${ttlAfter ? after : ''}</channel></rss>\n`;
}

/** Atom; `headAfter`: the feed's title and link written after its entries. */
function atom(count: number, bytes: number, headAfter = false): string {
  const entries = Array.from({ length: count }, (_, i) => {
    return `<entry xml:base="https://atom.example/e/"><id>urn:e:${i}</id><title type="html">Entry &lt;b&gt;${i}&lt;/b&gt;</title><link rel="alternate" href="${i}.html"/><updated>${date(i).toISOString()}</updated><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">${html(bytes)}</div></content></entry>`;
  });
  const head = '<title>Atom feed</title><link href="https://atom.example/"/>';
  return `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://atom.example/">${headAfter ? '' : head}${entries.join('')}${headAfter ? head : ''}</feed>`;
}

/**
 * JSON Feed with `count` items of about `bytes` of HTML each; its title and home page after the items (or before,
 * `headFirst`), and items whose strings hold quotes, backslashes, brackets and escapes, nested authors and attachments,
 * and an item that is not an object.
 */
function jsonFeed(count: number, bytes: number, headFirst = false): string {
  const items = Array.from({ length: count }, (_, i) =>
    i === 5
      ? null
      : {
          id: `j${i}`,
          url: i % 3 ? `/posts/${i}` : `https://json.example/${i}`,
          title: i === 2 ? 'Quotes " and \\ backslashes \\" ], }, {"items": [' : `Item ${i} \u00e9`,
          content_html: html(bytes),
          summary: i % 2 ? `Resumo ${i} ]}` : undefined,
          date_published: date(i).toISOString(),
          authors: [{ name: 'Ana', url: 'https://ana.example/' }],
          attachments: i % 4 ? undefined : [{ url: `https://json.example/${i}.mp3`, mime_type: 'audio/mpeg', size_in_bytes: 1000 }],
        },
  );
  const head = { version: 'https://jsonfeed.org/version/1.1', title: 'JSON & busy', home_page_url: 'https://json.example/' };
  return headFirst ? JSON.stringify({ ...head, items }, null, 1) : JSON.stringify({ items, ...head });
}

function rdf(count: number): string {
  const items = Array.from({ length: count }, (_, i) => `<item rdf:about="https://rdf.example/${i}"><title>R${i}</title><link>https://rdf.example/${i}</link><description>${'x'.repeat(2000)}</description><dc:date>${date(i).toISOString()}</dc:date></item>`);
  return `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://rdf.example/"><title>RDF</title><link>https://rdf.example/</link></channel>${items.join('')}</rdf:RDF>`;
}

/** Runs `work`, counting how often a setImmediate callback got its turn meanwhile (the loop was given back). */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work();
  running = false;
  return { result, turns };
}

describe('readFeedInSlices (issue 26 #3)', () => {
  it.each([
    ['RSS 2.0 of 500 items, 18 kB each (9 MB), CDATA and comments', () => rss(500, 18_000)],
    ['RSS 2.0 of 2,000 items (only the first 500 are read)', () => rss(2000, 4000)],
    ['Atom of 300 entries with xhtml content and xml:base', () => atom(300, 20_000)],
    ['RSS 1.0 (RDF) of 600 items', () => rdf(600)],
    ['RSS 2.0 of 500 items, its <ttl> after them', () => rss(500, 18_000, true)],
    ['RSS 2.0 of 2,000 items, its <ttl> after them (past the entries read)', () => rss(2000, 4000, true)],
    ['Atom of 300 entries, its title and link after them', () => atom(300, 20_000, true)],
    ['JSON Feed of 500 items, 18 kB each (9 MB), its title after them', () => jsonFeed(500, 18_000)],
    ['JSON Feed of 14,000 items (only the first 500 are read), indented', () => jsonFeed(14_000, 400, true)],
  ])('reads %s as readFeed does, giving the event loop back on the way', async (_name, make) => {
    const text = make();
    const whole = readFeed(text, 'https://big.example/feed');
    const { result, turns } = await turnsDuring(() => readFeedInSlices(text, 'https://big.example/feed', loopYielder(0)));
    expect(result).toEqual(whole);
    expect(result.raw.length).toBe(Math.min(MAX_ENTRIES_PER_FETCH, whole.raw.length));
    expect(turns).toBeGreaterThan(10);
  });

  it('reads the <ttl> a large feed writes after its items (issue 26: it was lost once the feed was read in slices)', async () => {
    for (const text of [rss(500, 18_000, true), rss(2000, 4000, true)]) {
      const feed = await readFeedInSlices(text, 'https://big.example/feed', loopYielder(0));
      expect(feed.ttl_minutes).toBe(90);
      expect(feed.raw).toHaveLength(500);
    }
    expect(await readFeedInSlices(atom(300, 20_000, true), 'https://atom.example/feed')).toMatchObject({ title: 'Atom feed', site_url: 'https://atom.example/' });
  });

  it('reads a small feed, JSON documents that are not one object with one items array, and a document without entries in one go, and refuses entities and what is not a feed as readFeed does', async () => {
    const big = (head: string, tail = '') => `{${head}"items": [${Array.from({ length: 400 }, (_, i) => JSON.stringify({ id: `j${i}`, content_html: html(2000) })).join(',')}]${tail}}`;
    const version = '"version": "https://jsonfeed.org/version/1.1", "title": "J", ';
    for (const text of [
      rss(3, 100),
      JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'J', items: Array.from({ length: 400 }, (_, i) => ({ id: `j${i}`, content_html: html(2000) })) }),
      big(version, ', "items": [{"id": "again"}]'),
      big(version.replace('"title"', '"Items": [], "title"')),
      big(version, ', "next_url": "https://json.example/2"} {}'),
      big(version).replace('"items": [', '"items": [{"id": "broken", "title": tru},'),
      big('"title": "no version, still a JSON Feed", '),
      `<rss version="2.0"><channel><title>Empty</title>${'<!-- padding -->'.repeat(40_000)}</channel></rss>`,
    ]) {
      const whole = (() => {
        try {
          return readFeed(text, 'https://x.example/');
        } catch (err) {
          return err;
        }
      })();
      if (whole instanceof Error) await expect(readFeedInSlices(text, 'https://x.example/')).rejects.toThrow(whole.message);
      else expect(await readFeedInSlices(text, 'https://x.example/')).toEqual(whole);
    }
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><rss version="2.0"><channel><title>&lol;</title>${'<item><title>x</title></item>'.repeat(20_000)}</channel></rss>`;
    await expect(readFeedInSlices(laughs, 'https://x.example/')).rejects.toThrow('the feed declares XML entities, which are refused');
    await expect(readFeedInSlices(`<html><body>${'<p>not a feed</p>'.repeat(30_000)}</body></html>`, 'https://x.example/')).rejects.toThrow(/not a feed|could not be read/);
  });
});
