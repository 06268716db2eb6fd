import { htmlToText, sanitizeContent } from './sanitize.rules';

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

  it('turns HTML into plain text for titles and summaries', () => {
    expect(htmlToText('  Fish &amp; <b>chips</b>\n &lt;tag&gt; &eacute; &#x263A; <script>x()</script> ')).toBe('Fish & chips <tag> é ☺');
    expect(htmlToText('<p>One</p><p>two<br>three</p><style>p{}</style><ul><li>a</li><li>b</li></ul>')).toBe('One two three a b');
  });
});
