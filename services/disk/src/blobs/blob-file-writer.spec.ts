import { createHash, randomBytes } from 'crypto';
import { FileHandle, mkdtemp, open, readFile, rm } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { Readable } from 'stream';
import { pipeline } from 'stream/promises';
import { BlobFileWriter, SYNC_EVERY, WRITE_BATCH } from './blob-file-writer';

// The local blob store's sink: batched writes, the hash, the size bound and the syncs, on a real temporary file whose
// handle is wrapped to count (or fail) the calls.

const KIB = 1024;
const MIB = 1024 * KIB;
class TooLarge extends Error {}
const limits = (maxBytes = 1e12) => ({ maxBytes, tooLarge: () => new TooLarge('too large') });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Calls {
  writev: number[];
  write: number;
  datasync: number;
  sync: number;
}


/** The file's handle with its calls counted; `overrides` replace some of them (a failing sync, a short write). */
function counted(file: FileHandle, overrides: Partial<Pick<FileHandle, 'writev' | 'datasync' | 'sync'>> = {}): { handle: FileHandle; calls: Calls } {
  const calls: Calls = { writev: [], write: 0, datasync: 0, sync: 0 };
  const handle = {
    writev: (buffers: Buffer[], position: number) => {
      calls.writev.push(buffers.reduce((n, b) => n + b.length, 0));
      return (overrides.writev ?? file.writev.bind(file))(buffers, position);
    },
    write: (buffer: Buffer, offset: number, length: number, position: number) => {
      calls.write++;
      return file.write(buffer, offset, length, position);
    },
    datasync: () => {
      calls.datasync++;
      return (overrides.datasync ?? file.datasync.bind(file))();
    },
    sync: () => {
      calls.sync++;
      return (overrides.sync ?? file.sync.bind(file))();
    },
  };
  return { handle: handle as unknown as FileHandle, calls };
}

/** `total` bytes in pieces of `piece` (64 KiB: what one socket read gives) */
function pieces(bytes: Buffer, piece = 64 * KIB): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += piece) out.push(bytes.subarray(at, at + piece));
  return out;
}

let dir: string;
let file: FileHandle;
let target: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'blob-writer-'));
});
beforeEach(async () => {
  target = path.join(dir, `f-${Math.random().toString(36).slice(2)}`);
  file = await open(target, 'wx');
});
afterEach(async () => {
  await file.close().catch(() => undefined);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('BlobFileWriter', () => {
  it('writes 64 KiB pieces in order as writes of at least WRITE_BATCH (the last one the rest) and hashes them, leaving the fsync to its caller', async () => {
    const bytes = randomBytes(5 * MIB + 12_345);
    const { handle, calls } = counted(file);
    const writer = new BlobFileWriter(handle, limits());
    await pipeline(Readable.from(pieces(bytes)), writer);
    expect((await readFile(target)).equals(bytes)).toBe(true);
    expect(writer.size).toBe(bytes.length);
    expect(writer.digest()).toBe(sha(bytes));
    expect(calls.writev.length).toBeLessThanOrEqual(6);
    expect(calls.writev.slice(0, -1).every((n) => n >= WRITE_BATCH)).toBe(true);
    expect(calls.writev.reduce((a, b) => a + b, 0)).toBe(bytes.length);
    expect(calls.sync).toBe(0);
    expect(calls.datasync).toBe(0); // under SYNC_EVERY
  });

  it('runs an fdatasync beside the writes after each SYNC_EVERY bytes written, and ends once they are done', async () => {
    const mib = Buffer.alloc(MIB, 7);
    const chunks = Array.from({ length: (2 * SYNC_EVERY) / MIB + 1 }, () => mib);
    const { handle, calls } = counted(file);
    await pipeline(Readable.from(chunks), new BlobFileWriter(handle, limits()));
    expect(calls.datasync).toBe(2);
    expect((await file.stat()).size).toBe(2 * SYNC_EVERY + MIB);
  });

  it('fails at its end when an fdatasync along the way failed (Linux may report a lost write once: a later fsync could succeed)', async () => {
    const mib = Buffer.alloc(MIB, 1);
    const chunks = Array.from({ length: SYNC_EVERY / MIB + 1 }, () => mib);
    const { handle, calls } = counted(file, { datasync: () => Promise.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })) });
    await expect(pipeline(Readable.from(chunks), new BlobFileWriter(handle, limits()))).rejects.toThrow('EIO');
    expect(calls.datasync).toBe(1);
  });

  it('refuses the bytes past maxBytes with its tooLarge error, before writing them', async () => {
    const { handle, calls } = counted(file);
    await expect(pipeline(Readable.from(pieces(randomBytes(300 * KIB))), new BlobFileWriter(handle, limits(200 * KIB)))).rejects.toBeInstanceOf(TooLarge);
    expect(calls.writev).toEqual([]);
  });

  it('completes a short writev with plain writes of the rest', async () => {
    const bytes = randomBytes(2 * MIB);
    const { handle, calls } = counted(file, {
      // the kernel took only the first 1000 bytes of the batch
      writev: async <T extends readonly NodeJS.ArrayBufferView[]>(buffers: T, position?: number) => {
        const first = Buffer.concat(buffers as unknown as Buffer[]).subarray(0, 1000);
        const { bytesWritten } = await file.write(first, 0, first.length, position);
        return { bytesWritten, buffers };
      },
    });
    const writer = new BlobFileWriter(handle, limits());
    await pipeline(Readable.from(pieces(bytes)), writer);
    expect(calls.write).toBeGreaterThan(0);
    expect((await readFile(target)).equals(bytes)).toBe(true);
    expect(writer.digest()).toBe(sha(bytes));
  });
});
