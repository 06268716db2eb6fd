import { Parser } from 'htmlparser2';
import type { HandbookContentType } from '@app/proto';

// Known XSS payloads (after the OWASP XSS filter evasion cheat sheet), in the forms a handbook's content can carry them:
// raw HTML, markdown links and images, autolinks, reference links, `[[…]]`, and HTML typed into plain text. Shared by
// the renderer's unit spec and the end-to-end spec (which sends them through the gateway and checks the answer).

export interface XssCase {
  name: string;
  content: string;
  content_type?: HandbookContentType;
}

export const XSS_CASES: XssCase[] = [
  { name: 'script tag', content: '<script>alert(1)</script>' },
  { name: 'script tag split by a nested <', content: '<<script>alert(1)//<</script>' },
  { name: 'img onerror', content: '<img src=x onerror=alert(1)>' },
  { name: 'IMG with a mixed-case javascript: src', content: "<IMG SRC=JaVaScRiPt:alert('XSS')>" },
  { name: 'svg onload', content: '<svg onload=alert(1)>' },
  { name: 'svg with a script inside', content: '<svg><script>alert(1)</script></svg>' },
  { name: 'body onload', content: '<body onload=alert(1)>' },
  { name: 'details ontoggle', content: '<details open ontoggle=alert(1)>' },
  { name: 'math with xlink:href', content: '<math><mi xlink:href="javascript:alert(1)">x</mi></math>' },
  { name: 'raw a href javascript:', content: '<a href="javascript:alert(1)">x</a>' },
  { name: 'raw a href with a tab entity', content: '<a href="jav&#x09;ascript:alert(1)">x</a>' },
  { name: 'style tag', content: '<style>body{background:red}</style>' },
  { name: 'style attribute with url(javascript:)', content: '<div style="background:url(javascript:alert(1))">x</div>' },
  { name: 'style attribute with expression()', content: '<div style="width: expression(alert(1))">x</div>' },
  { name: 'iframe', content: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: 'object', content: '<object data="javascript:alert(1)"></object>' },
  { name: 'embed', content: '<embed src="javascript:alert(1)">' },
  { name: 'markdown link javascript:', content: '[click](javascript:alert(1))' },
  { name: 'markdown link in mixed case', content: '[click](JaVaScRiPt:alert(1))' },
  { name: 'markdown link with decimal entities', content: '[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))' },
  { name: 'markdown link with a hex entity', content: '[click](&#x6A;avascript:alert(1))' },
  { name: 'markdown link with &colon;', content: '[click](javascript&colon;alert(1))' },
  { name: 'markdown link with a tab entity inside the scheme', content: '[click](java&#09;script:alert(1))' },
  { name: 'markdown link in angle brackets with a tab', content: '[click](<java\tscript:alert(1)>)' },
  { name: 'markdown link with leading spaces', content: '[click](   javascript:alert(1))' },
  { name: 'markdown link with a percent-encoded scheme', content: '[click](%6A%61vascript:alert(1))' },
  { name: 'markdown link vbscript:', content: '[click](vbscript:msgbox(1))' },
  { name: 'markdown link data:text/html', content: '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)' },
  { name: 'markdown link protocol-relative', content: '[click](//evil.example/x)' },
  { name: 'markdown link /\\ host', content: '[click](/\\evil.example/x)' },
  { name: 'markdown link breaking out of href', content: '[x](http://example.com" onclick="alert(1))' },
  { name: 'markdown link title breaking out', content: '[x](http://example.com "t\\" onclick=\\"alert(1)")' },
  { name: 'reference link to javascript:', content: '[x][r]\n\n[r]: javascript:alert(1)' },
  { name: 'autolink javascript:', content: '<javascript:alert(1)>' },
  { name: 'bare javascript: text', content: 'see javascript:alert(1) here' },
  { name: 'markdown image data:', content: '![x](data:image/png;base64,iVBORw0KGgo=)' },
  { name: 'markdown image data:svg', content: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)' },
  { name: 'markdown image javascript:', content: '![x](javascript:alert(1))' },
  { name: 'markdown image alt breaking out', content: '![x" onerror="alert(1)](http://example.com/a.png)' },
  { name: 'code fence info string breaking out', content: '```" onmouseover="alert(1)\nx\n```' },
  { name: '[[…]] holding a script tag', content: '[[<script>alert(1)</script>]]' },
  { name: '[[…]] breaking out of href', content: '[[" onmouseover="alert(1)]]' },
  { name: '[[javascript:…]]', content: '[[javascript:alert(1)]]' },
  { name: 'HTML in plain text', content: '<script>alert(1)</script><img src=x onerror=alert(1)>', content_type: 'text' },
  { name: 'javascript: in plain text', content: 'javascript:alert(1) [[x" onclick="alert(1)]]', content_type: 'text' },
];

const ALLOWED_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 's', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const URL_ATTRS = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'background', 'poster', 'srcset', 'cite']);

/** A URL a browser would treat as safe here: http(s), mailto, or a same-site path (no scheme, not `//` or `/\`). */
function safeUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
  const v = value.replace(/[\s\u0000-\u001f\u007f]/g, '').toLowerCase();
  if (/^(https?:|mailto:)/.test(v)) return true;
  return !v.includes(':') && !/^[/\\][/\\]/.test(v);
}

/**
 * What in `html` could run script or leave the allow-list, as the browser would parse it: tags other than the
 * renderer's, `on*` handlers, styles other than a table cell's alignment, URLs that are not http(s)/mailto/in-app.
 * Empty when the HTML is safe. Written apart from the sanitizer's options, so a mistake there is not copied here.
 */
export function unsafeParts(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!ALLOWED_TAGS.has(name)) found.push(`<${name}>`);
        for (const [attr, value] of Object.entries(attribs)) {
          if (attr.startsWith('on')) found.push(`${name}[${attr}]`);
          if (attr === 'style' && !/^text-align:(left|right|center);?$/.test(value.replace(/\s/g, ''))) found.push(`${name}[style=${value}]`);
          if (URL_ATTRS.has(attr) && !safeUrl(value)) found.push(`${name}[${attr}=${value}]`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
