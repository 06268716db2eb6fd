import { randomUUID } from 'crypto';
import type { IncomingMessage, ServerResponse } from 'http';
import { PassThrough } from 'stream';
import { Injectable } from '@nestjs/common';
import { v2 as webdav } from 'webdav-server';
import { requireWrite } from '@app/platform';
import { CallerContext } from '@app/proto';
import { accountDb } from '../common/caller';
import { DiskFiles } from '../files/disk-files';
import { DAV_LOCK_LIMITS, DavRepository, LockRefusal } from './dav.repository';
import { davCallers, DiskFileSystem } from './dav-filesystem';
import { PropfindFastPath } from './propfind-fast-path';

/** the methods that change the disk (webdav-server's POST is its PUT; LOCK and PROPPATCH too: a lock keeps others out) */
const WRITING_METHODS = new Set(['PUT', 'POST', 'DELETE', 'MKCOL', 'COPY', 'MOVE', 'PROPPATCH', 'LOCK', 'UNLOCK']);

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

/**
 * The answer to a LOCK past a bound (RFC 4918: a DAV:error body): 423 when the resource holds as many locks as one may
 * (with the LOCK precondition no-conflicting-lock: the locks there leave no room for this one), 507 when the caller
 * holds as many as one person may (the server won't store another for them). The reason, in words, for whoever reads it.
 */
export function lockRefusalAnswer(refusal: Exclude<LockRefusal, null>): { status: number; body: string } {
  const reason =
    refusal === 'resource'
      ? `This file or folder already holds ${DAV_LOCK_LIMITS.perResource} locks, the most one may hold: unlock one first.`
      : `You hold ${DAV_LOCK_LIMITS.perUser} locks on this group's disk, the most one person may hold: unlock some first.`;
  const condition = refusal === 'resource' ? '<D:no-conflicting-lock/>' : '';
  return {
    status: refusal === 'resource' ? 423 : 507,
    body: `<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:">${condition}<S:reason xmlns:S="urn:servicedesk:disk">${reason}</S:reason></D:error>`,
  };
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

  constructor(
    files: DiskFiles,
    private readonly dav: DavRepository,
  ) {
    this.fast = new PropfindFastPath(files, dav);
    this.server = new webdav.WebDAVServer({
      strictMode: true,
      rootFileSystem: new DiskFileSystem(files, dav),
      // authentication is the gateway's: every request here is its signed caller's
      requireAuthentification: false,
      // hrefs as paths under /dav/{account_id}: the gateway's host is not known here
      respondWithPaths: true,
    });
    // a new lock past a bound is answered, with its reason, before webdav-server's LOCK does anything (a LOCK of an
    // unmapped URL would create an empty file first); PgLockManager.setLock checks again as it stores the lock
    const lock = this.server.methods.lock; // webdav-server keys its methods in lower case
    this.server.method('LOCK', {
      isValidFor: lock.isValidFor?.bind(lock),
      unchunked: (context, data, callback) => {
        this.refuseLock(context, data).then(
          (refused) => (refused ? callback() : lock.unchunked!(context, data, callback)),
          () => lock.unchunked!(context, data, callback), // the store away: setLock's own check answers
        );
      },
    });
  }

  /** Answers a new LOCK that would pass a bound (DAV_LOCK_LIMITS); true when it did. A refresh has no body. */
  private async refuseLock(context: webdav.HTTPRequestContext, body: Buffer): Promise<boolean> {
    if (!body.length) return false;
    const ctx = davCallers.get(context.request);
    if (!ctx) return false;
    const refusal = await this.dav.lockRefusal(accountDb(ctx), `/${context.requested.path.paths.join('/')}`, ctx.user_id);
    if (refusal === null) return false;
    const answer = lockRefusalAnswer(refusal);
    context.setCode(answer.status);
    context.response.setHeader('Content-Type', 'application/xml; charset=utf-8');
    context.response.setHeader('Content-Length', Buffer.byteLength(answer.body));
    context.response.write(answer.body);
    return true;
  }

  /** Serves one request under `rootPath` (`/dav/acc-…`) as `ctx`. */
  async handle(ctx: CallerContext, req: IncomingMessage, res: ServerResponse, rootPath: string): Promise<void> {
    // a read-only token writes nothing, a lock or a dead property included: refused here with the {error, reason} of
    // every other door (403 'This token can only read', thrown to DiskHttpServer's sendError), before webdav-server
    if (WRITING_METHODS.has(req.method ?? '')) requireWrite(ctx);
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
