import type { IncomingMessage, ServerResponse } from 'http';
import { XML } from 'xml-js-builder';
import { CallerContext, Doc, isDirKind } from '@app/proto';
import { accountDb } from '../common/caller';
import { DiskFiles } from '../files/disk-files';
import type { EntryDoc } from '../files/files.repository';
import { DavRepository } from './dav.repository';
import { davETag } from './dav-filesystem';

// PROPFIND of a folder's listing (Depth 0 or 1) asking for live properties, answered from two queries and written as
// one string, without webdav-server's per-file, per-property callback chains: they cost about 200 ms of CPU for 1,000
// files (15× Apache, bench/dav), most of it garbage. What clients list folders with (rclone, davfs2, Finder, Explorer)
// asks for named live properties. Anything else — allprop, propname, an If header, lock properties, a dead property
// some entry holds, a path that isn't there, Depth infinity — goes to webdav-server as before (litmus runs there).

/** live properties answered here, by their name as xml-js-builder gives it */
const LIVE = new Set(
  ['displayname', 'getlastmodified', 'creationdate', 'getcontentlength', 'getcontenttype', 'getetag', 'resourcetype', 'quota-available-bytes', 'quota-used-bytes'].map((p) => `DAV:${p}`),
);
/** live properties only webdav-server answers when they are asked by name */
const THEIRS = new Set(['DAV:lockdiscovery', 'DAV:supportedlock']);
/** what allprop lists when no entry has a dead property or a lock (webdav-server's order) */
const ALLPROP = ['getlastmodified', 'lockdiscovery', 'supportedlock', 'creationdate', 'resourcetype', 'displayname', 'getetag', 'getcontenttype', 'getcontentlength'].map((p) => `DAV:${p}`);
const SUPPORTED_LOCKS =
  '<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>' +
  '<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>';
/** the root's dates: the disk itself has no document */
const ROOT_DATE = new Date(Date.UTC(2000, 0, 1));

/** text content (quotes stay as they are, as webdav-server writes them) */
const escape = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
const escapeAttribute = (s: string) => escape(s).replace(/"/g, '&quot;');

/** `namespace local` / `DAV:local` / `http://x/y/local` → [namespace, local] (xml-js-builder's joined names). */
function splitName(name: string): [string, string] {
  const at = Math.max(name.lastIndexOf(' '), name.lastIndexOf(':'), name.lastIndexOf('/'));
  return name.charAt(at) === ' ' ? [name.slice(0, at), name.slice(at + 1)] : [name.slice(0, at + 1), name.slice(at + 1)];
}

/**
 * The requested property names ('allprop' for an empty body or `<allprop/>` without include), or null when the body
 * is anything else (propname, include, malformed: webdav-server answers those).
 */
export function requestedProperties(body: Buffer): string[] | 'allprop' | null {
  if (!body.toString('utf8').trim()) return 'allprop';
  try {
    const root = XML.parse(body.toString('utf8'));
    const propfind = root.find('DAV:propfind');
    const children = propfind.elements.filter((e) => e.type === 'element');
    if (children.length === 1 && children[0].name === 'DAV:allprop') return 'allprop';
    if (children.length !== 1 || children[0].name !== 'DAV:prop') return null;
    const names = children[0].elements.filter((e) => e.type === 'element').map((e) => e.name);
    return names.length ? names : null;
  } catch {
    return null;
  }
}

export class PropfindFastPath {
  constructor(
    private readonly files: DiskFiles,
    private readonly dav: DavRepository,
  ) {}

  /** Answers the PROPFIND and returns true, or returns false having written nothing. */
  async answer(ctx: CallerContext, req: IncomingMessage, res: ServerResponse, rootPath: string, path: string, body: Buffer): Promise<boolean> {
    const depth = req.headers.depth;
    if ((depth !== '0' && depth !== '1') || req.headers.if !== undefined) return false;
    const requested = requestedProperties(body);
    if (!requested || (requested !== 'allprop' && requested.some((n) => THEIRS.has(n)))) return false;
    const allprop = requested === 'allprop';
    const names = allprop ? ALLPROP : requested;
    const segments = path.split('/').filter(Boolean);
    let decoded: string[];
    try {
      decoded = segments.map((s) => decodeURIComponent(s));
    } catch {
      return false;
    }
    const db = accountDb(ctx);
    const found = await this.files.resolve(ctx, decoded);
    if (!found) return false;
    const self: EntryDoc | null = found.root ? null : (found.entry as EntryDoc);
    if (self && !('body' in self)) return false;
    const isFolder = !self || isDirKind(self.kind);
    const children = depth === '1' && isFolder ? await this.files.repo.children(db, self ? self.id : null) : [];
    // a dead property of one of these names on any entry (any at all for allprop): webdav-server renders those
    const dead = names.filter((n) => !LIVE.has(n) && !THEIRS.has(n));
    if (dead.length || allprop) {
      const ids = [...(self ? [self.id] : []), ...children.map((c) => c.id)];
      const props = await this.dav.properties(db, ids);
      for (const bag of props.values()) if (allprop ? bag.size > 0 : dead.some((n) => bag.has(n))) return false;
    }
    // allprop lists lock discovery: a lock on or around the listing is webdav-server's to write
    if (allprop) {
      const here = `/${decoded.join('/')}`;
      const locks = await this.dav.locks(db);
      if (locks.some((l) => l.path === '/' || here === '/' || l.path === here || l.path.startsWith(`${here}/`) || here.startsWith(`${l.path}/`))) return false;
    }
    const usage = names.some((n) => n.startsWith('DAV:quota-')) ? await this.files.usage(ctx) : null;

    const base = `${rootPath}/${segments.map((s) => encodeURIComponent(decodeURIComponent(s))).join('/')}`.replace(/\/+$/, '');
    const parts: string[] = ['<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:">'];
    parts.push(this.response(isFolder ? `${base}/` : base, self?.body ?? null, names, usage, allprop));
    for (const child of children) {
      const href = `${base}/${encodeURIComponent(child.name)}${isDirKind(child.kind) ? '/' : ''}`;
      parts.push(this.response(href, child.body, names, usage, allprop));
    }
    parts.push('</D:multistatus>');
    const xml = parts.join('');
    res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8', 'content-length': Buffer.byteLength(xml), dav: '1,2' });
    res.end(xml);
    return true;
  }

  private response(href: string, doc: Doc | null, names: string[], usage: { bytes: number; quota: number } | null, allprop: boolean): string {
    const folder = !doc || isDirKind(doc.kind);
    const found: string[] = [];
    const missing: string[] = [];
    for (const name of names) {
      const value = this.live(name, doc, folder, usage);
      if (value !== null) found.push(value);
      else if (allprop) continue; // allprop lists what there is
      else {
        const [ns, local] = splitName(name);
        missing.push(ns === 'DAV:' ? `<D:${local}/>` : `<x:${local} xmlns:x="${escapeAttribute(ns)}"/>`);
      }
    }
    let out = `<D:response><D:href>${escape(href)}</D:href>`;
    if (found.length) out += `<D:propstat><D:prop>${found.join('')}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>`;
    if (missing.length) out += `<D:propstat><D:prop>${missing.join('')}</D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>`;
    return `${out}</D:response>`;
  }

  /** A live property's element, or null when the entry has none (a folder's length, an unknown name). */
  private live(name: string, doc: Doc | null, folder: boolean, usage: { bytes: number; quota: number } | null): string | null {
    const modified = doc ? new Date(String(doc.modified_at ?? doc.updated_at)) : ROOT_DATE;
    switch (name) {
      case 'DAV:displayname':
        return `<D:displayname>${escape(doc ? String(doc.name) : '')}</D:displayname>`;
      case 'DAV:getlastmodified':
        return `<D:getlastmodified>${modified.toUTCString()}</D:getlastmodified>`;
      case 'DAV:creationdate':
        return `<D:creationdate>${(doc ? new Date(String(doc.created_at)) : ROOT_DATE).toISOString().replace(/\.\d{3}Z$/, '+00:00')}</D:creationdate>`;
      case 'DAV:getetag':
        return `<D:getetag>${escape(`"${davETag(doc)}"`)}</D:getetag>`;
      case 'DAV:resourcetype':
        return folder ? '<D:resourcetype><D:collection/></D:resourcetype>' : '<D:resourcetype/>';
      case 'DAV:getcontentlength':
        return folder ? null : `<D:getcontentlength>${Number(doc?.size ?? 0)}</D:getcontentlength>`;
      case 'DAV:getcontenttype':
        return folder ? null : `<D:getcontenttype>${escape(String(doc?.content_type ?? 'application/octet-stream'))}</D:getcontenttype>`;
      case 'DAV:quota-used-bytes':
        return usage ? `<D:quota-used-bytes>${usage.bytes}</D:quota-used-bytes>` : null;
      case 'DAV:lockdiscovery':
        return '<D:lockdiscovery/>';
      case 'DAV:supportedlock':
        return `<D:supportedlock>${SUPPORTED_LOCKS}</D:supportedlock>`;
      case 'DAV:quota-available-bytes':
        return usage ? `<D:quota-available-bytes>${Math.max(0, usage.quota - usage.bytes)}</D:quota-available-bytes>` : null;
      default:
        return null;
    }
  }
}
