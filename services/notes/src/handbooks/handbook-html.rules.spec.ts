import { handbookTarget, isSafeHref, MAX_LINKS, renderHandbook } from './handbook-html.rules';
import { unsafeParts, XSS_CASES } from './testing/xss-payloads';

const ACC = 'acc-1234';

describe('renderHandbook (markdown)', () => {
  it('renders a table with aligned cells, a fenced code block with its language, headings and emphasis', () => {
    const { html } = renderHandbook('# Oil\n\n| part | Nm |\n|:-----|---:|\n| bolt | **30** |\n\n```js\nconst a = 1 < 2;\n```\n', 'markdown', ACC);
    expect(html).toContain('<h1>Oil</h1>');
    expect(html).toContain('<th style="text-align:left">part</th>');
    expect(html).toContain('<td style="text-align:right"><strong>30</strong></td>');
    expect(html).toContain('<pre><code class="language-js">const a = 1 &lt; 2;\n</code></pre>');
  });

  it('keeps http(s) links opening apart with rel noopener noreferrer nofollow, mailto without a target, in-app paths as they are', () => {
    const { html } = renderHandbook('[site](https://example.com/a?b=1) [mail](mailto:x@example.com) [page](/account/acc-1234/handbooks/oil)', 'markdown', ACC);
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow" target="_blank">site</a>');
    expect(html).toContain('<a href="mailto:x@example.com" rel="noopener noreferrer nofollow">mail</a>');
    expect(html).toContain('<a href="/account/acc-1234/handbooks/oil">page</a>');
  });

  it('links bare web addresses (linkify)', () => {
    expect(renderHandbook('see https://example.com/x now', 'markdown', ACC).html).toContain('<a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">https://example.com/x</a>');
  });

  it('turns [[slug]] and [[Any Title]] into in-app links to the slugified page', () => {
    const { html, links } = renderHandbook('See [[oil-change]] and [[Troca de Óleo]].', 'markdown', ACC);
    expect(html).toContain('<a href="/account/acc-1234/handbooks/oil-change" class="wikilink">oil-change</a>');
    expect(html).toContain('<a href="/account/acc-1234/handbooks/troca-de-oleo" class="wikilink">Troca de Óleo</a>');
    expect(links).toEqual(['oil-change', 'troca-de-oleo']);
  });

  it('lists links to this group’s handbook paths (relative or on any origin, by slug or id) once each, and no others', () => {
    const { links } = renderHandbook(
      '[a](/account/acc-1234/handbooks/brakes) [b](https://app.example/account/acc-1234/handbooks/hbk-00aa) [c](/account/acc-9999/handbooks/other) [d](/account/acc-1234/handbooks/new) [e](/account/acc-1234/handbooks/brakes#x) [[brakes]]',
      'markdown',
      ACC,
    );
    expect(links).toEqual(['brakes', 'hbk-00aa']);
  });

  it('does not count [[…]] inside code as a link', () => {
    const { html, links } = renderHandbook('`[[inline]]`\n\n```\n[[fenced]]\n```', 'markdown', ACC);
    expect(links).toEqual([]);
    expect(html).toContain('<code>[[inline]]</code>');
  });

  it(`keeps at most ${MAX_LINKS} distinct link targets`, () => {
    const content = Array.from({ length: MAX_LINKS + 20 }, (_, i) => `[[page-${i}]]`).join(' ');
    expect(renderHandbook(content, 'markdown', ACC).links).toHaveLength(MAX_LINKS);
  });
});

describe('renderHandbook (plain text)', () => {
  it('escapes everything, keeps paragraphs and line breaks, links web addresses and [[…]]', () => {
    const { html, links } = renderHandbook('a <b>\nline two https://example.com\n\n[[Next Page]] *not bold*', 'text', ACC);
    expect(html).toBe(
      '<p>a &lt;b&gt;<br />\nline two <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">https://example.com</a></p>\n' +
        '<p><a href="/account/acc-1234/handbooks/next-page" class="wikilink">Next Page</a> *not bold*</p>',
    );
    expect(links).toEqual(['next-page']);
  });
});

describe('isSafeHref', () => {
  it.each(['https://example.com', 'http://x.y/z', 'mailto:a@b.c', '/account/acc-1/handbooks/x', '#top', '?q=1', 'page-2', 'a/b:c'])('keeps %s', (href) => {
    expect(isSafeHref(href)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'JAVASCRIPT:x', ' java\tscript:x', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', '//evil.example', '/\\evil.example', '\\\\evil', 'ftp://x', 'javascript&#58;x', 'javascript%3ax', ''])(
    'refuses %j',
    (href) => {
      expect(isSafeHref(href)).toBe(false);
    },
  );
});

describe('handbookTarget', () => {
  it('reads a slug or id of this group, decoded, and nothing else', () => {
    expect(handbookTarget('/account/acc-1234/handbooks/oil', ACC)).toBe('oil');
    expect(handbookTarget('https://x.example/account/acc-1234/handbooks/hbk-1a?x#y', ACC)).toBe('hbk-1a');
    expect(handbookTarget('/account/acc-5678/handbooks/oil', ACC)).toBeNull();
    expect(handbookTarget('/account/acc-1234/handbooks/Not%20A%20Slug', ACC)).toBeNull();
    expect(handbookTarget('/account/acc-1234/tickets/x', ACC)).toBeNull();
    expect(handbookTarget('/account/acc-1234/handbooks/%E0%A4%A', ACC)).toBeNull();
  });
});

describe('known XSS payloads', () => {
  it.each(XSS_CASES.map((c) => [c.name, c] as const))('%s: nothing that runs survives', (_name, c) => {
    const { html } = renderHandbook(c.content, c.content_type ?? 'markdown', ACC);
    expect(unsafeParts(html)).toEqual([]);
    expect(html).not.toMatch(/<(script|style|iframe|object|embed|svg|math|body|details)/i);
  });

  it('the checker itself finds what it must (it would fail on unsafe HTML)', () => {
    expect(unsafeParts('<p onclick="x">a</p><a href="javascript:x">b</a><img src="data:image/png;base64,x"><script></script><td style="color:red"></td>')).toEqual([
      'p[onclick]',
      'a[href=javascript:x]',
      'img[src=data:image/png;base64,x]',
      '<script>',
      'td[style=color:red]',
    ]);
  });
});
