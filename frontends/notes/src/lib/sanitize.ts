import createDOMPurify, { type DOMPurify } from 'dompurify';

// The HTML the notes service sends is sanitized there already (markdown rendered once, on save, through an allow-list);
// the browser cleans it again before inserting it, with an allow-list of its own, so a fault on one side alone never
// runs a script: no script, style, iframe, form or event handler survives, links only go to http(s), mailto or a path
// of this site, images only come from http(s). Search snippets keep nothing but <mark>.

/** Elements markdown makes (CommonMark, tables, strikethrough) and nothing more. */
const CONTENT_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'del', 's', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'mark', 'sup', 'sub', 'kbd',
];
const CONTENT_ATTRS = ['href', 'title', 'src', 'alt', 'class', 'start', 'colspan', 'rowspan', 'align'];

// browsers skip control characters and spaces inside a scheme ("java\tscript:"): so do the checks
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;

/** A link's target the page may follow: http(s), mailto, a path of this site or a fragment. */
export function isSafeHref(value: string): boolean {
  const s = value.replace(IGNORED, '');
  return /^(?:https?:\/\/|mailto:|#)/i.test(s) || /^\/(?![/\\])/.test(s);
}

const isSafeSrc = (value: string) => /^https?:\/\//i.test(value.replace(IGNORED, ''));

/** A path of this site (an in-app link: followed without reloading the page). */
export const isInAppHref = (href: string) => /^\/(?![/\\])/.test(href);

let contentPurifier: DOMPurify | undefined;
let snippetPurifier: DOMPurify | undefined;

function contentCleaner(): DOMPurify {
  if (contentPurifier) return contentPurifier;
  const purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (!el.tagName) return;
    // classes only say a code block's language or that a link is a [[wiki link]]
    if (el.hasAttribute('class') && !/^(?:language-[\w+-]{1,40}|wikilink)$/.test(el.getAttribute('class') ?? '')) el.removeAttribute('class');
    if (el.tagName === 'A') {
      const href = el.getAttribute('href');
      if (href === null) return;
      if (!isSafeHref(href)) {
        el.removeAttribute('href');
        return;
      }
      if (isInAppHref(href.trim())) {
        el.setAttribute('data-in-app', 'true');
      } else if (!href.trim().startsWith('#')) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
    if (el.tagName === 'IMG') {
      const src = el.getAttribute('src');
      if (src !== null && !isSafeSrc(src)) el.removeAttribute('src');
      el.setAttribute('loading', 'lazy');
      el.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  contentPurifier = purifier;
  return purifier;
}

/** A handbook's content_html made safe to insert (see above). */
export function sanitizeContent(html: string): string {
  return contentCleaner().sanitize(html ?? '', {
    ALLOWED_TAGS: CONTENT_TAGS,
    ALLOWED_ATTR: CONTENT_ATTRS,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:|#|\/(?![/\\]))/i,
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'svg', 'math', 'template'],
    KEEP_CONTENT: true,
  });
}

/** A search snippet: the text with its <mark>s, nothing else. */
export function sanitizeSnippet(html: string): string {
  snippetPurifier ??= createDOMPurify(window);
  return snippetPurifier.sanitize(html ?? '', { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [], KEEP_CONTENT: true });
}
