import { createHash, randomBytes } from 'crypto';
import { createServer, IncomingMessage, request, Server } from 'http';
import { AddressInfo, createServer as createTcpServer, Socket } from 'net';
import { DiskAgent } from './disk-agent';

// The gateway's connections to the disk service read up to 1 MiB at a time into a buffer used again: the bytes must
// come through whole and in order whether the reader keeps up or lags behind, and bytes a socket still holds are
// never overwritten by its next read.

const body = randomBytes(8 * 1024 * 1024 + 777);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let server: Server;
let port: number;
let agent: DiskAgent;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  agent = new DiskAgent();
});
afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
});

function get(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => request({ host: '127.0.0.1', port, path: '/', agent }, resolve).on('error', reject).end());
}

/** The whole body of an answer, and the largest piece it came in; `lagMs` waits that long between pieces. */
async function read(res: IncomingMessage, lagMs = 0): Promise<{ bytes: Buffer; largest: number }> {
  const chunks: Buffer[] = [];
  let largest = 0;
  for await (const chunk of res) {
    chunks.push(chunk as Buffer);
    largest = Math.max(largest, (chunk as Buffer).length);
    if (lagMs) await new Promise((resolve) => setTimeout(resolve, lagMs));
  }
  return { bytes: Buffer.concat(chunks), largest };
}

describe('DiskAgent', () => {
  it('brings a body through whole and in order, in reads larger than Node’s 64 KiB when the bytes are waiting', async () => {
    const res = await get();
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the server's bytes pile up in the socket
    const { bytes, largest } = await read(res);
    expect(sha(bytes)).toBe(sha(body));
    expect(largest).toBeGreaterThan(64 * 1024);
  });

  it('keeps bytes the reader has not taken yet intact while it lags (a paused socket), over a kept-alive connection', async () => {
    for (let i = 0; i < 2; i++) {
      const { bytes } = await read(await get(), 2);
      expect(sha(bytes)).toBe(sha(body));
    }
  });

  it('gives the next read a new buffer while the socket still holds bytes of the last one (read a little at a time)', async () => {
    const sent = randomBytes(600_000);
    const tcp = createTcpServer((conn) => {
      conn.write(sent.subarray(0, 300_000));
      setTimeout(() => conn.end(sent.subarray(300_000)), 50);
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    try {
      const socket = agent.createConnection({ host: '127.0.0.1', port: (tcp.address() as AddressInfo).port }) as Socket;
      const got: Buffer[] = [];
      await new Promise<void>((resolve, reject) => {
        socket.on('readable', () => {
          let piece: Buffer | null;
          // read() gives views of the read buffer: copied at once, as a consumer that keeps them would not
          while ((piece = socket.read(1000) as Buffer | null) !== null) got.push(Buffer.from(piece));
        });
        socket.once('end', resolve);
        socket.once('error', reject);
      });
      expect(Buffer.concat(got).equals(sent)).toBe(true);
    } finally {
      await new Promise((resolve) => tcp.close(resolve));
    }
  });
});
