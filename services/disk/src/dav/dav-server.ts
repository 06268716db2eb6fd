import { randomUUID } from 'crypto';
import type { IncomingMessage, ServerResponse } from 'http';
import { PassThrough } from 'stream';
import { Injectable } from '@nestjs/common';
import { v2 as webdav } from 'webdav-server';
import { CallerContext } from '@app/proto';
import { DiskFiles } from '../files/disk-files';
import { DavRepository } from './dav.repository';
import { davCallers, DiskFileSystem } from './dav-filesystem';
import { PropfindFastPath } from './propfind-fast-path';

/** a PROPFIND body read whole to look at (webdav-server's own limit for bodies it holds is 1 MiB too) */
const MAX_PROPFIND_BODY = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_PROPFIND_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A request webdav-server can read again: the same method, URL and headers, and the body already read. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new PassThrough() as unknown as IncomingMessage & PassThrough;
  Object.assign(copy, { method: req.method, url: req.url, headers: req.headers, socket: req.socket });
  copy.end(body);
  return copy;
}

// WebDAV (class 1 and 2) of a group's disk at `/dav/{account_id}/`, by webdav-server 2.6.3 with the patches in the
// repository's patches/ folder (litmus 104/104; docs/decisions.md) over DiskFileSystem. The gateway has authenticated
// the caller (HTTP Basic: e-mail and user token) and checked the membership; locks belong to their token, not to a user.

// lock tokens are capabilities: from the CSPRNG, not Math.random as the library makes them
webdav.Lock.generateUUID = () => `urn:uuid:${randomUUID()}`;

@Injectable()
export class DavServer {
  private readonly server: webdav.WebDAVServer;
  private readonly fast: PropfindFastPath;

  constructor(files: DiskFiles, dav: DavRepository) {
    this.fast = new PropfindFastPath(files, dav);
    this.server = new webdav.WebDAVServer({
      strictMode: true,
      rootFileSystem: new DiskFileSystem(files, dav),
      // authentication is the gateway's: every request here is its signed caller's
      requireAuthentification: false,
      // hrefs as paths under /dav/{account_id}: the gateway's host is not known here
      respondWithPaths: true,
    });
  }

  /** Serves one request under `rootPath` (`/dav/acc-…`) as `ctx`. */
  async handle(ctx: CallerContext, req: IncomingMessage, res: ServerResponse, rootPath: string): Promise<void> {
    // the library reads the path inside the disk from the URL; rootPath goes back in front of every href it answers
    const url = req.url ?? '/';
    req.url = url.startsWith(rootPath) ? url.slice(rootPath.length) || '/' : '/';
    let request: IncomingMessage = req;
    if (req.method === 'PROPFIND' && Number(req.headers['content-length'] ?? 0) <= MAX_PROPFIND_BODY) {
      const body = await readBody(req);
      if (await this.fast.answer(ctx, req, res, rootPath, req.url.split('?')[0], body)) return;
      request = replay(req, body); // webdav-server reads the body again from here
    }
    davCallers.set(request, ctx);
    return new Promise((resolve) => {
      res.once('close', () => resolve());
      this.server.executeRequest(request, res, rootPath);
    });
  }
}
