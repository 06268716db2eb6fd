import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

// What of a feed's HTML is kept (an allow-list, as Miniflux does): text structure, links, images, tables, code and
// quotes; no script, style, form, object or event attribute; iframes only from YouTube (the no-cookie host) and Vimeo
// players; images of at most 1x1 pixels (tracking pixels) dropped. Relative links and image sources are made absolute
// against the entry's address; links open in a new window without telling the site where they came from.

const VIDEO_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'youtube.com', 'player.vimeo.com'];

/**
 * What of an entry's content is read: feeds' contents are a few kB, and an item travels whole in one NATS message
 * (1 MB) when it is read, so a longer one is cut before it is sanitized (which closes what the cut left open).
 */
export const MAX_CONTENT_CHARS = 256 * 1024;

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

function options(base: string | undefined): sanitizeHtml.IOptions {
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
        const href = absolute(attribs.href, base);
        const out: Record<string, string> = { ...attribs, target: '_blank', rel: 'noopener noreferrer' };
        if (href) out.href = href;
        else delete out.href;
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const src = attribs.src?.trim().startsWith('data:') ? attribs.src : absolute(attribs.src, base);
        const out: Record<string, string> = { ...attribs, loading: 'lazy' };
        if (src) out.src = src;
        else delete out.src;
        return { tagName, attribs: out };
      },
      iframe: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: absolute(attribs.src, base) ?? '' } }),
      video: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: absolute(attribs.src, base) ?? '', poster: absolute(attribs.poster, base) ?? '' } }),
      audio: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: absolute(attribs.src, base) ?? '' } }),
      source: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: absolute(attribs.src, base) ?? '' } }),
    },
    exclusiveFilter: (frame) =>
      // tracking pixels, and images or iframes left without a source
      (frame.tag === 'img' && (!frame.attribs.src || (tiny(frame.attribs.width) && tiny(frame.attribs.height)))) || (frame.tag === 'iframe' && !frame.attribs.src),
  };
}

/** A feed entry's HTML as it is stored and shown: allow-listed, absolute links (base: the entry's or the feed's address). */
export function sanitizeContent(html: string, base: string | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html.length > MAX_CONTENT_CHARS ? html.slice(0, MAX_CONTENT_CHARS) : html, options(base)).trim();
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
