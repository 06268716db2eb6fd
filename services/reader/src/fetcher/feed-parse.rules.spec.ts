import { declaresEntities, decodeBody, dedupeKey, FeedParseError, parseFeedText } from './feed-parse.rules';

const fetchedAt = new Date('2026-03-01T12:00:00.000Z');
const feedUrl = 'https://site.example/feeds/main.xml';

describe('reading a feed', () => {
  it('RSS 2.0: title, site, ttl; entries with guid, absolute link, date, sanitized content and a text summary', () => {
    const feed = parseFeedText(
      `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
        <title>Fish &amp; Chips</title><link>/</link><ttl>90</ttl>
        <item><title>First &lt;b&gt;post&lt;/b&gt;</title><link>/posts/1</link><guid isPermaLink="false">id-1</guid>
          <pubDate>Sun, 01 Feb 2026 10:00:00 +0100</pubDate><description>&lt;p&gt;Short &amp;amp; sweet&lt;/p&gt;</description>
          <content:encoded><![CDATA[<p>Full <a href="/x">text</a><script>bad()</script></p>]]></content:encoded></item>
      </channel></rss>`,
      feedUrl,
      fetchedAt,
    );
    expect(feed).toMatchObject({ format: 'rss', title: 'Fish & Chips', site_url: 'https://site.example/', ttl_minutes: 90 });
    expect(feed.entries).toEqual([
      {
        dedupe_key: 'g:id-1',
        title: 'First post',
        url: 'https://site.example/posts/1',
        content: '<p>Full <a href="https://site.example/x" target="_blank" rel="noopener noreferrer">text</a></p>',
        content_type: 'html',
        summary: 'Short & sweet',
        point_at: '2026-02-01T09:00:00.000Z',
      },
    ]);
  });

  it('Atom 1.0 with xml:base: relative links resolved against the entry’s base, html and text contents', () => {
    const feed = parseFeedText(
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://atom.example/blog/">
        <title type="html">A &amp;amp; B</title><link rel="alternate" href="./"/><link rel="self" href="feed.atom"/>
        <entry><id>urn:e1</id><title>One</title><link rel="alternate" href="one.html"/><published>2026-01-02T03:04:05Z</published>
          <content type="html">&lt;img src="pics/1.png"&gt;</content></entry>
        <entry xml:base="https://cdn.example/other/"><id>urn:e2</id><title type="text">Two &lt;b&gt;</title><link href="two"/><updated>2026-01-03T00:00:00Z</updated>
          <content type="text">Plain
text</content></entry>
      </feed>`,
      feedUrl,
      fetchedAt,
    );
    expect(feed.title).toBe('A & B');
    expect(feed.site_url).toBe('https://atom.example/blog/');
    expect(feed.entries.map((e) => [e.dedupe_key, e.title, e.url, e.content, e.content_type])).toEqual([
      ['g:urn:e1', 'One', 'https://atom.example/blog/one.html', '<img src="https://atom.example/blog/pics/1.png" loading="lazy" />', 'html'],
      ['g:urn:e2', 'Two <b>', 'https://cdn.example/other/two', 'Plain\ntext', 'text'],
    ]);
  });

  it('RSS 0.91, RDF (RSS 1.0), Atom 0.3 and JSON Feed are read too', () => {
    const rss091 = parseFeedText('<?xml version="1.0"?><rss version="0.91"><channel><title>Old</title><link>http://old.example/</link><item><title>o1</title><link>http://old.example/1</link></item></channel></rss>', feedUrl, fetchedAt);
    expect([rss091.format, rss091.entries[0].dedupe_key]).toEqual(['rss', 'l:http://old.example/1']);
    const rdf = parseFeedText(
      '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="http://r.example/"><title>R</title><link>http://r.example/</link></channel><item rdf:about="http://r.example/1"><title>r1</title><link>http://r.example/1</link><dc:date>2026-01-05T00:00:00Z</dc:date></item></rdf:RDF>',
      feedUrl,
      fetchedAt,
    );
    expect([rdf.format, rdf.entries[0].point_at]).toEqual(['rdf', '2026-01-05T00:00:00.000Z']);
    const atom03 = parseFeedText(
      '<?xml version="1.0"?><feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Older</title><entry><title>e</title><link rel="alternate" href="http://o.example/1"/><id>tag:1</id><issued>2004-01-01T00:00:00Z</issued></entry></feed>',
      feedUrl,
      fetchedAt,
    );
    expect([atom03.format, atom03.entries[0].point_at]).toEqual(['atom', '2004-01-01T00:00:00.000Z']);
    const json = parseFeedText(
      JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'J', home_page_url: 'https://j.example/', items: [{ id: '7', url: 'https://j.example/7', content_text: 'just text', date_published: '2026-01-06T00:00:00Z' }] }),
      feedUrl,
      fetchedAt,
    );
    expect(json.entries[0]).toMatchObject({ dedupe_key: 'g:7', content: 'just text', content_type: 'text', title: 'just text' });
  });

  it('tells entries apart by guid, else link, else a hash of title and date; repeats in one feed are kept once', () => {
    const feed = parseFeedText(
      `<rss version="2.0"><channel><title>K</title>
        <item><title>a</title><guid>same</guid></item><item><title>a again</title><guid>same</guid></item>
        <item><title>b</title><link>https://k.example/b</link></item>
        <item><title>c</title><pubDate>Mon, 05 Jan 2026 00:00:00 GMT</pubDate></item></channel></rss>`,
      feedUrl,
      fetchedAt,
    );
    expect(feed.entries.map((e) => e.dedupe_key)).toEqual(['g:same', 'l:https://k.example/b', dedupeKey('', null, 'c', '2026-01-05T00:00:00.000Z')]);
    expect(dedupeKey('', null, 'c', '2026-01-05T00:00:00.000Z')).toMatch(/^h:[0-9a-f]{64}$/);
    expect(dedupeKey('x'.repeat(600), null, '', '')).toMatch(/^h:[0-9a-f]{64}$/);
  });

  it('an entry without a date (or with one in the future) gets the fetch time, a millisecond apart per entry to keep the feed’s order', () => {
    const feed = parseFeedText(
      '<rss version="2.0"><channel><title>D</title><item><title>1</title><guid>1</guid></item><item><title>2</title><guid>2</guid></item><item><title>3</title><guid>3</guid><pubDate>Tue, 01 Jan 2030 00:00:00 GMT</pubDate></item><item><title>4</title><guid>4</guid><pubDate>garbage</pubDate></item></channel></rss>',
      feedUrl,
      fetchedAt,
    );
    expect(feed.entries.map((e) => e.point_at)).toEqual(['2026-03-01T12:00:00.000Z', '2026-03-01T11:59:59.999Z', '2026-03-01T12:00:00.000Z', '2026-03-01T11:59:59.997Z']);
  });

  it('refuses what is not a feed, malformed XML and documents declaring entities (billion laughs) with a FeedParseError', () => {
    expect(() => parseFeedText('<html><body>a page</body></html>', feedUrl, fetchedAt)).toThrow(new FeedParseError('the answer is not a feed (RSS, Atom, RDF or JSON Feed)'));
    expect(() => parseFeedText('<rss><channel><title>x</title><item><title>a</item></channel>', feedUrl, fetchedAt)).toThrow(FeedParseError);
    const lol = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><rss version="2.0"><channel><title>&lol2;</title></channel></rss>';
    expect(declaresEntities(lol)).toBe(true);
    expect(() => parseFeedText(lol, feedUrl, fetchedAt)).toThrow('the feed declares XML entities, which are refused');
    expect(declaresEntities('<!DOCTYPE html><html></html>')).toBe(false);
    expect(declaresEntities('<rss><channel><description><![CDATA[write <!ENTITY x "y"> in a DTD]]></description></channel></rss>')).toBe(false);
  });

  it('bounds what an entry keeps: a link over 2,048 characters is dropped, a content over 256 kB is cut and closed', () => {
    const long = `<p><b>${'x'.repeat(300 * 1024)}</b></p>`;
    const feed = parseFeedText(
      `<rss version="2.0"><channel><title>B</title><item><title>t</title><guid>1</guid><link>https://b.example/${'a'.repeat(3000)}</link><description><![CDATA[${long}]]></description></item></channel></rss>`,
      feedUrl,
      fetchedAt,
    );
    expect(feed.entries[0].url).toBeNull();
    expect(feed.entries[0].content.length).toBeLessThan(256 * 1024 + 20);
    expect(feed.entries[0].content).toMatch(/^<p><b>x+<\/b><\/p>$/);
  });

  it('reads the first 500 entries of a longer feed, in RSS, Atom and JSON Feed', () => {
    const n = 700;
    const rss = `<rss version="2.0"><channel><title>Long</title>${Array.from({ length: n }, (_, i) => `<item><guid>g${i}</guid><title>t${i}</title></item>`).join('')}</channel></rss>`;
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>Long</title>${Array.from({ length: n }, (_, i) => `<entry><id>g${i}</id><title>t${i}</title></entry>`).join('')}</feed>`;
    const json = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'Long', items: Array.from({ length: n }, (_, i) => ({ id: `g${i}`, title: `t${i}`, content_text: 'x' })) });
    for (const body of [rss, atom, json]) {
      const feed = parseFeedText(body, 'https://long.example/feed', new Date());
      expect([feed.format, feed.entries.length, feed.entries[0].dedupe_key, feed.entries[499].dedupe_key]).toEqual([feed.format, 500, 'g:g0', 'g:g499']);
    }
  });

  it('decodes the body by the Content-Type charset, else the XML declaration, else UTF-8', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Ação</title></channel></rss>', 'latin1');
    expect(decodeBody(latin1, 'application/xml')).toContain('Ação');
    expect(decodeBody(Buffer.from('Ação', 'latin1'), 'text/xml; charset=windows-1252')).toBe('Ação');
    expect(decodeBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Ação')]), 'text/xml; charset=latin1')).toBe('Ação');
    expect(decodeBody(Buffer.from('Ação'), undefined)).toBe('Ação');
  });
});

describe('a feed in windows-1252 or ISO-8859-1 (Node 20 reads 0x80–0x9F as C1 controls)', () => {
  it.each(['text/xml; charset=ISO-8859-1', 'application/rss+xml; charset=windows-1252'])('keeps – “ ” € (%s)', (type) => {
    const body = Buffer.concat([Buffer.from('<rss><channel><title>'), Buffer.from([0x93, 0x4f, 0x66, 0x69, 0x63, 0x69, 0x6e, 0x61, 0x94, 0x20, 0x96, 0x20, 0x31, 0x30, 0x20, 0x80]), Buffer.from('</title></channel></rss>')]);
    expect(decodeBody(body, type)).toContain('“Oficina” – 10 €');
  });
  it('every byte 0x80–0x9F through the XML declaration\'s encoding', () => {
    const body = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="iso-8859-1"?><x>'), Buffer.from(Array.from({ length: 32 }, (_, i) => 0x80 + i)), Buffer.from('</x>')]);
    expect(decodeBody(body, undefined)).toContain('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
  });
});
