import { Agent, AgentOptions, ClientRequestArgs } from 'http';
import { createConnection, NetConnectOpts, Socket } from 'net';
import type { Duplex } from 'stream';

/** The most one socket read from the disk service takes. */
export const READ_BUFFER = 1024 * 1024;

/**
 * Keep-alive connections to the disk service (every request but a GET: raw-get.ts reads those) whose reads take up to
 * READ_BUFFER at a time into a buffer of their own, where Node reads 64 KiB into a new buffer each time: a 200 MiB GET
 * was 3,200 reads and as many trips through the HTTP parser and the streams. The buffer serves the next read again
 * when the bytes of the last one were taken at once (the HTTP parser copies a body's bytes as it reads them, and the
 * disk never switches protocols, so nothing keeps a view of them); while the socket still holds some (read a little at
 * a time, or paused), the next read gets a new one.
 */
export class DiskAgent extends Agent {
  constructor(options: AgentOptions = {}) {
    // Node's global agent: kept alive, the most recently used socket first
    super({ keepAlive: true, scheduling: 'lifo', timeout: 5000, ...options });
  }

  /** (the socket is returned, so the callback Node also passes is not needed) */
  override createConnection(options: ClientRequestArgs): Duplex {
    let buffer = Buffer.allocUnsafeSlow(READ_BUFFER);
    let kept = false;
    const socket: Socket = createConnection({
      ...(options as NetConnectOpts),
      onread: {
        buffer: () => {
          if (kept) {
            buffer = Buffer.allocUnsafeSlow(READ_BUFFER);
            kept = false;
          }
          return buffer;
        },
        callback: (bytes, into) => {
          const flowing = socket.push((into as Buffer).subarray(0, bytes));
          if (socket.readableLength > 0) kept = true; // queued in the socket, not yet read: keep that buffer as it is
          return flowing;
        },
      },
    });
    return socket;
  }
}
