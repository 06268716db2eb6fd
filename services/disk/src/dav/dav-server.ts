import { randomUUID } from 'crypto';
import type { IncomingMessage, ServerResponse } from 'http';
import { Injectable } from '@nestjs/common';
import { v2 as webdav } from 'webdav-server';
import { CallerContext } from '@app/proto';
import { DiskFiles } from '../files/disk-files';
import { DavRepository } from './dav.repository';
import { davCallers, DiskFileSystem } from './dav-filesystem';

// WebDAV (class 1 and 2) of a group's disk at `/dav/{account_id}/`, by webdav-server 2.6.3 with the patches in the
// repository's patches/ folder (litmus 104/104; docs/decisions.md) over DiskFileSystem. The gateway has authenticated
// the caller (HTTP Basic: e-mail and user token) and checked the membership; locks belong to their token, not to a user.

// lock tokens are capabilities: from the CSPRNG, not Math.random as the library makes them
webdav.Lock.generateUUID = () => `urn:uuid:${randomUUID()}`;

@Injectable()
export class DavServer {
  private readonly server: webdav.WebDAVServer;

  constructor(files: DiskFiles, dav: DavRepository) {
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
  handle(ctx: CallerContext, req: IncomingMessage, res: ServerResponse, rootPath: string): Promise<void> {
    davCallers.set(req, ctx);
    // the library reads the path inside the disk from the URL; rootPath goes back in front of every href it answers
    const url = req.url ?? '/';
    req.url = url.startsWith(rootPath) ? url.slice(rootPath.length) || '/' : '/';
    return new Promise((resolve) => {
      res.once('close', () => resolve());
      this.server.executeRequest(req, res, rootPath);
    });
  }
}
