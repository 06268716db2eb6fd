import { Parser } from 'htmlparser2';

// What of a feed's HTML is kept (an allow-list, as Miniflux does): text structure, links, images, tables, code and
// quotes; no script, style, form, object or event attribute; iframes only from YouTube (the no-cookie host) and Vimeo
// players; images of at most 1x1 pixels (tracking pixels) dropped. Relative links and image sources are made absolute
// against the entry's address; links open in a new window without telling the site where they came from.
//
// The rules and the output are sanitize-html's (discard mode) with these options, written on htmlparser2's tokenizer
// directly: sanitize-html set its options up and built a frame per tag on every call, 35 µs and most of the garbage
// of an entry, the largest part of a feed refresh's CPU after parsing (bench/feeds). Every piece of output is made
// here from the tokens: tag names from the allow-list, attribute values quoted and escaped, text escaped.

const VIDEO_HOSTS = new Set(['www.youtube-nocookie.com', 'www.youtube.com', 'youtube.com', 'player.vimeo.com']);

/**
 * What of an entry's content is read: feeds' contents are a few kB, and an item travels whole in one NATS message
 * (1 MB) when it is read, so a longer one is cut before it is sanitized (which closes what the cut left open).
 */
export const MAX_CONTENT_CHARS = 256 * 1024;

const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'cite', 'code', 'col',
  'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'footer', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'iframe', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'picture',
  'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'span', 'strike', 'strong', 'sub',
  'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var', 'wbr', 'audio',
  'video',
]);

const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'target', 'rel']),
  img: new Set(['src', 'alt', 'title', 'width', 'height', 'loading']),
  iframe: new Set(['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'title']),
  audio: new Set(['src', 'controls']),
  video: new Set(['src', 'controls', 'poster', 'width', 'height']),
  source: new Set(['src', 'type']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  time: new Set(['datetime']),
  abbr: new Set(['title']),
  q: new Set(['cite']),
  blockquote: new Set(['cite']),
  ol: new Set(['start', 'type']),
};

/** allowed attributes that mean nothing empty (dropped when empty), but alt, which is kept as alt="" */
const NON_BOOLEAN = new Set(['href', 'title', 'target', 'rel', 'src', 'width', 'height', 'loading', 'poster', 'type', 'colspan', 'rowspan', 'scope', 'datetime', 'cite', 'start']);
/** attributes holding an address, whose scheme is checked */
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const SCHEMES = new Set(['http', 'https', 'mailto']);
const IMG_SCHEMES = new Set(['http', 'https', 'data']);
/** written as <tag … /> with no closing tag */
const SELF_CLOSING = new Set(['img', 'br', 'hr']);
/** dropped with their text */
const NON_TEXT = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'head']);

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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
function escapeText(s: string): string {
  return /[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => ESCAPES[c]) : s;
}
function escapeAttribute(s: string): string {
  return /[&<>"]/.test(s) ? s.replace(/[&<>"]/g, (c) => ESCAPES[c]) : s;
}

/** An address in a scheme not allowed here (javascript:, vbscript:, …), or protocol-relative (//host/…). */
function badScheme(tag: string, href: string): boolean {
  // browsers ignore blanks and control characters in many places of a URL, and comments in XML data islands
  // eslint-disable-next-line no-control-regex
  let h = href.replace(/[\x00-\x20]+/g, '');
  for (;;) {
    const open = h.indexOf('<!--');
    if (open < 0) break;
    const close = h.indexOf('-->', open + 4);
    if (close < 0) break;
    h = h.slice(0, open) + h.slice(close + 3);
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(h)?.[1];
  if (!scheme) return /^[/\\]{2}/.test(h);
  return !(tag === 'img' ? IMG_SCHEMES : SCHEMES).has(scheme.toLowerCase());
}

/** An iframe's source on a video player's host (a relative or unreadable one is not). */
function videoPlayer(src: string): boolean {
  const value = src.replace(/^(\w+:)?\s*[\\/]\s*[\\/]/, '$1//');
  if (value.startsWith('relative:')) return false;
  try {
    const url = new URL(value, 'relative://relative-site/0/1/2/3/4/5/6/7/8/9');
    return !(url.protocol === 'relative:' && url.hostname === 'relative-site') && VIDEO_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

type Attributes = Record<string, string>;

/** The attributes an allowed tag is given before they are checked: absolute addresses, links in a new window. */
function transformed(tag: string, attribs: Attributes, base: string | undefined): Attributes {
  switch (tag) {
    case 'a': {
      const href = absolute(attribs.href, base);
      const out: Attributes = { ...attribs, target: '_blank', rel: 'noopener noreferrer' };
      if (href) out.href = href;
      else delete out.href;
      return out;
    }
    case 'img': {
      const src = attribs.src?.trim().startsWith('data:') ? attribs.src : absolute(attribs.src, base);
      const out: Attributes = { ...attribs, loading: 'lazy' };
      if (src) out.src = src;
      else delete out.src;
      return out;
    }
    case 'iframe':
    case 'audio':
    case 'source':
      return { ...attribs, src: absolute(attribs.src, base) ?? '' };
    case 'video':
      return { ...attribs, src: absolute(attribs.src, base) ?? '', poster: absolute(attribs.poster, base) ?? '' };
    default:
      return attribs;
  }
}

/** An element left out whole: tracking pixels, and images or iframes left without a source. */
function excluded(tag: string, kept: Attributes): boolean {
  return (tag === 'img' && (!kept.src || (tiny(kept.width) && tiny(kept.height)))) || (tag === 'iframe' && !kept.src);
}

interface Frame {
  tag: string;
  /** where its opening tag starts in the output */
  at: number;
  /** a tag not allowed: left out, its text kept */
  dropped: boolean;
  /** the attributes written (for `excluded`) */
  kept: Attributes | null;
}

/**
 * One sanitizing at a time (calls are synchronous): its state, and its handlers. A parser per call: htmlparser2's
 * reset() leaves the tokenizer inside a <script> or <style> the last document ended in.
 */
class Sanitizer {
  private out = '';
  private base: string | undefined;
  private stack: Frame[] = [];
  /** inside a dropped script, style, …: tags opened in it, its text not kept */
  private hiddenDepth = 0;
  private readonly handlers = {
    onopentag: (name: string, attribs: Attributes) => this.open(name, attribs),
    ontext: (text: string) => {
      if (this.hiddenDepth === 0) this.out += escapeText(text);
    },
    onclosetag: (name: string) => this.close(name),
  };

  run(html: string, base: string | undefined): string {
    this.out = '';
    this.base = base;
    this.stack = [];
    this.hiddenDepth = 0;
    try {
      new Parser(this.handlers, { decodeEntities: true }).parseComplete(html);
      return this.out;
    } finally {
      this.out = '';
      this.stack = [];
    }
  }

  private open(name: string, attribs: Attributes): void {
    if (this.hiddenDepth > 0) return void this.hiddenDepth++;
    const frame: Frame = { tag: name, at: this.out.length, dropped: false, kept: null };
    this.stack.push(frame);
    if (!ALLOWED_TAGS.has(name)) {
      frame.dropped = true;
      if (NON_TEXT.has(name)) this.hiddenDepth = 1;
      return;
    }
    const allowed = ALLOWED_ATTRIBUTES[name];
    const given = transformed(name, attribs, this.base);
    const kept: Attributes = {};
    let tag = `<${name}`;
    if (allowed) {
      for (const a in given) {
        const value = given[a];
        if (!allowed.has(a) || (value === '' && NON_BOOLEAN.has(a))) continue;
        if (URL_ATTRIBUTES.has(a) && badScheme(name, value)) continue;
        if (name === 'iframe' && a === 'src' && !videoPlayer(value)) continue;
        kept[a] = value;
        tag += value ? ` ${a}="${escapeAttribute(value)}"` : a === 'alt' ? ' alt=""' : ` ${a}`;
      }
    }
    frame.kept = kept;
    this.out += SELF_CLOSING.has(name) ? `${tag} />` : `${tag}>`;
  }

  private close(name: string): void {
    if (this.hiddenDepth > 0 && --this.hiddenDepth > 0) return;
    const frame = this.stack.pop();
    if (!frame) return;
    if (frame.tag !== name) {
      this.stack.push(frame); // bad markup: this frame waits for its own closing tag
      return;
    }
    if (frame.dropped) return;
    if (excluded(name, frame.kept!)) {
      this.out = this.out.slice(0, frame.at);
      return;
    }
    if (!SELF_CLOSING.has(name)) this.out += `</${name}>`;
  }
}

const sanitizer = new Sanitizer();

/** A feed entry's HTML as it is stored and shown: allow-listed, absolute links (base: the entry's or the feed's address). */
export function sanitizeContent(html: string, base: string | undefined): string {
  if (!html) return '';
  return sanitizer.run(html.length > MAX_CONTENT_CHARS ? html.slice(0, MAX_CONTENT_CHARS) : html, base).trim();
}

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
