import type { IncomingMessage } from 'http';
import { Writable } from 'stream';
import { pipeline } from 'stream/promises';
import { v2 as webdav } from 'webdav-server';
import { CallerContext, errors } from '@app/proto';
import type { DiskFiles, UploadInput } from '../files/disk-files';
import type { DavRepository } from './dav.repository';
import { davCallers, DiskFileSystem } from './dav-filesystem';

// The stream a WebDAV PUT writes into (DiskFileSystem._openWriteStream) over DiskFiles.upload, whose outcome it reports:
// an upload refused or failed before (or while) it reads the body must end the stream with that error at once, whatever
// the body's size, and never as an 'error' nobody listens to (issue 24: a read-only token's PUT over an existing file
// ended the disk process with webdav-server's "Forbidden operation").

const ctx: CallerContext = { user_id: 'usr-1', db: 'acc-1', roles: [], admin: false, token: null, request_id: 'spec' };
const entry = { id: 'cfl-1', kind: 'file', name: 'a.txt', body: { _id: 'cfl-1', kind: 'file', name: 'a.txt', version: 1, size: 3 } };

/** The write stream of `/a.txt` over a DiskFiles whose upload is `upload`. */
async function writeStream(upload: (input: UploadInput) => Promise<unknown>): Promise<Writable> {
  const files = {
    repo: { entryNamed: async () => entry },
    upload: (_ctx: CallerContext, input: UploadInput) => upload(input),
  } as unknown as DiskFiles;
  const fs = new DiskFileSystem(files, {} as DavRepository) as unknown as {
    _openWriteStream(path: webdav.Path, info: unknown, cb: (e?: Error, s?: Writable) => void): void;
  };
  const request = { headers: {} } as IncomingMessage;
  davCallers.set(request, ctx);
  const context = { request };
  return new Promise((resolve, reject) =>
    fs._openWriteStream(new webdav.Path('/a.txt'), { context, estimatedSize: -1, targetSource: false, mode: 'mustExist' }, (e, s) => (e ? reject(e) : resolve(s!))),
  );
}

/** Writes `chunks` then ends, as webdav-server pipes a request in; the stream's outcome (its error, or 'finish'). */
function send(sink: Writable, chunks: Buffer[]): Promise<Error | 'finish'> {
  return new Promise((resolve) => {
    sink.once('error', resolve);
    sink.once('finish', () => resolve('finish'));
    (async () => {
      for (const c of chunks) if (!sink.write(c)) await new Promise((r) => sink.once('drain', r).once('close', r));
      if (!sink.destroyed) sink.end();
    })().catch(() => undefined);
  });
}

const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);
beforeEach(() => {
  uncaught.length = 0;
  process.prependListener('uncaughtException', onUncaught);
});
afterEach(() => {
  process.off('uncaughtException', onUncaught);
});
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('the WebDAV write stream', () => {
  it('ends with the refusal (403 Forbidden) of an upload refused before reading a byte, with a small body, and nothing goes unhandled', async () => {
    const sink = await writeStream(() => Promise.reject(errors.forbidden('This token can only read')));
    expect(await send(sink, [Buffer.from('x')])).toBe(webdav.Errors.Forbidden);
    await tick();
    expect(uncaught).toEqual([]);
  });

  it('ends with the refusal of an upload refused before reading a byte when the body is larger than what the stream buffers (no hang)', async () => {
    const sink = await writeStream(() => Promise.reject(errors.forbidden('This token can only read')));
    const body = Array.from({ length: 32 }, () => Buffer.alloc(64 * 1024, 1)); // 2 MiB
    expect(await send(sink, body)).toBe(webdav.Errors.Forbidden);
    await tick();
    expect(uncaught).toEqual([]);
  });

  it('ends with the failure of an upload that stops reading part way (507 past the room left), no hang, nothing unhandled', async () => {
    const sink = await writeStream(async (input) => {
      let seen = 0;
      await pipeline(
        input.body,
        new Writable({
          write(chunk: Buffer, _enc, next) {
            seen += chunk.length;
            next(seen > 200_000 ? errors.insufficientStorage('full') : null);
          },
        }),
      );
    });
    const body = Array.from({ length: 32 }, () => Buffer.alloc(64 * 1024, 2));
    expect(await send(sink, body)).toBe(webdav.Errors.InsufficientStorage);
    await tick();
    expect(uncaught).toEqual([]);
  });

  it('ends with the failure of an upload that fails after it read everything (a storage error)', async () => {
    const sink = await writeStream(async (input) => {
      input.body.resume();
      await new Promise((r) => input.body.once('end', r));
      throw new Error('disk full');
    });
    const outcome = await send(sink, [Buffer.from('abc')]);
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toBe('disk full');
    await tick();
    expect(uncaught).toEqual([]);
  });

  it("finishes only once the upload is stored, with every byte passed on; a client gone midway fails the upload's body", async () => {
    let stored = '';
    let release!: () => void;
    const committed = new Promise<void>((r) => (release = r));
    const sink = await writeStream(async (input) => {
      for await (const c of input.body) stored += String(c);
      await committed;
    });
    let finished = false;
    const outcome = send(sink, [Buffer.from('one '), Buffer.from('two')]).then((o) => ((finished = true), o));
    await tick();
    expect([stored, finished]).toEqual(['one two', false]);
    release();
    expect(await outcome).toBe('finish');

    let bodyError: unknown;
    const gone = await writeStream(async (input) => {
      try {
        for await (const _ of input.body) void _;
      } catch (err) {
        bodyError = err;
        throw err;
      }
    });
    gone.on('error', () => undefined);
    gone.write(Buffer.from('part'));
    gone.destroy(); // webdav-server's request went away
    await tick();
    expect(bodyError).toBeDefined();
    expect(uncaught).toEqual([]);
  });
});
