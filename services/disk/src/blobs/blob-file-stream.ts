import { close, open, read } from 'fs';
import { ServerResponse } from 'http';
import { Readable } from 'stream';
import { promisify } from 'util';
import type { ByteRange } from './blob-store';
import { streamedBytes } from '../common/heap-upkeep';

/** One read of the file: Node's 64 KiB default made a 200 MiB GET about half as fast (bench/dav, docs/benchmarks.md). */
export const READ_CHUNK = 1024 * 1024;
/** The buffers an answer is sent from: one being read into while the others are with the socket. */
export const SEND_BUFFERS = 4;

const openFile = promisify(open);

/**
 * A local blob's bytes (or a range of them) as a Readable.
 *
 * Read as any stream (a range through webdav-server's RangedStream, a test), it reads READ_CHUNK at a time into a new
 * buffer each time, as fs.createReadStream does. Piped into an HTTP answer (`pipe(res)`, `pipeline(stream, res)`: every
 * whole-file GET, webdav-server's included), it writes into the answer itself from SEND_BUFFERS buffers, each read into
 * again once the socket has taken its bytes (the write's callback): no buffer a chunk, so no dead buffers for the
 * collector to find and no new memory for the kernel to fault in: the disk's CPU a 200 MiB GET went 0.11 → 0.08 s
 * (bench/dav, docs/benchmarks.md). Either way the stream ends ('end') once every byte is written, and a
 * destroy (the client went away: dav-filesystem's closeWith, pipeline) stops it and closes the file after any read in
 * flight (a descriptor closed under a read could be reused by another file meanwhile).
 */
export class BlobFileStream extends Readable {
  private position: number;
  /** exclusive; Infinity: to the end of the file */
  private readonly end: number;
  /** a read in flight: the descriptor is closed only after it */
  private reading = false;
  /** what a destroy waits for when a read is in flight */
  private afterRead: (() => void) | null = null;
  /** read as a stream, or sending into an answer: whichever came first */
  private mode: 'idle' | 'stream' | 'send' = 'idle';

  private constructor(
    private readonly fd: number,
    range: ByteRange | undefined,
  ) {
    super({ highWaterMark: READ_CHUNK });
    this.position = range?.start ?? 0;
    this.end = range ? range.end + 1 : Infinity;
  }

  /** Opens the file now: a missing one fails here (ENOENT), before any header goes out. */
  static async open(file: string, range?: ByteRange): Promise<BlobFileStream> {
    return new BlobFileStream(await openFile(file, 'r'), range);
  }

  override _read(): void {
    this.mode = this.mode === 'idle' ? 'stream' : this.mode;
    const length = Math.min(READ_CHUNK, this.end - this.position);
    if (length <= 0) return void this.push(null);
    const buffer = Buffer.allocUnsafeSlow(length);
    this.readInto(buffer, length, (err, bytes) => {
      if (err) return void this.destroy(err);
      if (bytes === 0) return void this.push(null);
      // counted for the young collections of streamed buffers as it goes (@app/platform youngCollections)
      streamedBytes(bytes);
      this.push(bytes < length ? buffer.subarray(0, bytes) : buffer);
    });
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    if (!(destination instanceof ServerResponse) || this.mode !== 'idle' || this.destroyed) return super.pipe(destination, options);
    this.send(destination, options?.end ?? true);
    return destination;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const closeFile = () => close(this.fd, (closeError) => callback(error ?? closeError));
    if (this.reading) this.afterRead = closeFile;
    else closeFile();
  }

  /** Reads into `buffer`; `done` is not called when the stream was destroyed meanwhile (the file is closed instead). */
  private readInto(buffer: Buffer, length: number, done: (err: Error | null, bytes: number) => void): void {
    this.reading = true;
    read(this.fd, buffer, 0, length, this.position, (err, bytes) => {
      this.reading = false;
      if (this.afterRead) return this.afterRead();
      if (!err) this.position += bytes;
      done(err, bytes);
    });
  }

  /** Writes the bytes into `res` from a few buffers used again, then ends `res` (when asked) and this stream. */
  private send(res: ServerResponse, endAnswer: boolean): void {
    this.mode = 'send';
    const free = Array.from({ length: SEND_BUFFERS }, () => Buffer.allocUnsafeSlow(READ_CHUNK));
    let writing = 0;
    let endOfFile = false;
    const next = (): void => {
      if (this.destroyed) return;
      if (endOfFile || this.position >= this.end) {
        if (writing > 0) return;
        if (endAnswer) res.end();
        this.push(null); // nothing was pushed: the readable side just ends, and 'end' reaches the listeners
        this.resume();
        return;
      }
      if (this.reading || !free.length) return;
      const buffer = free.pop()!;
      this.readInto(buffer, Math.min(buffer.length, this.end - this.position), (err, bytes) => {
        if (err) return void this.destroy(err);
        if (bytes === 0) endOfFile = true;
        else {
          writing++;
          // the callback comes once the socket has taken the bytes (or failed): only then is the buffer free again
          res.write(bytes < buffer.length ? buffer.subarray(0, bytes) : buffer, (writeError) => {
            writing--;
            free.push(buffer);
            // the answer is gone (the client went away): stop, as pipe() stops writing into a closed destination
            if (writeError) return void this.destroy();
            next();
          });
        }
        if (bytes === 0) free.push(buffer);
        next();
      });
    };
    next();
  }
}
