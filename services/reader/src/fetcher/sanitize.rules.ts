import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { READER_ITEM_CONTENT_MAX_BYTES } from '@app/proto';

// What of a feed's HTML is kept (an allow-list, as Miniflux does): text structure, links, images, tables, code and
// quotes; no script, style, form, object or event attribute; iframes only from YouTube (the no-cookie host) and Vimeo
// players; images of at most 1x1 pixels (tracking pixels) dropped. Relative links and image sources are made absolute
// against the entry's address; links open in a new window without telling the site where they came from.

const VIDEO_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'youtube.com', 'player.vimeo.com'];

/**
 * What of an entry's content is read: feeds' contents are a few kB, so a longer one is cut before it is sanitized
 * (which closes what the cut left open). What is stored is bounded in bytes too (contentWithin).
 */
export const MAX_CONTENT_CHARS = 256 * 1024;

/** The first `chars` characters of a text, one fewer when the cut would split a surrogate pair. */
function cut(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const code = text.charCodeAt(chars - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? chars - 1 : chars);
}

/** Bytes a text takes in a stored document: its JSON string in UTF-8 (quotes, backslashes and controls escaped). */
export function storedBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text));
}

/**
 * An entry's content as stored, at most `maxBytes` as JSON in UTF-8: `make(text)` (sanitizing, or trimming plain text)
 * of the first MAX_CONTENT_CHARS characters, and of fewer when what it makes is larger (sanitized HTML grows: `&` is
 * `&amp;`, a quote `&quot;`; a character takes up to 3 bytes, a control character 6 as JSON). The bound keeps any one
 * item well inside a bus message and a page of a thousand items within what one answer may hold.
 */
export function contentWithin(raw: string, make: (text: string) => string, maxBytes = READER_ITEM_CONTENT_MAX_BYTES): string {
  let chars = Math.min(raw.length, MAX_CONTENT_CHARS);
  for (;;) {
    const out = make(cut(raw, chars));
    // a character is at most 6 bytes as JSON: most contents need no measuring
    if (out.length * 6 + 2 <= maxBytes) return out;
    const bytes = storedBytes(out);
    if (bytes <= maxBytes || chars === 0) return bytes <= maxBytes ? out : '';
    chars = Math.min(chars - 1, Math.floor(chars * (maxBytes / bytes) * 0.95));
    if (chars <= 0) chars = 0;
  }
}

function absolute(value: string | undefined, base: string | undefined): string | undefined {
  if (!value) return value;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return undefined;
  }
}

/** A width or height attribute of 0 or 1 (pixels). */
function tiny(value: string | undefined): boolean {
  return value !== undefined && /^\s*[01](\.0*)?\s*(px)?\s*$/i.test(value);
}

/**
 * The base of the entry being sanitized, read by the transforms below. sanitize-html runs synchronously, so one options
 * object serves every call (with a fresh one per entry, building it was a tenth of a sanitize: 20,000 entries of a cold
 * refresh each allocated the tag lists and seven closures again).
 */
let currentBase: string | undefined;

const OPTIONS: sanitizeHtml.IOptions = (() => {
  const base = () => currentBase;
  return {
    allowedTags: [
      'a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'cite', 'code', 'col',
      'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'footer', 'h1', 'h2',
      'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'iframe', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'picture',
      'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'span', 'strike', 'strong', 'sub',
      'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var', 'wbr', 'audio',
      'video',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'title'],
      audio: ['src', 'controls'],
      video: ['src', 'controls', 'poster', 'width', 'height'],
      source: ['src', 'type'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      time: ['datetime'],
      abbr: ['title'],
      q: ['cite'],
      blockquote: ['cite'],
      ol: ['start', 'type'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    allowedIframeHostnames: VIDEO_HOSTS,
    // the text of dropped script/style/… elements goes with them
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => {
        const href = absolute(attribs.href, base());
        const out: Record<string, string> = { ...attribs, target: '_blank', rel: 'noopener noreferrer' };
        if (href) out.href = href;
        else delete out.href;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const src = attribs.src?.trim().startsWith('data:') ? attribs.src : absolute(attribs.src, base());
        const out: Record<string, string> = { ...attribs, loading: 'lazy' };
        if (src) out.src = src;
        else delete out.src;
        return { tagName, attribs: out };
      },
      iframe: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: absolute(attribs.src, base()) ?? '' } }),
      video: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: absolute(attribs.src, base()) ?? '', poster: absolute(attribs.poster, base()) ?? '' } }),
      audio: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: absolute(attribs.src, base()) ?? '' } }),
      source: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: absolute(attribs.src, base()) ?? '' } }),
    },
    exclusiveFilter: (frame) =>
      // tracking pixels, and images or iframes left without a source
      (frame.tag === 'img' && (!frame.attribs.src || (tiny(frame.attribs.width) && tiny(frame.attribs.height)))) || (frame.tag === 'iframe' && !frame.attribs.src),
  };
})();

/** A feed entry's HTML as it is stored and shown: allow-listed, absolute links (base: the entry's or the feed's address). */
export function sanitizeContent(html: string, base: string | undefined): string {
  if (!html) return '';
  return contentWithin(html, (part) => {
    currentBase = base;
    try {
      return sanitizeHtml(part, OPTIONS).trim();
    } finally {
      currentBase = undefined;
    }
  });
}

const NON_TEXT = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'head']);
/** elements whose edges separate words ("<p>a</p><p>b</p>" is "a b", not "ab") */
const BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'hr', 'dt', 'dd', 'figcaption', 'section', 'article']);

/**
 * The text of a piece of HTML (titles, summaries): tags dropped with the content of script/style/…, entities decoded,
 * blanks collapsed. Plain text out, so the tokenizer alone does it (four times faster than sanitize-html here).
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  // most titles and many summaries are plain text already
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (NON_TEXT.has(name)) hidden++;
        else if (BREAKS.has(name)) parts.push(' ');
      },
      onclosetag: (name) => {
        if (NON_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BREAKS.has(name)) parts.push(' ');
      },
      ontext: (text) => void (hidden === 0 && parts.push(text)),
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}
