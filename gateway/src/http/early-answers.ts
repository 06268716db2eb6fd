import type { IncomingMessage, ServerResponse } from 'http';
import type { Socket } from 'net';

// An answer given before the request's body was read (a 413 by Content-Length, a refusal before an upload) must
// reach the client. A client that sends its whole body before it reads (Python's http.client, many SDKs) got a reset
// instead whenever the connection was closed with unread bytes in it: the kernel then sends RST and the client's
// socket drops the answer it had not read yet (2 of 3 tries on the statement upload, 7 of 13 on the notes import).
// So when an answer ends before its request's body was read, the rest of the body is read and thrown away, and a
// connection to be closed after the answer is half-closed (FIN: the answer is whole) and cut only once the client
// closes its side — a "lingering close", as Apache and nginx do it — or a bound is passed: LINGER_MAX_BYTES read,
// LINGER_IDLE_MS with nothing received (a client that stopped sending and will not close), or LINGER_MS in all.
// The bounds are nginx's idea (lingering_timeout 5 s, lingering_time 30 s) with a longer total: a client on a slow
// line that sends a refused 10 MB body at 256 kB/s needs 40 s, and it was cut at 10 s before, losing its answer.

export interface LingerBounds {
  /** bytes of a refused request's body read and dropped after its answer, at most */
  maxBytes: number;
  /** how long a connection to be closed waits, at most, for the client to stop sending after the answer */
  totalMs: number;
  /** how long it waits with nothing received */
  idleMs: number;
}

export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
export const LINGER_MS = 60_000;
export const LINGER_IDLE_MS = 5_000;
const BOUNDS: LingerBounds = { maxBytes: LINGER_MAX_BYTES, totalMs: LINGER_MS, idleMs: LINGER_IDLE_MS };

export function drainAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, bounds: LingerBounds = BOUNDS): void {
  // 'prefinish': the answer is complete but Node has not yet decided what to do with the connection ('finish')
  res.once('prefinish', () => {
    if (req.complete || req.destroyed) return;
    const socket = req.socket;
    const readBefore = socket.bytesRead;
    req.on('error', () => undefined); // a client gone away: nothing left to answer
    // Node's parser reads the socket itself (the socket emits no 'data'): what arrives is counted by its bytesRead
    req.on('data', () => {
      if (socket.bytesRead - readBefore > bounds.maxBytes) socket.destroy();
    });
    req.resume();
    lingerOnClose(socket, bounds, readBefore);
  });
}

/** Makes Node's close-after-answer (socket.destroySoon) a half-close that waits for the client's own close. */
function lingerOnClose(socket: Socket, bounds: LingerBounds, readBefore: number): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    this.end();
    const started = Date.now();
    let lastRead = this.bytesRead;
    let lastMove = started;
    const watch = setInterval(
      () => {
        const now = Date.now();
        if (this.bytesRead !== lastRead) {
          lastRead = this.bytesRead;
          lastMove = now;
        }
        if (now - started >= bounds.totalMs || now - lastMove >= bounds.idleMs || this.bytesRead - readBefore > bounds.maxBytes) this.destroy();
      },
      Math.max(10, Math.min(1000, bounds.idleMs / 5)),
    );
    watch.unref();
    this.once('close', () => clearInterval(watch));
    this.once('end', () => this.destroy());
    this.resume(); // read (and drop) whatever the parser no longer takes
  };
}
