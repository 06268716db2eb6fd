import type { IncomingMessage, ServerResponse } from 'http';
import type { Socket } from 'net';

// An answer given before the request's body was read (a 413 by Content-Length, a refusal before an upload) must
// reach the client. A client that sends its whole body before it reads (Python's http.client, many SDKs) got a reset
// instead whenever the connection was closed with unread bytes in it: the kernel then sends RST and the client's
// socket drops the answer it had not read yet (2 of 3 tries on the statement upload, 7 of 13 on the notes import).
// So when an answer ends before its request's body was read, the rest of the body is read and thrown away, up to
// LINGER_MAX_BYTES, and a connection to be closed after the answer is half-closed (FIN: the answer is whole) and cut
// only once the client closes its side, the bound is passed or LINGER_MS go by: a "lingering close", as Apache and
// nginx do it.

/** Bytes of a refused request's body read and dropped after its answer, at most. */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** How long a connection to be closed waits, at most, for the client to stop sending after the answer. */
export const LINGER_MS = 10_000;

export function drainAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, maxBytes = LINGER_MAX_BYTES): void {
  // 'prefinish': the answer is complete but Node has not yet decided what to do with the connection ('finish')
  res.once('prefinish', () => {
    if (req.complete || req.destroyed) return;
    const socket = req.socket;
    let drained = 0;
    req.on('error', () => undefined); // a client gone away: nothing left to answer
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > maxBytes) socket.destroy();
    });
    req.resume();
    lingerOnClose(socket);
  });
}

/** Makes Node's close-after-answer (socket.destroySoon) a half-close that waits for the client's own close. */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    this.end();
    const cut = setTimeout(() => this.destroy(), LINGER_MS);
    cut.unref();
    this.once('close', () => clearTimeout(cut));
    this.once('end', () => this.destroy());
    this.resume(); // read (and drop) whatever the parser no longer takes
  };
}
