import { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse, validateHeaderName, validateHeaderValue } from 'http';
import { connect, Socket } from 'net';

// A GET passed to the disk service whose answer's bytes reach the client without Node's HTTP client. That client's
// parser copies every byte of a body into a new buffer (on_body → Buffer::Copy): a 200 MiB GET was 200 new 1 MiB
// buffers, their page faults and their collection, 0.10–0.16 s of the gateway's CPU where a relay that reads into
// buffers it uses again, without reading HTTP, spends ~0.05 s (bench/dav's "disk via bare TCP relay"). Here the
// answer's head is parsed from a copy of its few bytes, and the body goes from the buffer a socket read put it in
// straight into the client's answer; that buffer is read into again once the client's socket has taken it (the
// write's callback). A transfer holds at most RAW_BUFFERS buffers: past them its connection is not read until a write
// is done (the disk then waits on TCP). Bodies are framed as HTTP/1.1 says: Content-Length, chunked (decoded), or up
// to the connection's end. Connections are kept alive between GETs, as Node's agent keeps them; a kept one found
// closed before any byte of the answer came is tried once more on a new connection. bench/dav, the code swapped in
// turn: the gateway's CPU a 200 MiB GET 0.10–0.13 → 0.05 s, the GET 0.45–0.54× → 0.50–1.03× Apache's at loads 8–13 on
// 2 cores, at the TCP relay's floor (docs/benchmarks.md).

/** The size of one read from the disk, and of each buffer a transfer reads into. */
export const RAW_READ = 1024 * 1024;
/** The most buffers one transfer holds (being read into or written to the client); more are not read meanwhile. */
export const RAW_BUFFERS = 4;
/** Longest answer head taken (Node's own limit is 16 KiB). */
const MAX_HEAD = 64 * 1024;
/** An idle connection is closed after this long (the disk's own keep-alive timeout is 10 s). */
const IDLE_MS = 5000;
/** Buffers kept between transfers (the rest are left to the collector). */
const KEPT_BUFFERS = 16;
/** A path Node's HTTP client would refuse to send (ERR_UNESCAPED_CHARACTERS): such a request is not sent here either. */
export const INVALID_PATH = /[^\u0021-\u00ff]/;
/** Headers of which Node keeps the first when an answer repeats them (the rest are joined with ', '). */
const FIRST_ONLY = new Set(
  'age authorization content-length content-type etag expires from host if-modified-since if-unmodified-since last-modified location max-forwards proxy-authorization referer retry-after server user-agent'.split(' '),
);

const spare: Buffer[] = [];
const takeBuffer = (): Buffer => spare.pop() ?? Buffer.allocUnsafeSlow(RAW_READ);
const giveBuffer = (buffer: Buffer): void => void (spare.length < KEPT_BUFFERS && spare.push(buffer));

/** The head of an answer. */
export interface RawHead {
  status: number;
  headers: IncomingHttpHeaders;
  /** HTTP/1.1 without `Connection: close`: the connection may carry the next request */
  keepAlive: boolean;
}

/**
 * The head at the start of `bytes` (ending with an empty line), with its length; null while it is not all there. Throws
 * on anything that is not an HTTP/1.x answer head.
 */
export function parseHead(bytes: Buffer): { head: RawHead; length: number } | null {
  const end = bytes.indexOf('\r\n\r\n', 0, 'latin1');
  if (end === -1) {
    if (bytes.length > MAX_HEAD) throw new Error('the answer head is too long');
    return null;
  }
  const lines = bytes.toString('latin1', 0, end).split('\r\n');
  const status = /^HTTP\/1\.([01]) (\d{3})(?: .*)?$/.exec(lines[0]);
  if (!status) throw new Error(`not an HTTP answer: ${lines[0].slice(0, 80)}`);
  const headers: IncomingHttpHeaders = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0 || /^\s/.test(line)) throw new Error('a malformed header in the answer');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const known = headers[name];
    if (name === 'set-cookie') headers['set-cookie'] = [...(headers['set-cookie'] ?? []), value];
    else if (known === undefined) headers[name] = value;
    else if (!FIRST_ONLY.has(name)) headers[name] = `${String(known)}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  const connection = String(headers.connection ?? '').toLowerCase();
  const keepAlive = status[1] === '1' ? !/\bclose\b/.test(connection) : /\bkeep-alive\b/.test(connection);
  return { head: { status: Number(status[2]), headers, keepAlive }, length: end + 4 };
}

/** How the body after a head is framed (RFC 9112 §6.3, for the answer to a GET). */
type Framing = { kind: 'none' } | { kind: 'length'; left: number } | { kind: 'chunked'; state: 'size' | 'data' | 'data-end' | 'trailer'; left: number; line: string } | { kind: 'close' };

function framing(head: RawHead): Framing {
  if (head.status < 200 || head.status === 204 || head.status === 304) return { kind: 'none' };
  const te = head.headers['transfer-encoding'];
  if (te !== undefined) return /(?:^|,)\s*chunked\s*$/i.test(String(te)) ? { kind: 'chunked', state: 'size', left: 0, line: '' } : { kind: 'close' };
  const length = head.headers['content-length'];
  if (length === undefined) return { kind: 'close' };
  if (!/^\d+$/.test(String(length))) throw new Error(`a bad Content-Length in the answer: ${String(length).slice(0, 40)}`);
  const left = Number(length);
  return left === 0 ? { kind: 'none' } : { kind: 'length', left };
}

interface Request {
  target: URL;
  path: string;
  headers: OutgoingHttpHeaders;
  idleTimeoutMs: number;
  res: ServerResponse;
  onHead: (head: RawHead) => void;
}

/** One GET on one connection, from the request to the end of its answer's body. */
class Exchange {
  private phase: 'head' | 'body' | 'done' = 'head';
  private head: Buffer = Buffer.alloc(0);
  private framing: Framing = { kind: 'none' };
  private keepAlive = false;
  /** buffers out in writes to the client, and how many writes each has out */
  private readonly writing = new Map<Buffer, number>();
  private paused = false;
  /** the answer's head has come (from then on a failure cuts the client's answer) */
  answered = false;

  constructor(
    private readonly connection: Connection,
    private readonly request: Request,
    private readonly settle: (err?: Error) => void,
  ) {}

  /** Bytes the connection read into `buffer`; false: read no more until resumed. */
  read(buffer: Buffer, bytes: number): boolean {
    let at = 0;
    try {
      while (this.phase === 'head' && at < bytes) at = this.takeHead(buffer, at, bytes);
      if (this.phase === 'body' && at < bytes) at = this.takeBody(buffer, at, bytes);
      // more than the answer: the connection can't be trusted with another request
      if (this.phase === 'done' && at < bytes) this.connection.socket.destroy();
    } catch (err) {
      this.fail(err as Error);
    }
    if (!this.writing.has(buffer)) giveBuffer(buffer);
    // over: a kept connection goes on reading, so that the disk closing it is seen (and it is dropped) at once
    if (this.phase === 'done') return !this.connection.socket.destroyed;
    this.paused = this.writing.size >= RAW_BUFFERS;
    return !this.paused;
  }

  /** The connection ended (the server closed it). */
  ended(): void {
    if (this.phase === 'body' && this.framing.kind === 'close') this.finish();
    else if (this.phase !== 'done') this.fail(Object.assign(new Error('the disk closed the connection before the end of its answer'), { code: 'ECONNRESET' }));
  }

  fail(err: Error): void {
    if (this.phase === 'done') return;
    this.phase = 'done';
    this.connection.socket.destroy();
    if (this.answered) this.request.res.destroy(); // cut midway: the client must see it cut
    this.settle(this.answered ? undefined : err);
  }

  private takeHead(buffer: Buffer, at: number, bytes: number): number {
    const before = this.head.length;
    // (a head is short: no more than the longest one taken is copied out of the read)
    this.head = Buffer.concat([this.head, buffer.subarray(at, Math.min(bytes, at + MAX_HEAD + 4))]);
    const parsed = parseHead(this.head);
    if (!parsed) return bytes;
    const used = parsed.length - before; // of this read
    this.head = Buffer.alloc(0);
    if (parsed.head.status < 200) return at + used; // an interim answer (100 Continue): the real one follows
    this.framing = framing(parsed.head);
    this.keepAlive = parsed.head.keepAlive;
    this.request.onHead(parsed.head); // (throwing, it leaves the client's answer unwritten: the caller answers the error)
    this.answered = true;
    this.phase = 'body';
    if (this.framing.kind === 'none') this.finish();
    return at + used;
  }

  private takeBody(buffer: Buffer, at: number, bytes: number): number {
    const f = this.framing;
    if (f.kind === 'close') {
      this.write(buffer, at, bytes);
      return bytes;
    }
    if (f.kind === 'length') {
      const end = Math.min(bytes, at + f.left);
      this.write(buffer, at, end);
      f.left -= end - at;
      if (f.left === 0) this.finish();
      return end;
    }
    if (f.kind !== 'chunked') return at;
    while (at < bytes && this.phase === 'body') {
      if (f.state === 'data') {
        const end = Math.min(bytes, at + f.left);
        this.write(buffer, at, end);
        f.left -= end - at;
        at = end;
        if (f.left === 0) f.state = 'data-end';
        continue;
      }
      // a line: a chunk's size, the end of its data, or a trailer
      const newline = buffer.indexOf(10, at);
      const end = newline === -1 || newline >= bytes ? bytes : newline;
      f.line += buffer.toString('latin1', at, end);
      if (f.line.length > 4096) throw new Error('a chunk line too long in the answer');
      at = end;
      if (newline === -1 || newline >= bytes) break;
      at = newline + 1;
      const line = f.line.replace(/\r$/, '');
      f.line = '';
      if (f.state === 'size') {
        const size = /^([0-9a-fA-F]{1,12})[ \t]*(?:;.*)?$/.exec(line);
        if (!size) throw new Error('a bad chunk size in the answer');
        f.left = parseInt(size[1], 16);
        f.state = f.left === 0 ? 'trailer' : 'data';
      } else if (f.state === 'data-end') {
        if (line !== '') throw new Error('a chunk longer than its size in the answer');
        f.state = 'size';
      } else if (line === '') this.finish(); // the trailer's end
    }
    return at;
  }

  /** Writes `buffer[from, to)` into the client's answer; the buffer is free again once no write holds it. */
  private write(buffer: Buffer, from: number, to: number): void {
    if (from === to) return;
    const { res } = this.request;
    if (res.destroyed) return;
    this.writing.set(buffer, (this.writing.get(buffer) ?? 0) + 1);
    res.write(buffer.subarray(from, to), () => {
      const left = this.writing.get(buffer)! - 1;
      if (left > 0) return void this.writing.set(buffer, left);
      this.writing.delete(buffer);
      giveBuffer(buffer);
      if (this.paused && this.writing.size < RAW_BUFFERS && this.phase === 'body') {
        this.paused = false;
        this.connection.socket.resume();
      }
    });
  }

  private finish(): void {
    this.phase = 'done';
    if (!this.request.res.destroyed) this.request.res.end();
    this.connection.release(this.keepAlive && !this.request.res.destroyed);
    this.settle();
  }
}

/** A connection to one copy of the disk service, reading into buffers of the pool. */
class Connection {
  readonly socket: Socket;
  exchange: Exchange | null = null;
  /** it carried an exchange before */
  used = false;

  constructor(
    readonly origin: string,
    target: URL,
    private readonly idle: (connection: Connection) => void,
    private readonly gone: (connection: Connection) => void,
  ) {
    this.socket = connect({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: Number(target.port || 80),
      onread: { buffer: takeBuffer, callback: (bytes, buffer) => this.read(bytes, buffer as Buffer) },
    });
    this.socket.setNoDelay(true);
    this.socket.on('error', (err) => (this.exchange ? this.exchange.fail(err) : this.socket.destroy()));
    this.socket.on('end', () => (this.exchange ? this.exchange.ended() : this.socket.destroy()));
    this.socket.on('timeout', () => (this.exchange ? this.exchange.fail(Object.assign(new Error('the disk did not answer in time'), { code: 'ETIMEDOUT' })) : this.socket.destroy()));
    this.socket.on('close', () => {
      this.exchange?.fail(Object.assign(new Error('the connection to the disk closed'), { code: 'ECONNRESET' }));
      this.gone(this);
    });
  }

  private read(bytes: number, buffer: Buffer): boolean {
    if (this.exchange) return this.exchange.read(buffer, bytes);
    // bytes while no request is out: nothing of ours, and the connection can't be trusted with the next one
    giveBuffer(buffer);
    this.socket.destroy();
    return false;
  }

  /** The exchange is over: the connection waits for the next GET, or closes. */
  release(reusable: boolean): void {
    this.exchange = null;
    this.used = true;
    if (!reusable || this.socket.destroyed) return void this.socket.destroy();
    this.socket.setTimeout(IDLE_MS);
    this.idle(this);
  }
}

/**
 * GETs to the disk service over connections of its own (kept alive per copy of the disk), their answers' bodies copied
 * into the client's answer from reused buffers (see the top of this file).
 */
export class RawDiskGets {
  private readonly idle = new Map<string, Connection[]>();
  private readonly all = new Set<Connection>();

  /**
   * Sends the GET and copies the answer into `res`: `onHead` gets the answer's head (it writes res's own head), then the
   * body follows and res is ended. Resolves when the answer is over (also when res went away, or when the disk cut the
   * body: res is then cut too); rejects, having written nothing, when no answer came (the error's `code` says why:
   * ECONNREFUSED when the copy refused the connection).
   */
  get(request: Request): Promise<void> {
    return this.attempt(request, true);
  }

  /** Closes every connection. */
  destroy(): void {
    for (const c of this.all) c.socket.destroy();
  }

  private async attempt(request: Request, mayRetry: boolean): Promise<void> {
    const head = requestHead(request.path, request.headers); // (a header Node would refuse throws here, before any connection)
    const connection = this.connection(request.target);
    return new Promise<void>((resolve, reject) => {
      const exchange = new Exchange(connection, request, (err) => {
        request.res.off('close', clientGone);
        if (!err) return resolve();
        // a kept connection the disk had closed meanwhile: once more, on a new one (a GET is safe to send again)
        const code = (err as NodeJS.ErrnoException).code;
        if (mayRetry && connection.used && !exchange.answered && (code === 'ECONNRESET' || code === 'EPIPE')) {
          return void this.attempt(request, false).then(resolve, reject);
        }
        reject(err);
      });
      const clientGone = () => exchange.fail(new Error('the client went away'));
      connection.exchange = exchange;
      if (request.res.destroyed) return clientGone();
      request.res.once('close', clientGone);
      connection.socket.setTimeout(request.idleTimeoutMs);
      connection.socket.write(head, 'latin1');
      connection.socket.resume(); // a kept connection may have stopped reading (Socket.resume restarts an onread socket)
    });
  }

  private connection(target: URL): Connection {
    const origin = target.origin;
    const kept = this.idle.get(origin);
    while (kept?.length) {
      const c = kept.pop()!;
      if (!c.socket.destroyed) return c;
    }
    const c = new Connection(
      origin,
      target,
      (idle) => {
        const list = this.idle.get(idle.origin) ?? [];
        list.push(idle);
        this.idle.set(idle.origin, list);
      },
      (gone) => {
        this.all.delete(gone);
        const list = this.idle.get(gone.origin);
        if (list?.includes(gone)) list.splice(list.indexOf(gone), 1);
      },
    );
    this.all.add(c);
    return c;
  }
}

/** The request's head: `GET <path> HTTP/1.1` and the headers (checked as Node's client checks them). */
function requestHead(path: string, headers: OutgoingHttpHeaders): string {
  let head = `GET ${path} HTTP/1.1\r\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    validateHeaderName(name);
    for (const v of Array.isArray(value) ? value : [String(value)]) {
      validateHeaderValue(name, v);
      head += `${name}: ${v}\r\n`;
    }
  }
  return `${head}connection: keep-alive\r\n\r\n`;
}
