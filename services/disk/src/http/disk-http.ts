import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppError, CallerContext, DAV_PREFIX, errors, FILES_PREFIX, TUS_UPLOADS } from '@app/proto';
import { verifyCaller } from '@app/platform';
import { DISK_CONFIG, DiskConfig } from '../common/disk-config';
import { DiskFiles } from '../files/disk-files';
import { DavServer } from '../dav/dav-server';
import { BackupFilesRepository } from '../backups/backup-files.repository';
import { BACKUP_BLOB_PATH, backupBlob } from './backup-blobs.routes';
import { plainUpload, serveFile } from './files.routes';
import { sendError } from './http-replies';
import { TusUploads } from './tus-uploads';

// The disk's own HTTP server, for the bytes (which never travel over NATS): `/files/…` and `/dav/…`, reached only
// through the gateway, which authenticates the caller, checks the group membership and signs the caller into the
// request (@app/platform internal-caller). Bound to 127.0.0.1 by default. Besides, the accounts service's backups fetch
// and store a group's blobs on internal routes (backup-blobs.routes.ts), signed the same way.

const logger = new Logger('disk-http');
const PATH = /^\/(files|dav)\/(acc-[A-Za-z0-9_-]{1,64})(\/.*)?$/;

@Injectable()
export class DiskHttpServer implements OnModuleInit, OnApplicationShutdown {
  private server?: Server;
  readonly tus: TusUploads;

  constructor(
    private readonly files: DiskFiles,
    private readonly dav: DavServer,
    private readonly backupFiles: BackupFilesRepository,
    @Inject(DISK_CONFIG) private readonly config: DiskConfig,
  ) {
    this.tus = new TusUploads(files, files.repo.pool, config.dataDir);
  }

  async onModuleInit(): Promise<void> {
    await this.tus.init();
    const server = createServer((req, res) => void this.handle(req, res));
    server.requestTimeout = 0; // a 2 GiB upload takes as long as it takes; idle sockets still time out
    server.headersTimeout = 30_000;
    server.keepAliveTimeout = 10_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.httpPort, this.config.httpHost, () => resolve());
    });
    this.server = server;
    logger.log(`bytes served on http://${this.config.httpHost}:${this.port}`);
  }

  /** the port listened on (a test starts it on port 0) */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://disk.internal');
      const blob = BACKUP_BLOB_PATH.exec(url.pathname);
      if (blob) {
        const ctx = verifyCaller(req.headers, this.config.internalSecret, req.method ?? 'GET', url.pathname);
        return await backupBlob(this.files.blobs, this.backupFiles, ctx, req, res, blob[1], blob[2]);
      }
      const match = PATH.exec(url.pathname);
      if (!match) throw errors.notFound();
      const ctx = verifyCaller(req.headers, this.config.internalSecret, req.method ?? 'GET', url.pathname);
      const [, door, accountId, rest = '/'] = match;
      if (ctx.db !== accountId) throw errors.forbidden();
      if (door === 'dav') return await this.dav.handle(ctx, req, res, `${DAV_PREFIX}/${accountId}`);
      await this.bytes(ctx, req, res, `${FILES_PREFIX}/${accountId}`, rest, url.searchParams);
    } catch (err) {
      sendError(req, res, err, req.url?.startsWith(`${FILES_PREFIX}/`) && req.url.includes(`/${TUS_UPLOADS}`) ? { 'tus-resumable': '1.0.0' } : {});
    }
  }

  private async bytes(ctx: CallerContext, req: IncomingMessage, res: ServerResponse, base: string, rest: string, query: URLSearchParams): Promise<void> {
    const parts = rest.split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    if (parts[0] === TUS_UPLOADS && parts.length <= 2) return this.tus.handle(ctx, req, res, parts[1] ?? null, `${base}/${TUS_UPLOADS}`);
    if (parts.length === 1 && parts[0] === 'content' && method === 'PUT') return plainUpload(this.files, ctx, req, res, null, query);
    if (parts.length === 2 && parts[1] === 'content' && method === 'PUT') return plainUpload(this.files, ctx, req, res, parts[0], query);
    if (parts.length === 1 && (method === 'GET' || method === 'HEAD')) return serveFile(this.files, ctx, req, res, parts[0], query);
    if (parts.length === 1 || (parts.length === 2 && parts[1] === 'content')) throw new AppError('method_not_allowed', `${method} is not allowed here`);
    throw errors.notFound();
  }
}
