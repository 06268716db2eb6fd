import { createHash, randomBytes } from 'crypto';
import { mkdtemp, rm, writeFile } from 'fs/promises';
import { createServer, get, IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import { PassThrough } from 'stream';
import { pipeline } from 'stream/promises';
import { BlobFileStream, READ_CHUNK, SEND_BUFFERS } from './blob-file-stream';

// A local blob's stream: read as any stream it gives the bytes (or a range) in new buffers; piped into an HTTP answer
// it writes them itself from SEND_BUFFERS buffers used again, ends, and closes its file, also when the client leaves.

const bytes = randomBytes(5 * READ_CHUNK + 12_345);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let dir: string;
let file: string;
let server: Server;
let port: number;
/** what the test server does with each request */
let answer: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'blob-file-stream-'));
  file = path.join(dir, 'blob');
  await writeFile(file, bytes);
  server = createServer((req, res) => answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const closed = (s: BlobFileStream) => new Promise<void>((resolve) => (s.closed ? resolve() : s.once('close', () => resolve())));

/** GETs the test server's answer whole. */
function fetchAll(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Answers with the stream piped (as webdav-server does) and records what was written into the answer. */
function answerWith(make: () => Promise<BlobFileStream>, send: (s: BlobFileStream, res: ServerResponse) => void): { stream: Promise<BlobFileStream>; buffers: Set<ArrayBuffer>; ended: Promise<void> } {
  const buffers = new Set<ArrayBuffer>();
  let resolveStream!: (s: BlobFileStream) => void;
  const stream = new Promise<BlobFileStream>((resolve) => (resolveStream = resolve));
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  answer = (_req, res) => {
    const write = res.write.bind(res) as (chunk: Buffer, cb?: (err?: Error | null) => void) => boolean;
    res.write = ((chunk: Buffer, cb?: (err?: Error | null) => void) => {
      buffers.add(chunk.buffer as ArrayBuffer);
      return write(chunk, cb);
    }) as typeof res.write;
    void make().then((s) => {
      s.once('end', () => resolveEnded());
      resolveStream(s);
      res.writeHead(200, { 'content-length': bytes.length });
      send(s, res);
    });
  };
  return { stream, buffers, ended };
}

describe('BlobFileStream', () => {
  it('gives the bytes, and a range of them, when read as a stream', async () => {
    const whole = await BlobFileStream.open(file);
    const chunks: Buffer[] = [];
    for await (const c of whole) chunks.push(c as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(bytes));
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(READ_CHUNK);
    await closed(whole);

    const range = await BlobFileStream.open(file, { start: READ_CHUNK - 10, end: 2 * READ_CHUNK + 9 });
    const sink = new PassThrough();
    const got: Buffer[] = [];
    sink.on('data', (c: Buffer) => got.push(c));
    await pipeline(range, sink); // a PassThrough (webdav-server's RangedStream is one too): read as a stream
    expect(Buffer.concat(got).equals(bytes.subarray(READ_CHUNK - 10, 2 * READ_CHUNK + 10))).toBe(true);
  });

  it('fails to open a missing file before any byte', async () => {
    await expect(BlobFileStream.open(path.join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('piped into an HTTP answer, writes every byte from a few buffers used again, ends, and closes its file', async () => {
    const sent = answerWith(() => BlobFileStream.open(file), (s, res) => s.pipe(res));
    const got = await fetchAll();
    expect(sha(got)).toBe(sha(bytes));
    await sent.ended; // webdav-server answers its callback on the stream's 'end'
    await closed(await sent.stream);
    // the header went out as a string; the bytes came from at most SEND_BUFFERS buffers for 6 reads
    expect(sent.buffers.size).toBeLessThanOrEqual(SEND_BUFFERS);
  });

  it('is written the same way through pipeline(), which ends the answer itself', async () => {
    const sent = answerWith(
      () => BlobFileStream.open(file),
      (s, res) => void pipeline(s, res),
    );
    expect(sha(await fetchAll())).toBe(sha(bytes));
    await closed(await sent.stream);
    expect(sent.buffers.size).toBeLessThanOrEqual(SEND_BUFFERS);
  });

  it('stops and closes its file when the client goes away midway', async () => {
    const sent = answerWith(
      () => BlobFileStream.open(file),
      (s, res) => {
        res.once('close', () => s.destroy()); // as dav-filesystem's closeWith
        s.pipe(res);
      },
    );
    await new Promise<void>((resolve) => {
      const req = get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => res.once('data', () => req.destroy()));
      req.on('error', () => undefined);
      req.on('close', () => resolve());
    });
    const stream = await sent.stream;
    await closed(stream);
    expect(stream.destroyed).toBe(true);
  });
});
