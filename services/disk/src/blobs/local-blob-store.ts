import { randomUUID } from 'crypto';
import { createReadStream } from 'fs';
import { FileHandle, mkdir, open, rename, stat, unlink } from 'fs/promises';
import path from 'path';
import { Readable } from 'stream';
import { pipeline } from 'stream/promises';
import { BlobFileWriter } from './blob-file-writer';
import { BlobStore, ByteRange, checkBlobKey, checkExpectedKey, PutOptions, StoredBlob } from './blob-store';
import { MissingBlob } from './missing-blob';
import { streamedBytes } from '../common/heap-upkeep';

const READ_CHUNK = 1024 * 1024;

/**
 * Blobs in a local directory (DISK_DATA_DIR): `blobs/ab/cd/<sha256>`, written first to `tmp/<uuid>`, flushed to disk,
 * then renamed into place (atomic on one file system), so a crash or a dropped upload never leaves a half blob under a
 * hash. Temporary files older than a day are the leftovers of crashes (sweepTemporary).
 */
export class LocalBlobStore implements BlobStore {
  private readonly blobs: string;
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.blobs = path.join(root, 'blobs');
    this.tmp = path.join(root, 'tmp');
  }

  async init(): Promise<void> {
    await mkdir(this.blobs, { recursive: true });
    await mkdir(this.tmp, { recursive: true });
  }

  private pathOf(key: string): string {
    checkBlobKey(key);
    return path.join(this.blobs, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(body: Readable, opts: PutOptions): Promise<StoredBlob> {
    const tmp = path.join(this.tmp, randomUUID());
    const maxBytes = opts.expectedSize === undefined ? opts.maxBytes : Math.min(opts.maxBytes, opts.expectedSize);
    let file: FileHandle | undefined;
    let writer: BlobFileWriter | undefined;
    try {
      file = await open(tmp, 'wx');
      writer = new BlobFileWriter(file, { maxBytes, tooLarge: opts.tooLarge });
      await pipeline(body, writer); // ends with the bytes written and flushed to the disk
      await file.close();
      file = undefined;
      const { size } = writer;
      if (opts.expectedSize !== undefined && size !== opts.expectedSize) throw new IncompleteUpload(size, opts.expectedSize);
      const key = writer.digest();
      checkExpectedKey(opts, key);
      const target = this.pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target); // the same bytes may be there already: the rename replaces them with equal ones
      return { key, size };
    } catch (err) {
      if (file) {
        await writer?.settled();
        await file.close().catch(() => undefined);
      }
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    // a missing blob is known now, not as a stream error after the headers went out
    await stat(file).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new MissingBlob(key) : err;
    });
    // 1 MiB reads: Node's 64 KiB default made a 200 MiB GET about half as fast (bench/dav, docs/benchmarks.md)
    const stream = createReadStream(file, { highWaterMark: READ_CHUNK, ...(range ? { start: range.start, end: range.end } : {}) });
    // each chunk read is counted for the young collections of streamed buffers (a 'data' listener would start the flow)
    const push = stream.push.bind(stream);
    stream.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk instanceof Buffer) streamedBytes(chunk.length);
      return push(chunk, encoding);
    };
    return stream;
  }

  async has(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

/** The stream ended before the announced size: the client went away mid-upload. */
export class IncompleteUpload extends Error {
  constructor(
    readonly received: number,
    readonly expected: number,
  ) {
    super(`upload ended after ${received} of ${expected} bytes`);
  }
}
