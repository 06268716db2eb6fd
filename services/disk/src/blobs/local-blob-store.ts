import { randomUUID } from 'crypto';
import { FileHandle, mkdir, open, readdir, rename, stat, unlink } from 'fs/promises';
import path from 'path';
import { Readable } from 'stream';
import { pipeline } from 'stream/promises';
import { BlobFileStream } from './blob-file-stream';
import { BlobFileWriter } from './blob-file-writer';
import { BlobStore, ByteRange, checkBlobKey, checkExpectedKey, PutOptions, StoredBlob } from './blob-store';
import { MissingBlob } from './missing-blob';

/** a temporary file this old belongs to no upload any more: the longest ones take minutes */
const TEMPORARY_TTL_MS = 24 * 3600 * 1000;

/**
 * Blobs in a local directory (DISK_DATA_DIR): `blobs/ab/cd/<sha256>`, written first to `tmp/<uuid>`, flushed to disk,
 * then renamed into place (atomic on one file system) and the folder flushed, so a crash or a dropped upload never
 * leaves a half blob under a hash. Bytes the store holds already are not written twice: their temporary file is
 * dropped. Temporary files older than a day are leftovers (a crash's): swept when the store starts (sweepTemporary).
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
    await this.sweepTemporary();
  }

  /** Deletes the temporary files older than a day (a crash's, or a dropped duplicate's the process ended before). */
  async sweepTemporary(now = Date.now()): Promise<number> {
    let swept = 0;
    for (const name of await readdir(this.tmp)) {
      const file = path.join(this.tmp, name);
      const old = await stat(file).then(
        (s) => now - s.mtimeMs > TEMPORARY_TTL_MS,
        () => false,
      );
      if (old && (await unlink(file).then(() => true, () => false))) swept++;
    }
    return swept;
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
      await pipeline(body, writer); // ends with the bytes written
      const { size } = writer;
      if (opts.expectedSize !== undefined && size !== opts.expectedSize) throw new IncompleteUpload(size, opts.expectedSize);
      const key = writer.digest();
      checkExpectedKey(opts, key);
      const target = this.pathOf(key);
      if (await exists(target)) {
        // the same bytes, committed (hence synced) before: ours are not needed, nor their fsync
        await file.close();
        file = undefined;
        void unlink(tmp).catch(() => undefined); // freeing 200 MiB of extents takes ~25 ms here: not on the answer's way
        return { key, size };
      }
      await file.sync();
      await file.close();
      file = undefined;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
      await syncFolder(path.dirname(target)); // the rename itself survives a crash only once its folder is synced
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
    // opened now: a missing blob is known here, not as a stream error after the headers went out
    return BlobFileStream.open(this.pathOf(key), range).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new MissingBlob(key) : err;
    });
  }

  async has(key: string): Promise<boolean> {
    return exists(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
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
