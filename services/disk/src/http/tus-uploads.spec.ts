import { randomUUID } from 'crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'fs/promises';
import type { IncomingMessage, ServerResponse } from 'http';
import { tmpdir } from 'os';
import path from 'path';
import { Readable } from 'stream';
import type { Pool } from 'pg';
import { CallerContext, errors } from '@app/proto';
import type { DiskFiles, UploadInput } from '../files/disk-files';
import { TusUploads } from './tus-uploads';

// A PATCH's bytes and what the upload then says it holds: the offset a client goes on from (HEAD) must be what the part
// file holds, or the bytes after it land past a gap. And the commit's reading of the part file is closed whatever the
// upload's outcome.

const ctx: CallerContext = { user_id: 'usr-1', db: 'acc-1', roles: [], admin: false, token: null, request_id: 'spec' };
const tus = { 'tus-resumable': '1.0.0' };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tus-spec-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** TusUploads over a pool holding one upload row of `length` bytes, received so far as the UPDATEs say. */
async function uploads(length: number, upload: (input: UploadInput) => Promise<unknown> = async () => ({ doc: { _id: 'cfl-1' } })) {
  const id = randomUUID();
  const row = { id, account_id: 'acc-1', user_id: 'usr-1', target: { dirId: null, name: 'a.bin' }, length: String(length), received: '0', content_type: null, expires_at: new Date(Date.now() + 3600_000) };
  const pool = {
    query: async (text: string, values: unknown[]) => {
      if (text.startsWith('SELECT')) return { rows: [{ ...row }] };
      if (text.startsWith('UPDATE')) row.received = String(values[1]);
      return { rows: [] };
    },
  } as unknown as Pool;
  const files = { upload: (_ctx: CallerContext, input: UploadInput) => upload(input) } as unknown as DiskFiles;
  const t = new TusUploads(files, pool, dir);
  await t.init();
  const part = path.join(dir, 'uploads', id);
  await writeFile(part, '');
  return { t, id, row, part };
}

function response(): ServerResponse & { status?: number; headers?: Record<string, unknown> } {
  const res = {
    destroyed: false,
    headersSent: false,
    writeHead(status: number, headers: Record<string, unknown>) {
      Object.assign(res, { status, headers, headersSent: true });
      return res;
    },
    end() {
      return res;
    },
  };
  return res as unknown as ServerResponse & { status?: number; headers?: Record<string, unknown> };
}

/** A PATCH request whose body is `chunks`, then (when `breakOff`) the connection drops with them all sent. */
function patch(offset: number, chunks: Buffer[], breakOff: boolean): IncomingMessage {
  let sent = false;
  const req = new Readable({
    read() {
      if (sent) return;
      sent = true;
      for (const c of chunks) this.push(c);
      if (breakOff) setImmediate(() => this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
      else this.push(null);
    },
  });
  return Object.assign(req, { method: 'PATCH', complete: false, headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) } }) as unknown as IncomingMessage;
}

describe('tus PATCH', () => {
  it('after a connection that dropped with bytes still on their way to the part file, the offset is what the file holds, and the upload ends byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 4 * 1024 * 1024 }, (_, i) => (i * 7) % 251));
    let committed: Buffer | undefined;
    const { t, id, row, part } = await uploads(bytes.length, async (input) => {
      const chunks: Buffer[] = [];
      for await (const c of input.body) chunks.push(c as Buffer);
      committed = Buffer.concat(chunks);
      return { doc: { _id: 'cfl-1' } };
    });
    // 3 MiB arrive in one go (64 KiB pieces), then the connection drops
    const first = bytes.subarray(0, 3 * 1024 * 1024);
    const pieces = Array.from({ length: first.length / 65536 }, (_, i) => first.subarray(i * 65536, (i + 1) * 65536));
    const res = response();
    await t.handle(ctx, patch(0, pieces, true), res, id, '/files/acc-1/uploads');
    const held = (await stat(part)).size;
    expect(Number(row.received)).toBe(held);
    expect(res.headers?.['upload-offset']).toBe(held);
    expect((await readFile(part)).equals(bytes.subarray(0, held))).toBe(true);
    // the client goes on from the offset it is told
    const rest = response();
    await t.handle(ctx, patch(held, [bytes.subarray(held)], false), rest, id, '/files/acc-1/uploads');
    expect(rest.status).toBe(204);
    expect(committed?.equals(bytes)).toBe(true);
  });

  it("closes the part file it hands to the commit when the upload is refused before reading it (no descriptor kept)", async () => {
    let body: Readable | undefined;
    const { t, id } = await uploads(3, async (input) => {
      body = input.body;
      throw errors.insufficientStorage('full');
    });
    await expect(t.handle(ctx, patch(0, [Buffer.from('abc')], false), response(), id, '/files/acc-1/uploads')).rejects.toMatchObject({ status: 507 });
    expect(body).toBeDefined();
    await new Promise((resolve) => (body!.closed ? resolve(null) : body!.once('close', resolve)));
    expect(body!.destroyed).toBe(true);
  });
});
