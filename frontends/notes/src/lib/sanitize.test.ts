import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../test/xss-payloads';
import { isSafeHref, sanitizeContent, sanitizeSnippet } from './sanitize';


describe('a handbook’s HTML cleaned in the browser', () => {
  it.each(XSS_PAYLOADS)('leaves no script, handler, frame, style or unsafe address of %s', (payload) => {
    const html = sanitizeContent(`<p>before</p>${payload}<p>after</p>`);
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('script, iframe, object, embed, svg, math, style, form, input, details, meta, base, link, template, noscript, body')).toBeNull();
    for (const el of box.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name, html).not.toMatch(/^on|^style$|^id$|^data-x$|^aria-/);
        if (['href', 'src', 'action', 'srcdoc'].includes(attr.name)) expect(isSafeHref(attr.value) || /^https?:/.test(attr.value), `${attr.name}=${attr.value}`).toBe(true);
      }
      // classes only name a code block's language or a wiki link
      if (el.hasAttribute('class')) expect(el.getAttribute('class')).toMatch(/^(language-|wikilink$)/);
    }
    expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
    // the text around stays (a payload with an open attribute may swallow what follows it)
    expect(box.textContent).toContain('before');
  });

  it('keeps what markdown makes: headings, tables, code with its language, lists, emphasis, quotes, images from http(s)', () => {
    const html = sanitizeContent(
      '<h2>Steps</h2><table><thead><tr><th>Motor</th></tr></thead><tbody><tr><td>2.0</td></tr></tbody></table>' +
        '<pre><code class="language-bash">ls -la</code></pre><ul><li><strong>a</strong> <em>b</em> <del>c</del></li></ul>' +
        '<blockquote><p>q</p></blockquote><img src="https://example.com/a.png" alt="A">',
    );
    const box = document.createElement('div');
    box.innerHTML = html;
    for (const sel of ['h2', 'table thead th', 'table tbody td', 'pre code.language-bash', 'ul li strong', 'em', 'del', 'blockquote p']) expect(box.querySelector(sel), sel).not.toBeNull();
    const img = box.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://example.com/a.png');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('marks links to this site as in-app and opens others in a new tab without the referrer', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeContent('<a href="/account/acc-1/handbooks/filtros" class="wikilink">in</a> <a href="https://example.com">out</a> <a href="mailto:a@b.co">mail</a> <a href="#top">top</a>');
    const [inApp, out, mail, top] = [...box.querySelectorAll('a')];
    expect(inApp.getAttribute('data-in-app')).toBe('true');
    expect(inApp.getAttribute('class')).toBe('wikilink');
    expect(inApp.hasAttribute('target')).toBe(false);
    expect(out.getAttribute('target')).toBe('_blank');
    expect(out.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(mail.getAttribute('href')).toBe('mailto:a@b.co');
    expect(top.hasAttribute('target')).toBe(false);
  });
});

describe('a search snippet', () => {
  it('keeps the text and its <mark>s and nothing else', () => {
    expect(sanitizeSnippet('troca de <mark>óleo</mark> &amp; <b>filtro</b><script>window.__xss=1</script><img src=x onerror=alert(1)>')).toBe(
      'troca de <mark>óleo</mark> &amp; filtro',
    );
    expect(sanitizeSnippet('<mark onclick="x()" class="a">m</mark>')).toBe('<mark>m</mark>');
  });
});
