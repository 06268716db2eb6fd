import { Parser } from 'htmlparser2';
import { decodeText, encodingOf } from '@app/platform';

// What a bookmark takes from its page: the title (`<title>`, else og:title), the description (meta description, else
// og:description) and og:image, read from the bytes in the page's own charset (Content-Type header, else a BOM, else a
// `<meta charset>` in the first 1024 bytes as browsers look for it, else UTF-8 when the bytes are valid UTF-8 and
// windows-1252 when not).

export interface PageMeta {
  title: string | null;
  description: string | null;
  image: string | null;
}

const MAX_TITLE = 500;
const MAX_DESCRIPTION = 4000;

/** The charset label named by a Content-Type value (`text/html; charset="ISO-8859-1"` → `iso-8859-1`). */
function charsetOf(contentType: string | undefined): string | null {
  const m = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  return m ? m[1].toLowerCase() : null;
}

/** The encoding to decode the page with. */
export function pageEncoding(body: Buffer, contentType: string | undefined): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  const declared = charsetOf(contentType) ?? sniffMetaCharset(body.subarray(0, 1024).toString('latin1'));
  if (declared && isKnownEncoding(declared)) return declared;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

function sniffMetaCharset(head: string): string | null {
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return direct ? direct[1].toLowerCase() : null;
}

function isKnownEncoding(label: string): boolean {
  return encodingOf(label) !== undefined;
}

export function decodePage(body: Buffer, contentType: string | undefined): string {
  // the decoder drops a byte order mark; windows-1252's 0x80–0x9F as browsers read them (platform decodeText)
  return decodeText(body, pageEncoding(body, contentType));
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether the answer is a page worth reading (HTML, XHTML, or no type at all). */
export function isHtml(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType);
}

/** The page's title, description and image, the image resolved against `pageUrl` and kept only when it is http(s). */
export function readPageMeta(html: string, pageUrl: string): PageMeta {
  let title = '';
  let inTitle = false;
  let titleDone = false;
  let svgDepth = 0;
  let finished = false;
  const meta: Record<string, string> = {};
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (finished) return;
        if (name === 'svg') svgDepth++;
        else if (name === 'title' && !titleDone && svgDepth === 0) inTitle = true;
        else if (name === 'meta') {
          const key = (attribs.property ?? attribs.name ?? '').trim().toLowerCase();
          if (key && attribs.content !== undefined && !(key in meta)) meta[key] = attribs.content;
        } else if (name === 'body') finished = true; // everything read here lives in <head>
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth--;
        else if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        } else if (name === 'head') finished = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const pick = (...values: Array<string | undefined>) => {
    for (const v of values) {
      const s = v === undefined ? '' : squash(v);
      if (s) return s;
    }
    return null;
  };
  return {
    title: pick(title, meta['og:title'], meta['twitter:title'])?.slice(0, MAX_TITLE) ?? null,
    description: pick(meta.description, meta['og:description'], meta['twitter:description'])?.slice(0, MAX_DESCRIPTION) ?? null,
    image: webUrl(pick(meta['og:image'], meta['og:image:url'], meta['og:image:secure_url']), pageUrl),
  };
}

function webUrl(value: string | null, base: string): string | null {
  if (!value) return null;
  try {
    const u = new URL(value, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href.slice(0, 2048) : null;
  } catch {
    return null;
  }
}
