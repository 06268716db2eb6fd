import { READER_ITEM_CONTENT_MAX_BYTES } from '@app/proto';
import { parseFeedText } from './feed-parse.rules';
import { contentWithin, htmlToText, MAX_CONTENT_CHARS, sanitizeContent, storedBytes } from './sanitize.rules';

const base = 'https://blog.example.com/2026/post.html';

describe('sanitizing a feed entry’s HTML', () => {
  it('drops scripts, styles, forms, event and style attributes, keeping the text structure', () => {
    const out = sanitizeContent('<p style="color:red" onclick="steal()">Hi <b>there</b><script>alert(1)</script><style>p{}</style></p><form action="/x"><input name="q"></form><object data="x.swf"></object>', base);
    expect(out).toBe('<p>Hi <b>there</b></p>');
  });

  it('makes links and images absolute against the entry’s address; links open a new window without a referrer', () => {
    expect(sanitizeContent('<a href="../about">About</a> <img src="img/a.png" alt="A">', base)).toBe(
      '<a href="https://blog.example.com/about" target="_blank" rel="noopener noreferrer">About</a> <img src="https://blog.example.com/2026/img/a.png" alt="A" loading="lazy" />',
    );
  });

  it('each entry’s links against its own address, one after the other (the options are shared by every call)', () => {
    const html = '<a href="p">p</a><video src="v.mp4" poster="v.jpg"></video>';
    expect(sanitizeContent(html, 'https://one.example/a/')).toBe(
      '<a href="https://one.example/a/p" target="_blank" rel="noopener noreferrer">p</a><video src="https://one.example/a/v.mp4" poster="https://one.example/a/v.jpg"></video>',
    );
    expect(sanitizeContent(html, 'https://two.example/b/')).toBe(
      '<a href="https://two.example/b/p" target="_blank" rel="noopener noreferrer">p</a><video src="https://two.example/b/v.mp4" poster="https://two.example/b/v.jpg"></video>',
    );
    // no address: a relative link cannot be made absolute and is dropped, whatever the call before had
    expect(sanitizeContent('<a href="p">p</a>', undefined)).toBe('<a target="_blank" rel="noopener noreferrer">p</a>');
  });

  it('keeps no javascript: or data: link, and no iframe except YouTube and Vimeo players', () => {
    expect(sanitizeContent('<a href="javascript:alert(1)">x</a>', base)).toBe('<a target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeContent('<iframe src="https://evil.example/x"></iframe><iframe src="https://www.youtube-nocookie.com/embed/abc" allowfullscreen></iframe><iframe src="https://player.vimeo.com/video/1"></iframe>', base)).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" allowfullscreen></iframe><iframe src="https://player.vimeo.com/video/1"></iframe>',
    );
  });

  it('drops 1x1 tracking pixels but keeps real images', () => {
    expect(sanitizeContent('<p>x<img src="https://t.example/p.gif" width="1" height="1"><img src="/pix.gif" width="0" height="0px"><img src="/real.png" width="1" height="300"></p>', base)).toBe(
      '<p>x<img src="https://blog.example.com/real.png" width="1" height="300" loading="lazy" /></p>',
    );
  });

  it('escapes text and attribute values, whatever entities they were written with', () => {
    expect(sanitizeContent('&lt;script&gt;x&lt;/script&gt; &amp; <a href="/q?a=1&amp;b=2" title="a &quot;b&quot; <c>">l</a>', base)).toBe(
      '&lt;script&gt;x&lt;/script&gt; &amp; <a href="https://blog.example.com/q?a=1&amp;b=2" title="a &quot;b&quot; &lt;c&gt;" target="_blank" rel="noopener noreferrer">l</a>',
    );
  });

  it('refuses script addresses however they are disguised (case, blanks, entities) and protocol-relative or non-image data addresses', () => {
    for (const href of ['JaVaScRiPt:alert(1)', ' java\tscript:alert(1)', 'jav&#x09;ascript:alert(1)', '&#106;avascript:alert(1)', 'vbscript:x', 'data:text/html,x']) {
      expect([href, sanitizeContent(`<a href="${href}">x</a>`, base)]).toEqual([href, '<a target="_blank" rel="noopener noreferrer">x</a>']);
    }
    expect(sanitizeContent('<q cite="javascript:x">q</q><q cite="//evil.example/">r</q><img src="javascript:alert(1)"><img src="data:image/png;base64,AA" alt="">', base)).toBe(
      '<q>q</q><q>r</q><img src="data:image/png;base64,AA" alt="" loading="lazy" />',
    );
  });

  it('drops the text of script, style, textarea and noscript, comments and CDATA, and closes what the markup left open', () => {
    expect(sanitizeContent('<div><script>var a = "</div>";</script>after</div><textarea><b>no</b></textarea><noscript><p>hid</p></noscript><!-- c --><![CDATA[ d ]]>', base)).toBe('<div>after</div>');
    expect(sanitizeContent('<p>unclosed <b>bold <i>italic</p> after<ul><li>a<li>b', base)).toBe('<p>unclosed <b>bold <i>italic</i></b></p> after<ul><li>a</li><li>b</li></ul>');
  });

  it('keeps allowed attributes only, drops empty ones that mean nothing empty, and keeps media with absolute sources', () => {
    expect(sanitizeContent('<td colspan="2" rowspan="" onclick="x" class="c">a</td><IMG SRC="X.PNG" ALT="Up" ID="i"><video src="v.mp4" poster="p.png" controls></video>', base)).toBe(
      '<td colspan="2">a</td><img src="https://blog.example.com/2026/X.PNG" alt="Up" loading="lazy" /><video src="https://blog.example.com/2026/v.mp4" poster="https://blog.example.com/2026/p.png" controls></video>',
    );
    expect(sanitizeContent('<iframe src="//www.youtube.com/embed/x"></iframe><iframe src="https://www.youtube.com.evil.example/"></iframe><iframe>text</iframe>', base)).toBe(
      '<iframe src="https://www.youtube.com/embed/x"></iframe>',
    );
  });

  it('turns HTML into plain text for titles and summaries', () => {
    expect(htmlToText('  Fish &amp; <b>chips</b>\n &lt;tag&gt; &eacute; &#x263A; <script>x()</script> ')).toBe('Fish & chips <tag> é ☺');
    expect(htmlToText('<p>One</p><p>two<br>three</p><style>p{}</style><ul><li>a</li><li>b</li></ul>')).toBe('One two three a b');
  });
});

describe('the bytes an item’s content takes once stored', () => {
  it('stay within READER_ITEM_CONTENT_MAX_BYTES however the sanitizer grows the HTML (each & written out as &amp;)', () => {
    // 256 k bare ampersands become 1.28 MB of "&amp;": an item a single bus message could not carry
    const html = `<p>${'&'.repeat(MAX_CONTENT_CHARS)}</p>`;
    const out = sanitizeContent(html, base);
    expect(storedBytes(out)).toBeLessThanOrEqual(READER_ITEM_CONTENT_MAX_BYTES);
    expect(storedBytes(out)).toBeGreaterThan(READER_ITEM_CONTENT_MAX_BYTES * 0.8);
    expect(out).toMatch(/^<p>(&amp;)+<\/p>$/);
  });

  it('count a Japanese character as its 3 bytes and a control character as its 6 bytes of JSON', () => {
    const feed = (text: string) =>
      `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>x</title><guid>1</guid><description>${text}</description></item></channel></rss>`;
    const [entry] = parseFeedText(feed('日本語の文章。'.repeat(36_000)), 'https://jp.example/feed', new Date()).entries;
    expect(entry.content.length).toBeLessThan(36_000 * 7);
    expect(storedBytes(entry.content)).toBeLessThanOrEqual(READER_ITEM_CONTENT_MAX_BYTES);
    expect(entry.content).toMatch(/^日本語の文章。/);
    const controls = contentWithin('\u0001'.repeat(200_000), (t) => t);
    expect([storedBytes(controls) <= READER_ITEM_CONTENT_MAX_BYTES, controls.length > 80_000]).toEqual([true, true]);
  });

  it('leave ordinary contents whole, and never split a character made of two UTF-16 units', () => {
    expect(sanitizeContent('<p>short</p>', base)).toBe('<p>short</p>');
    const emoji = contentWithin('😀'.repeat(200_000), (t) => t, 1000);
    expect(storedBytes(emoji)).toBeLessThanOrEqual(1000);
    expect(emoji.length % 2).toBe(0);
    expect(emoji).toMatch(/^(😀)+$/u);
  });
});
