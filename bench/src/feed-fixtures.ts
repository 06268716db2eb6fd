// The feeds bench/feeds serves, built in memory, the same bytes on every run.
//   short: RSS 2.0, ITEMS items with a summary and about 1 kB of HTML each (~15 kB a feed): the fixture of issue 15;
//   heavy: what full-text feeds carry (issue 30 #2): every other feed Atom, the others RSS 2.0, ITEMS entries of
//          1–2 kB of HTML each (~40 kB a feed) — paragraphs with links and emphasis, figures with srcset, lists, code,
//          quotes, and now and then an embed, a script, inline styles and event attributes the sanitizer removes;
//          Atom's content escaped (type="html"), RSS's in CDATA (content:encoded) with a plain summary beside it.

export type FixtureKind = 'short' | 'heavy';

export interface FeedFixture {
  body: string;
  contentType: string;
}

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';

/** Feed n of the short fixture: `items` RSS entries with a guid, a link, a date, a summary and about 1 kB of HTML each. */
export function shortFeed(n: number, items: number): FeedFixture {
  const out: string[] = [];
  for (let i = 0; i < items; i++) {
    const date = new Date(Date.UTC(2026, 0, 1, 0, 0, 0) - (n * items + i) * 60_000).toUTCString();
    out.push(
      `<item><title>Feed ${n} entry ${i}: ${LOREM.slice(0, 40)}</title><link>https://site${n}.example/posts/${i}</link><guid isPermaLink="false">feed-${n}-entry-${i}</guid>` +
        `<pubDate>${date}</pubDate><description>${LOREM.slice(0, 200)}</description>` +
        `<content:encoded><![CDATA[<p>${LOREM.repeat(4)}</p><p><a href="/posts/${i}/more">Read more</a> <img src="/img/${i}.png" alt="x"></p><ul><li>one</li><li>two</li></ul>]]></content:encoded></item>`,
    );
  }
  return {
    body: `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Feed ${n}</title><link>https://site${n}.example/</link><description>Bench feed</description>${out.join('')}</channel></rss>`,
    contentType: 'application/rss+xml; charset=utf-8',
  };
}

/** mulberry32: a small seeded generator, so a feed's text is the same on every run */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a of to and in is it that for on with as was at by this be from or an are not have but were which one all their ' +
  'release server database query index cache latency request client browser feed reader article update version change ' +
  'performance memory thread process network storage backup schema migration deploy kernel compiler function module ' +
  'manutenção café über naïve résumé 東京 Zürich'
).split(' ');

function words(rand: () => number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]);
  return out.join(' ');
}

function sentence(rand: () => number): string {
  const s = words(rand, 8 + Math.floor(rand() * 12));
  return s.charAt(0).toUpperCase() + s.slice(1) + '.';
}

/** One block of an article's HTML. */
function block(rand: () => number, n: number, i: number, k: number): string {
  const r = rand();
  if (r < 0.45) {
    const parts = [sentence(rand), `<a href="/${n}/posts/${i + 1}#s${k}">${words(rand, 3)}</a> ${sentence(rand)}`, `<em>${words(rand, 2)}</em> &amp; <strong>${words(rand, 2)}</strong> ${sentence(rand)}`];
    return `<p>${parts.slice(0, 1 + Math.floor(rand() * 3)).join(' ')}</p>`;
  }
  if (r < 0.55) return `<figure><img src="/img/${n}/${i}-${k}.jpg" srcset="/img/${n}/${i}-${k}@2x.jpg 2x" alt="${words(rand, 3)}" width="640" height="360" loading="lazy"><figcaption>${words(rand, 6)}</figcaption></figure>`;
  if (r < 0.65) return `<ul>${Array.from({ length: 2 + Math.floor(rand() * 3) }, () => `<li>${words(rand, 4)}</li>`).join('')}</ul>`;
  if (r < 0.73) return `<pre><code class="language-ts">const ${words(rand, 1)} = await fetch(url, { method: 'GET' });\nif (res.status &lt; 300) return res.json();</code></pre>`;
  if (r < 0.81) return `<blockquote cite="https://quoted.example/${k}"><p>${sentence(rand)}</p></blockquote>`;
  if (r < 0.86) return `<h2 id="s${k}" style="color:#333;margin-top:2em">${words(rand, 4)}</h2>`;
  if (r < 0.9) return `<div class="embed"><iframe src="https://www.youtube.com/embed/v${n}x${i}" width="560" height="315" frameborder="0" allowfullscreen></iframe></div>`;
  if (r < 0.94) return `<p onclick="track(${k})" style="font-size:90%">${sentence(rand)} <span class="note" data-id="${k}">${words(rand, 3)}</span></p>`;
  if (r < 0.97) return `<script>window.analytics && window.analytics.track("view", { id: ${n * 100 + i} });</script><p>${sentence(rand)}</p>`;
  return `<table><tr><th>${words(rand, 1)}</th><td>${Math.floor(rand() * 1000)} ms</td></tr><tr><th>${words(rand, 1)}</th><td>${Math.floor(rand() * 1000)} ms</td></tr></table>`;
}

/** An article of 1–2 kB of HTML: blocks added until it passes a length drawn between 1,000 and 1,700 characters. */
function article(rand: () => number, n: number, i: number): string {
  const target = 1000 + Math.floor(rand() * 700);
  let html = '';
  for (let k = 0; html.length < target; k++) html += block(rand, n, i, k);
  return html;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Feed n of the heavy fixture: Atom for odd n, RSS 2.0 for even n; `items` entries of 1–2 kB of HTML. */
export function heavyFeed(n: number, items: number): FeedFixture {
  const rand = seeded(n * 7919 + 17);
  const site = `https://blog${n}.example`;
  const entries = Array.from({ length: items }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) - (n * items + i) * 3_600_000);
    return { i, at, title: `${sentence(rand).slice(0, 70)}`, html: article(rand, n, i), summary: sentence(rand), author: words(rand, 2), tags: [words(rand, 1), words(rand, 1)] };
  });
  if (n % 2) {
    const xml = entries.map(
      (e) =>
        `<entry><title type="html">${escapeXml(e.title)}</title><link rel="alternate" type="text/html" href="${site}/posts/${e.i}"/><id>tag:blog${n}.example,2026:post-${e.i}</id>` +
        `<published>${e.at.toISOString()}</published><updated>${e.at.toISOString()}</updated><author><name>${escapeXml(e.author)}</name></author>` +
        e.tags.map((t) => `<category term="${escapeXml(t)}"/>`).join('') +
        `<summary type="html">${escapeXml(e.summary)}</summary><content type="html" xml:base="${site}/posts/">${escapeXml(e.html)}</content></entry>\n`,
    );
    return {
      body: `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en"><title>Blog ${n}</title><subtitle>Notes on software</subtitle><id>tag:blog${n}.example,2026:feed</id><updated>${entries[0].at.toISOString()}</updated><link rel="alternate" type="text/html" href="${site}/"/><link rel="self" type="application/atom+xml" href="${site}/feed.atom"/><generator uri="https://gohugo.io/">Hugo</generator>\n${xml.join('')}</feed>\n`,
      contentType: 'application/atom+xml; charset=utf-8',
    };
  }
  const xml = entries.map(
    (e) =>
      `<item><title>${escapeXml(e.title)}</title><link>${site}/posts/${e.i}</link><guid isPermaLink="true">${site}/posts/${e.i}</guid><pubDate>${e.at.toUTCString()}</pubDate>` +
      `<dc:creator><![CDATA[${e.author}]]></dc:creator>` +
      e.tags.map((t) => `<category><![CDATA[${t}]]></category>`).join('') +
      `<description>${escapeXml(e.summary)}</description><content:encoded><![CDATA[${e.html}]]></content:encoded></item>\n`,
  );
  return {
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Blog ${n}</title><link>${site}/</link><description>Notes on software</description><language>en</language><lastBuildDate>${entries[0].at.toUTCString()}</lastBuildDate><atom:link href="${site}/feed.xml" rel="self" type="application/rss+xml"/><generator>WordPress 6.8</generator>\n${xml.join('')}</channel></rss>\n`,
    contentType: 'application/rss+xml; charset=utf-8',
  };
}

export function fixtureFeed(kind: FixtureKind, n: number, items: number): FeedFixture {
  return kind === 'heavy' ? heavyFeed(n, items) : shortFeed(n, items);
}
