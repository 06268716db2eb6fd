import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { Readable } from 'stream';
import { verifyCaller } from '@app/platform';
import { DiskBlobs } from './disk-blobs.client';

// The backups' client of the disk's blob routes, against a plain HTTP server: each request signed for its method and
// path with a caller that has no user, a copy that refuses the connection passed over (a PUT's bytes too), 404 as
// null, and a request with no byte moving bounded in time.

const SECRET = 'a-test-secret-of-enough-length';
const KEY = 'ab'.repeat(32);
const ACC = 'acc-test';

interface Seen {
  method: string;
  url: string;
  caller: ReturnType<typeof verifyCaller>;
  body: Buffer;
}

let server: Server;
let port: number;
let closedPort: number;
const seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, url: req.url!, caller: verifyCaller(req.headers, SECRET, req.method!, req.url!), body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  seen.length = 0;
  answer = (_req, res) => res.end('ok');
});

const client = (urls: string[], timeoutMs = 5000) => new DiskBlobs({ urls, secret: SECRET, timeoutMs });
const here = () => `http://127.0.0.1:${port}`;
const closed = () => `http://127.0.0.1:${closedPort}`;

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('DiskBlobs', () => {
  it("GETs a group's blob with a signed caller that has no user, passing over a copy that refuses the connection", async () => {
    answer = (_req, res) => res.end('the bytes');
    const body = await client([closed(), here()]).open(ACC, KEY);
    expect((await read(body!)).toString()).toBe('the bytes');
    expect(seen).toEqual([{ method: 'GET', url: `/internal/backup/${ACC}/blobs/${KEY}`, caller: expect.objectContaining({ user_id: null, db: ACC, admin: false }), body: Buffer.alloc(0) }]);
  });

  it('answers null for a blob the group no longer names (404), and fails on any other answer', async () => {
    answer = (_req, res) => {
      res.statusCode = 404;
      res.end('{}');
    };
    expect(await client([here()]).open(ACC, KEY)).toBeNull();
    answer = (_req, res) => {
      res.statusCode = 500;
      res.end('broken');
    };
    await expect(client([here()]).open(ACC, KEY)).rejects.toThrow('the disk answered 500 to GET of blob');
  });

  it('PUTs the bytes with their length to the next copy when the first refuses the connection, and fails on a refusal', async () => {
    answer = (_req, res) => {
      res.statusCode = 201;
      res.end('{}');
    };
    const bytes = Buffer.alloc(300_000, 7);
    await client([closed(), here()]).put(ACC, KEY, bytes.length, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: `/internal/backup/${ACC}/blobs/${KEY}` });
    expect(seen[0].body.equals(bytes)).toBe(true);
    answer = (_req, res) => {
      res.statusCode = 422;
      res.end('{"reason":{"blob":"bytes-do-not-match-the-key"}}');
    };
    await expect(client([here()]).put(ACC, KEY, 3, Readable.from([Buffer.from('abc')]))).rejects.toThrow(/422.*bytes-do-not-match-the-key/);
  });

  it('fails when no copy takes the connection, and when the disk moves no byte for the timeout', async () => {
    await expect(client([closed(), closed()]).open(ACC, KEY)).rejects.toThrow('no copy of the disk service answers');
    answer = (_req, res) => res.writeHead(200, { 'content-length': 10 }).write('abc'); // then silence
    const body = await client([here()], 300).open(ACC, KEY);
    await expect(read(body!)).rejects.toThrow();
  });
});
