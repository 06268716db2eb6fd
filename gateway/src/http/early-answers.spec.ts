import http from 'http';
import net from 'net';
import { AddressInfo } from 'net';
import { drainAfterEarlyAnswer, LingerBounds } from './early-answers';

// A server that refuses every request before reading its body (as the gateway's 413 by Content-Length or its refusals
// before an upload), with the gateway's lingering close, and clients that send their whole chunked body before they
// read anything: what they get back, and when the server lets the connection go.

interface Outcome {
  /** the answer's status line, '' when none was read */
  status: string;
  /** 'end' (the server closed cleanly) or the socket's error code */
  how: string;
  seconds: number;
}

interface RefusingServer {
  port: number;
  /** resolves with the ms from the answer until the server let the connection go (its socket closed) */
  letGo(): Promise<number>;
  close(): Promise<void>;
}

function refusingServer(bounds?: LingerBounds): Promise<RefusingServer> {
  let letGo!: (ms: number) => void;
  const closed = new Promise<number>((resolve) => (letGo = resolve));
  const server = http.createServer((req, res) => {
    drainAfterEarlyAnswer(req, res, bounds);
    res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
    res.end('{"error":"payload_too_large"}');
    const answered = Date.now();
    req.socket.once('close', () => letGo(Date.now() - answered));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        letGo: () => closed,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      }),
    ),
  );
}

/**
 * Sends `bytesPerSecond` of a chunked body for `sendMs`, reading nothing until then, then its last chunk and reads
 * (unless `silentAfter`: then it stops sending and neither closes nor reads until `read` is called); resolves with
 * what it read once the connection ends.
 */
function slowSender(port: number, opts: { bytesPerSecond: number; sendMs: number; silentAfter?: boolean }): Promise<Outcome> & { read(): void } {
  let read!: () => void;
  const outcome = new Promise<Outcome>((resolve) => {
    // allowHalfOpen: the client does not answer the server's FIN by closing (it is still sending)
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const t0 = Date.now();
    let got = '';
    // the socket's events come after this turn, once `timer` below is set
    const done = (how: string) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ status: got.split('\r\n')[0], how, seconds: (Date.now() - t0) / 1000 });
    };
    socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
    socket.pause();
    read = () => socket.resume();
    socket.on('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
    socket.on('end', () => done('end'));
    socket.write('POST /upload HTTP/1.1\r\nhost: test\r\ntransfer-encoding: chunked\r\ncontent-type: text/csv\r\n\r\n');
    const chunk = Buffer.alloc(Math.max(1, Math.round(opts.bytesPerSecond / 10)), 97);
    const timer = setInterval(() => {
      if (Date.now() - t0 < opts.sendMs) {
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        socket.write('\r\n');
        return;
      }
      clearInterval(timer);
      if (opts.silentAfter) return;
      socket.end('0\r\n\r\n');
      socket.resume();
    }, 100);
  });
  return Object.assign(outcome, { read });
}

describe('the lingering close after an early answer', () => {
  it('a client on a slow line that sends its refused body for 12 s before it reads gets its answer', async () => {
    // failed before: the connection was cut 10 s after the answer whatever the client was doing (EPIPE, no answer)
    const server = await refusingServer();
    try {
      const outcome = await slowSender(server.port, { bytesPerSecond: 256 * 1024, sendMs: 12_000 });
      expect(outcome).toMatchObject({ status: 'HTTP/1.1 413 Payload Too Large', how: 'end' });
    } finally {
      await server.close();
    }
  }, 30_000);

  it('a client that stops sending and neither closes nor reads is let go after the idle bound, its answer kept', async () => {
    const server = await refusingServer({ maxBytes: 64 * 1024 * 1024, totalMs: 20_000, idleMs: 500 });
    try {
      const client = slowSender(server.port, { bytesPerSecond: 64 * 1024, sendMs: 600, silentAfter: true });
      // let go at the idle bound after the last bytes (0.6 s of sending + 0.5 s), not at the 20 s total
      const ms = await server.letGo();
      expect(ms).toBeGreaterThanOrEqual(1_000);
      expect(ms).toBeLessThan(4_000);
      // everything it sent was read before: the close is a clean one, and the answer is still there to read
      client.read();
      expect(await client).toMatchObject({ status: 'HTTP/1.1 413 Payload Too Large', how: 'end' });
    } finally {
      await server.close();
    }
  }, 30_000);

  it('a client that keeps sending is cut at the total bound, and one that sends past the byte bound at once', async () => {
    const timed = await refusingServer({ maxBytes: 64 * 1024 * 1024, totalMs: 1_000, idleMs: 500 });
    const sized = await refusingServer({ maxBytes: 256 * 1024, totalMs: 20_000, idleMs: 5_000 });
    try {
      const clients = [slowSender(timed.port, { bytesPerSecond: 64 * 1024, sendMs: 10_000 }), slowSender(sized.port, { bytesPerSecond: 1024 * 1024, sendMs: 10_000 })];
      const [byTime, bySize] = await Promise.all([timed.letGo(), sized.letGo()]);
      // the client still sends for seconds after either cut
      expect(byTime).toBeGreaterThanOrEqual(1_000);
      expect(byTime).toBeLessThan(3_000);
      expect(bySize).toBeLessThan(3_000);
      await Promise.all(clients);
    } finally {
      await Promise.all([timed.close(), sized.close()]);
    }
  }, 30_000);
});
