import { createHash, Hash } from 'crypto';
import type { FileHandle } from 'fs/promises';
import { Writable } from 'stream';
import { streamedBytes } from '../common/heap-upkeep';

/** Bytes gathered before one writev: 64 KiB writes (one per socket read) cost twice the system time of 1 MiB ones. */
export const WRITE_BATCH = 1024 * 1024;
/**
 * Written bytes handed to the disk with an fdatasync running alongside the next writes, so the caller's fsync waits
 * for the last few MiB and not the whole file (a 200 MiB fsync took 50–70 ms here).
 */
export const SYNC_EVERY = 32 * 1024 * 1024;

export interface WriterLimits {
  /** an error (this one) once more bytes than this arrive */
  maxBytes: number;
  tooLarge: () => Error;
}

/**
 * The sink of a blob upload: hashes the bytes, checks the size bound, and writes them to an open temporary file in
 * batches of about WRITE_BATCH with one writev each. Its `final` resolves once every byte is written and the syncs run
 * along the way succeeded; the caller fsyncs the file before committing it (not when the store holds those bytes
 * already).
 */
export class BlobFileWriter extends Writable {
  size = 0;
  private readonly hash: Hash = createHash('sha256');
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private position = 0;
  private unsynced = 0;
  /** the fdatasync running beside the writes, if any */
  private syncing: Promise<void> | null = null;
  /** kept for `final`: after a failed sync Linux may let the next one succeed over the lost pages */
  private syncFailure: unknown = null;
  /** the writev in flight, if any: the file is closed only after it */
  private writing: Promise<void> | null = null;

  constructor(
    private readonly file: FileHandle,
    private readonly limits: WriterLimits,
  ) {
    // room for the next batch while one is written: the source is paused only past it
    super({ highWaterMark: WRITE_BATCH });
  }

  /** the SHA-256 of all the bytes, in hex; once, after the writer finished */
  digest(): string {
    return this.hash.digest('hex');
  }

  /** Resolves when no write or sync is running any more (whatever their outcome): then the file can be closed. */
  async settled(): Promise<void> {
    await this.writing?.catch(() => undefined);
    await this.syncing;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    const err = this.take(chunk);
    if (err) return done(err);
    if (this.batchBytes < WRITE_BATCH) return done();
    this.flush().then(() => done(), done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void {
    for (const { chunk } of chunks) {
      const err = this.take(chunk);
      if (err) return done(err);
    }
    if (this.batchBytes < WRITE_BATCH) return done();
    this.flush().then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.flush()
      .then(() => this.syncing)
      .then(() => {
        if (this.syncFailure) throw this.syncFailure;
      })
      .then(() => done(), done);
  }

  private take(chunk: Buffer): Error | null {
    this.size += chunk.length;
    if (this.size > this.limits.maxBytes) return this.limits.tooLarge();
    this.hash.update(chunk);
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
    return null;
  }

  private async flush(): Promise<void> {
    if (this.batchBytes === 0) return;
    const batch = this.batch;
    const bytes = this.batchBytes;
    this.batch = [];
    this.batchBytes = 0;
    this.writing = writeAll(this.file, batch, bytes, this.position);
    await this.writing;
    this.writing = null;
    batch.length = 0; // the written buffers are garbage now: streamedBytes may collect them
    streamedBytes(bytes);
    this.position += bytes;
    this.unsynced += bytes;
    if (this.unsynced >= SYNC_EVERY && !this.syncing) {
      this.unsynced = 0;
      this.syncing = this.file.datasync().then(
        () => void (this.syncing = null),
        (err: unknown) => void ((this.syncFailure ??= err), (this.syncing = null)),
      );
    }
  }
}

/** writev until every byte is written (a file write may be short). */
async function writeAll(file: FileHandle, buffers: Buffer[], bytes: number, position: number): Promise<void> {
  let { bytesWritten } = await file.writev(buffers, position);
  while (bytesWritten < bytes) {
    const rest = Buffer.concat(buffers).subarray(bytesWritten);
    bytesWritten += (await file.write(rest, 0, rest.length, position + bytesWritten)).bytesWritten;
  }
}
