import { Parser } from 'htmlparser2';
import { normalizeTags } from '@app/proto';

// The Netscape bookmarks file every browser exports and imports (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`): nested
// `<DL>` lists of `<DT><H3>folder</H3>` and `<DT><A HREF ADD_DATE …>title</A>` with an optional `<DD>description`.
// Read: folders become tags (the toolbar and "other bookmarks" roots aside), a TAGS attribute (Pinboard, linkding,
// Shaarli) adds its tags, ADD_DATE and LAST_MODIFIED are kept, a `<DD>` describes the entry just before it (an entry
// that is skipped, a bookmarklet, keeps its own; a folder's is dropped). Written: flat, one entry per bookmark with
// TAGS, ADD_DATE and LAST_MODIFIED, so they survive a round trip (Shaarli writes LAST_MODIFIED, linkding reads it).

export interface NetscapeBookmark {
  url: string;
  title: string | null;
  description: string | null;
  tags: string[];
  /** ISO 8601, from ADD_DATE (seconds since 1970; milliseconds and microseconds are recognised too) */
  added_at: string | null;
  /** ISO 8601, from LAST_MODIFIED (read as ADD_DATE is) */
  modified_at: string | null;
}

export interface ParsedBookmarks {
  bookmarks: NetscapeBookmark[];
  /** entries whose address is not http(s) (place:, javascript:, file:, about:…) or missing */
  invalid: number;
}

const MAX_TITLE = 500;
const MAX_DESCRIPTION = 4000;

/** ADD_DATE as an ISO date; null when it is no plausible time. */
export function addDateToIso(value: string | undefined): string | null {
  if (!value || !/^\d{1,17}$/.test(value.trim())) return null;
  let n = Number(value.trim());
  if (n > 1e14) n = n / 1e6; // microseconds (some exporters)
  else if (n > 1e11) n = n / 1e3; // milliseconds
  if (n <= 0 || n > 4102444800) return null; // after 2100: not a date anyone exported
  return new Date(Math.round(n) * 1000).toISOString();
}

function isWebUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The bookmarks of a Netscape bookmarks file, in the file's order. */
export function parseNetscape(html: string): ParsedBookmarks {
  const bookmarks: NetscapeBookmark[] = [];
  let invalid = 0;
  /** the folders we are in: their tag, or null for a root folder that gives none */
  const folders: Array<string | null> = [];
  let pendingFolder: string | null | undefined; // an H3 read, waiting for its DL
  let h3: { text: string; root: boolean } | null = null;
  let link: { href: string; add: string | undefined; modified: string | undefined; tags: string; text: string } | null = null;
  let dd: { target: NetscapeBookmark; text: string } | null = null;
  /** what a <DD> describes: the bookmark of the entry just read; null after an entry that was skipped or a folder */
  let described: NetscapeBookmark | null = null;

  const closeDescription = () => {
    if (dd) {
      const text = dd.text.trim();
      if (text) dd.target.description = text.slice(0, MAX_DESCRIPTION);
      dd = null;
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'dt' || name === 'dl' || name === 'h3' || name === 'a') closeDescription();
        if (name === 'h3') {
          h3 = { text: '', root: attribs.personal_toolbar_folder === 'true' || attribs.unfiled_bookmarks_folder === 'true' };
          described = null;
        } else if (name === 'dl') {
          folders.push(pendingFolder ?? null);
          pendingFolder = undefined;
          described = null;
        } else if (name === 'a') {
          link = { href: (attribs.href ?? '').trim(), add: attribs.add_date, modified: attribs.last_modified, tags: attribs.tags ?? '', text: '' };
          described = null;
        } else if (name === 'dd') {
          if (described && !described.description) dd = { target: described, text: '' };
        }
      },
      ontext(text) {
        if (h3) h3.text += text;
        else if (link) link.text += text;
        else if (dd) dd.text += text;
      },
      onclosetag(name) {
        if (name === 'h3' && h3) {
          const title = squash(h3.text);
          pendingFolder = h3.root || !title ? null : title;
          h3 = null;
        } else if (name === 'dl') {
          closeDescription();
          folders.pop();
        } else if (name === 'a' && link) {
          const a = link;
          link = null;
          if (!isWebUrl(a.href)) {
            invalid++;
            return;
          }
          // an entry written with its address for a title (ours, for a bookmark without one) has none
          const text = squash(a.text);
          const title = text === a.href ? '' : text.slice(0, MAX_TITLE);
          const folderTags = folders.filter((f): f is string => !!f);
          described = {
            url: a.href,
            title: title || null,
            description: null,
            tags: normalizeTags([...folderTags, ...a.tags.split(',')]),
            added_at: addDateToIso(a.add),
            modified_at: addDateToIso(a.modified),
          };
          bookmarks.push(described);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  closeDescription();
  return { bookmarks, invalid };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

export const NETSCAPE_HEADER = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
`;
export const NETSCAPE_FOOTER = '</DL><p>\n';

/** One bookmark as an entry of the file (a `<DT><A>` line, and a `<DD>` line when it has a description). */
export function netscapeEntry(b: NetscapeBookmark): string {
  const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : NaN);
  const attrs = [`HREF="${escapeHtml(b.url)}"`];
  if (Number.isFinite(seconds(b.added_at))) attrs.push(`ADD_DATE="${seconds(b.added_at)}"`);
  if (Number.isFinite(seconds(b.modified_at))) attrs.push(`LAST_MODIFIED="${seconds(b.modified_at)}"`);
  if (b.tags.length) attrs.push(`TAGS="${escapeHtml(b.tags.join(','))}"`);
  let out = `    <DT><A ${attrs.join(' ')}>${escapeHtml(b.title ?? b.url)}</A>\n`;
  if (b.description) out += `    <DD>${escapeHtml(b.description)}\n`;
  return out;
}

/** A whole file of these bookmarks. */
export function serializeNetscape(bookmarks: NetscapeBookmark[]): string {
  return NETSCAPE_HEADER + bookmarks.map(netscapeEntry).join('') + NETSCAPE_FOOTER;
}
