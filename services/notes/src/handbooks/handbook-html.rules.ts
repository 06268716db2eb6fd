import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { HandbookContentType, slugify } from '@app/proto';

// A handbook's content turned into the HTML the web shows (`content_html`), once, when it is saved: markdown through
// markdown-it (raw HTML off, bare URLs linked) and then an allow-list sanitizer, plain text escaped. Links may only be
// http, https, mailto or paths inside the app; `[[slug]]` (or `[[Any Title]]`, slugified) is a link to that handbook.
// The same pass lists the handbooks the content links to, so what is rendered and what counts as a link never differ.

/** distinct link targets kept per handbook (a page listing more links than this links only to the first ones) */
export const MAX_LINKS = 200;
const MAX_WIKILINK = 200;

export interface RenderedHandbook {
  html: string;
  /** handbook slugs or ids this content links to, in order of first appearance */
  links: string[];
}

/** The characters browsers drop from URLs (controls, whitespace) before they read the scheme: `java\tscript:` is `javascript:`. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u205f\u3000\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Whether an href may be kept: http, https and mailto, or a path inside the app (`/…`, `#…`, `?…`, a relative path);
 * never `//host` or `/\host` (another site), never javascript:, data:, vbscript: or any other scheme, whatever the
 * case, entities or whitespace tricks (entities are decoded by the parsers before this sees the URL).
 */
export function isSafeHref(href: string, schemes: readonly string[] = ['http', 'https', 'mailto']): boolean {
  const bare = href.replace(IGNORED_IN_URL, '');
  if (!bare) return false;
  const scheme = SCHEME.exec(bare);
  if (scheme) return schemes.includes(scheme[1].toLowerCase());
  if (/^[/\\]{2}/.test(bare) || /^\/\\/.test(bare)) return false;
  // a colon before the first / ? # would make some parsers read a scheme: refuse rather than guess
  if (bare.split(/[/?#]/, 1)[0].includes(':')) return false;
  // nor an entity or an escaped colon there, which a later decoding could turn into one
  return !/&#|&colon;|%3a/i.test(bare.split(/[/?]/, 1)[0]);
}

/** A handbook path of this group (`/account/{acc}/handbooks/{slug or id}`, optionally on any origin) → its slug or id. */
export function handbookTarget(href: string, accountId: string): string | null {
  const m = /^(?:https?:\/\/[^/?#]+)?\/account\/([^/?#]+)\/handbooks\/([^/?#]+)/i.exec(href.trim());
  if (!m) return null;
  let acc: string;
  let target: string;
  try {
    acc = decodeURIComponent(m[1]);
    target = decodeURIComponent(m[2]);
  } catch {
    return null;
  }
  if (acc !== accountId) return null;
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(target) && target !== 'new' ? target : null;
}

export function handbookPath(accountId: string, target: string): string {
  return `/account/${encodeURIComponent(accountId)}/handbooks/${encodeURIComponent(target)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

// ---- markdown ---------------------------------------------------------------------------------------------------------

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = (url: string) => isSafeHref(url);

/** `[[target]]` as an inline token: the inner text (1–200 characters, no brackets or line breaks) names the page. */
md.inline.ruler.before('link', 'wikilink', (state, silent) => {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x5b || src.charCodeAt(start + 1) !== 0x5b) return false;
  const end = src.indexOf(']]', start + 2);
  if (end < 0) return false;
  const inner = src.slice(start + 2, end);
  if (!inner.trim() || inner.length > MAX_WIKILINK || /[[\]\n]/.test(inner)) return false;
  if (!silent) {
    const token = state.push('wikilink', '', 0);
    token.content = inner.trim();
    token.meta = { target: slugify(inner) };
  }
  state.pos = end + 2;
  return true;
});

md.renderer.rules.wikilink = (tokens, idx, _options, env) => {
  const token = tokens[idx];
  return `<a href="${escapeHtml(handbookPath(String(env?.accountId), String(token.meta?.target)))}" class="wikilink">${escapeHtml(token.content)}</a>`;
};

function markdownToHtml(content: string, accountId: string): RenderedHandbook {
  const env = { accountId };
  const tokens = md.parse(content, env);
  const links: string[] = [];
  const add = (target: string | null) => {
    if (target && !links.includes(target) && links.length < MAX_LINKS) links.push(target);
  };
  for (const block of tokens) {
    for (const t of block.children ?? []) {
      if (t.type === 'wikilink') add(String(t.meta?.target));
      else if (t.type === 'link_open') add(handbookTarget(String(t.attrGet('href') ?? ''), accountId));
    }
  }
  return { html: md.renderer.render(tokens, md.options, env), links };
}

// ---- plain text -------------------------------------------------------------------------------------------------------

/** A line of plain text: escaped, with `[[target]]` and bare web addresses made links. */
function textLine(line: string, accountId: string, add: (t: string | null) => void): string {
  let out = '';
  const wiki = /\[\[([^[\]\n]{1,200})\]\]/g;
  let last = 0;
  const plain = (segment: string) => {
    let pos = 0;
    for (const m of md.linkify.match(segment) ?? []) {
      out += escapeHtml(segment.slice(pos, m.index));
      if (isSafeHref(m.url)) {
        add(handbookTarget(m.url, accountId));
        out += `<a href="${escapeHtml(m.url)}">${escapeHtml(m.text)}</a>`;
      } else out += escapeHtml(m.text);
      pos = m.lastIndex;
    }
    out += escapeHtml(segment.slice(pos));
  };
  for (const m of line.matchAll(wiki)) {
    if (!m[1].trim()) continue;
    plain(line.slice(last, m.index));
    const target = slugify(m[1]);
    add(target);
    out += `<a href="${escapeHtml(handbookPath(accountId, target))}" class="wikilink">${escapeHtml(m[1].trim())}</a>`;
    last = m.index! + m[0].length;
  }
  plain(line.slice(last));
  return out;
}

function textToHtml(content: string, accountId: string): RenderedHandbook {
  const links: string[] = [];
  const add = (target: string | null) => {
    if (target && !links.includes(target) && links.length < MAX_LINKS) links.push(target);
  };
  const paragraphs = content
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((p) => p.trim());
  const html = paragraphs.map((p) => `<p>${p.split('\n').map((line) => textLine(line, accountId, add)).join('<br />\n')}</p>`).join('\n');
  return { html, links };
}

// ---- the sanitizer ----------------------------------------------------------------------------------------------------

const ALIGN = [/^(left|right|center)$/];

/** What may remain of the renderer's output: the tags markdown makes, links and images with safe addresses, nothing else. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 's', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: {
    a: ['href', 'title', 'class', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedClasses: { a: ['wikilink'], code: ['language-*'] },
  // table cells keep only their alignment
  allowedStyles: { th: { 'text-align': ALIGN }, td: { 'text-align': ALIGN } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.href && isSafeHref(attribs.href)) out.href = attribs.href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.class === 'wikilink') out.class = 'wikilink';
      // a link to another site opens apart from the app and tells it nothing
      if (out.href && /^(https?:|mailto:)/i.test(out.href.replace(IGNORED_IN_URL, ''))) {
        out.rel = 'noopener noreferrer nofollow';
        if (!/^mailto:/i.test(out.href)) out.target = '_blank';
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.src && isSafeHref(attribs.src, ['http', 'https'])) out.src = attribs.src;
      if (attribs.alt) out.alt = attribs.alt;
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
  },
};

/** HTML through the allow-list (also what a preview answers). */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** A handbook's content as the HTML to store, and the handbooks it links to. */
export function renderHandbook(content: string, contentType: HandbookContentType, accountId: string): RenderedHandbook {
  const rendered = contentType === 'text' ? textToHtml(content, accountId) : markdownToHtml(content, accountId);
  return { html: sanitize(rendered.html), links: rendered.links };
}
