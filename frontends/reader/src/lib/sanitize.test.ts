import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

const dom = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = sanitizeHtml(html);
  return div;
};

describe("an item's HTML cleaned in the browser", () => {
  it('keeps an article: paragraphs, headings, lists, links, pictures, code, tables', () => {
    const out = dom('<h2>Title</h2><p>Text <strong>bold</strong> <a href="https://example.com/a">link</a></p><ul><li>one</li></ul><img src="https://example.com/p.png" alt="p"><pre><code>x = 1</code></pre><table><tr><td>c</td></tr></table>');
    for (const tag of ['h2', 'p', 'strong', 'a', 'ul', 'li', 'img', 'pre', 'code', 'table', 'td']) expect([tag, !!out.querySelector(tag)]).toEqual([tag, true]);
    expect(out.textContent).toContain('Text bold link');
  });

  it('drops scripts, styles, frames, forms and event handlers', () => {
    const out = dom('<p onclick="alert(1)">a</p><script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe><form><input name="x"><button>b</button></form><img src="x" onerror="alert(1)"><svg><script>alert(1)</script></svg>');
    expect(out.querySelector('script, style, iframe, form, input, button, svg')).toBeNull();
    expect(out.innerHTML).not.toMatch(/onclick|onerror|alert/);
  });

  it('drops javascript: and data: links, inline styles, classes and ids', () => {
    const out = dom('<a href="javascript:alert(1)">x</a><a href="data:text/html,<script>alert(1)</script>">y</a><p style="position:fixed;inset:0" class="c" id="i">z</p>');
    for (const a of out.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/^(javascript|data):/i);
    const p = out.querySelector('p')!;
    expect([p.getAttribute('style'), p.getAttribute('class'), p.getAttribute('id')]).toEqual([null, null, null]);
  });

  it('opens links in a new window that cannot reach back, and loads pictures lazily without a referrer', () => {
    const out = dom('<a href="https://example.com/x">x</a><a href="/relative">r</a><a href="mailto:a@example.com">m</a><img src="https://example.com/p.png">');
    for (const a of out.querySelectorAll('a')) expect([a.getAttribute('target'), a.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    const img = out.querySelector('img')!;
    expect([img.getAttribute('loading'), img.getAttribute('referrerpolicy')]).toEqual(['lazy', 'no-referrer']);
  });
});
