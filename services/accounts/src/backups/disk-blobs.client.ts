import { randomUUID } from 'crypto';
import { request, type IncomingMessage } from 'http';
import type { Readable } from 'stream';
import { backupBlobPath, type CallerContext } from '@app/proto';
import { signCaller } from '@app/platform';

// A group's blobs on the disk service's HTTP server (proto backup.ts BACKUP_BLOBS_PREFIX), for the backups: file bytes
// never travel over NATS. Each request is signed with INTERNAL_SECRET for its method and path, with a caller that has
// no user (the disk's internal routes take no other), and is bounded: a copy that does not connect, or a transfer with
// no byte moving for `timeoutMs`, fails. Several copies (DISK_HTTP_URL, comma separated) are taken in turn, a copy that
// refuses the connection passed over for the next (a PUT's bytes are sent only once connected, so it goes on too).

export interface DiskBlobsSettings {
  /** every copy of the disk's HTTP server */
  urls: string[];
  /** INTERNAL_SECRET */
  secret: string;
  /** a request with no byte moving for this long fails */
  timeoutMs: number;
}

/** The connection was never made: another copy may take the request. */
class NotConnected extends Error {}

export class DiskBlobs {
  private readonly targets: URL[];
  private turn = 0;

  constructor(private readonly settings: DiskBlobsSettings) {
    this.targets = settings.urls.map((u) => new URL(u));
    if (!this.targets.length) throw new Error('DISK_HTTP_URL names no disk service');
  }

  /** A blob of the group, exactly its bytes; null when the group no longer names it (404). */
  async open(accountId: string, key: string): Promise<Readable | null> {
    const res = await this.send('GET', accountId, key);
    if (res.statusCode === 200) return res;
    const text = await bodyText(res);
    if (res.statusCode === 404) return null;
    throw new Error(`the disk answered ${res.statusCode} to GET of blob ${key}: ${text}`);
  }

  /** Stores a blob's bytes (`size` of them) on the disk: it checks they hash to `key`; a blob stored already is kept. */
  async put(accountId: string, key: string, size: number, body: Readable): Promise<void> {
    const res = await this.send('PUT', accountId, key, { body, size });
    const text = await bodyText(res);
    if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`the disk answered ${res.statusCode} to PUT of blob ${key}: ${text}`);
  }

  private async send(method: 'GET' | 'PUT', accountId: string, key: string, upload?: { body: Readable; size: number }): Promise<IncomingMessage> {
    const path = backupBlobPath(accountId, key);
    const ctx: CallerContext = { user_id: null, db: accountId, roles: [], admin: false, token: null, request_id: randomUUID(), route_name: 'backup' };
    let last: unknown;
    for (let tries = 0; tries < this.targets.length; tries++) {
      const target = this.targets[this.turn++ % this.targets.length];
      try {
        return await this.once(target, method, path, ctx, upload);
      } catch (err) {
        if (!(err instanceof NotConnected)) throw err;
        last = err.cause;
      }
    }
    throw new Error(`no copy of the disk service answers (${this.settings.urls.join(', ')}): ${last instanceof Error ? last.message : String(last)}`);
  }

  private once(target: URL, method: string, path: string, ctx: CallerContext, upload?: { body: Readable; size: number }): Promise<IncomingMessage> {
    const { timeoutMs, secret } = this.settings;
    return new Promise((resolve, reject) => {
      let connected = false;
      const headers: Record<string, string | number> = { ...signCaller(ctx, secret, method, path), 'x-request-id': ctx.request_id };
      if (upload) Object.assign(headers, { 'content-type': 'application/octet-stream', 'content-length': upload.size });
      const req = request({ protocol: target.protocol, hostname: target.hostname, port: target.port, method, path, headers, agent: false });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`the disk moved no byte for ${timeoutMs} ms (${method} ${path})`)));
      req.on('error', (err) => reject(connected ? err : new NotConnected(err.message, { cause: err })));
      req.on('socket', (socket) => {
        const start = () => {
          connected = true;
          if (!upload) return void req.end();
          upload.body.on('error', (err) => req.destroy(err));
          upload.body.pipe(req);
        };
        if (socket.connecting) socket.once('connect', start);
        else start();
      });
      req.on('response', (res) => {
        if (upload && !upload.body.readableEnded) upload.body.unpipe(req); // answered before the end: a refusal
        resolve(res);
      });
    });
  }
}

/** An answer's body as text (a short error or acknowledgement; at most 64 kB kept). */
async function bodyText(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) if (text.length < 65536) text += (chunk as Buffer).toString('utf8');
  return text.slice(0, 65536);
}
