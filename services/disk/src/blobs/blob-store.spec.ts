import { createHash, randomBytes } from 'crypto';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { Readable } from 'stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { BlobStore, WrongBlobKey } from './blob-store';
import { IncompleteUpload, LocalBlobStore } from './local-blob-store';
import { MissingBlob } from './missing-blob';
import { S3BlobStore } from './s3-blob-store';

// The two blob stores hold to one contract: content-addressed, committed only when an upload ends whole and within its
// bounds, ranges, deletes. The S3 store is the official AWS SDK talking to s3rver, an S3-compatible server started here.

class TooLarge extends Error {}
const tooLarge = () => new TooLarge('too large');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `bytes` that fails after sending `failAfter` of them (a client that went away). */
function failing(bytes: Buffer, failAfter: number): Readable {
  return new Readable({
    read() {
      this.push(bytes.subarray(0, failAfter));
      this.destroy(new Error('the client went away'));
    },
  });
}

let dir: string;
let s3: S3rver;
let s3Store: S3BlobStore;
let localStore: LocalBlobStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'blobs-'));
  localStore = new LocalBlobStore(path.join(dir, 'local'));
  await localStore.init();
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'disk', configs: [] }] });
  const { port } = await s3.run();
  s3Store = new S3BlobStore({ bucket: 'disk', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
});
afterAll(async () => {
  s3Store?.client.destroy();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

/** What a store keeps besides committed blobs: temporary files or objects (none after any put). */
async function leftovers(name: string): Promise<string[]> {
  if (name === 'local') {
    // a duplicate's temporary file is deleted after the put answered: given a moment
    for (let i = 0; i < 20 && (await readdir(path.join(dir, 'local', 'tmp'))).length; i++) await new Promise((r) => setTimeout(r, 50));
    return readdir(path.join(dir, 'local', 'tmp'));
  }
  const listed = await s3Store.client.send(new ListObjectsV2Command({ Bucket: 'disk', Prefix: 'tmp/' }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

describe.each([
  ['local', () => localStore as BlobStore],
  ['s3', () => s3Store as BlobStore],
])('%s blob store', (name, store) => {
  it('stores bytes under their SHA-256 and gives the same bytes back, whole and by range', async () => {
    const bytes = randomBytes(300_000);
    const blob = await store().put(Readable.from([bytes]), { maxBytes: 1e9, tooLarge });
    expect(blob).toEqual({ key: sha(bytes), size: bytes.length });
    expect((await read(await store().open(blob.key))).equals(bytes)).toBe(true);
    expect((await read(await store().open(blob.key, { start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect(await leftovers(name)).toEqual([]);
  });

  it('stores the same bytes once: a second put answers the same key', async () => {
    const bytes = randomBytes(1000);
    const a = await store().put(Readable.from([bytes]), { maxBytes: 1e9, tooLarge });
    const b = await store().put(Readable.from([bytes]), { maxBytes: 1e9, tooLarge });
    expect(b.key).toBe(a.key);
    expect(await store().has(a.key)).toBe(true);
    expect((await read(await store().open(a.key))).equals(bytes)).toBe(true);
    expect(await leftovers(name)).toEqual([]);
  });

  it('refuses an upload past maxBytes with the given error and keeps nothing of it', async () => {
    const bytes = randomBytes(20_000);
    await expect(store().put(Readable.from([bytes]), { maxBytes: 10_000, tooLarge })).rejects.toBeInstanceOf(TooLarge);
    expect(await store().has(sha(bytes))).toBe(false);
    expect(await leftovers(name)).toEqual([]);
  });

  it('refuses an upload that ends short of its announced size (IncompleteUpload) and keeps nothing of it', async () => {
    const bytes = randomBytes(5000);
    await expect(store().put(Readable.from([bytes]), { maxBytes: 1e9, expectedSize: 6000, tooLarge })).rejects.toBeInstanceOf(IncompleteUpload);
    expect(await store().has(sha(bytes))).toBe(false);
    expect(await leftovers(name)).toEqual([]);
  });

  it('an upload whose client goes away mid-stream fails, keeps nothing, and leaves a stored blob of the same name whole', async () => {
    const bytes = randomBytes(50_000);
    const stored = await store().put(Readable.from([bytes]), { maxBytes: 1e9, tooLarge });
    await expect(store().put(failing(bytes, 20_000), { maxBytes: 1e9, tooLarge })).rejects.toThrow();
    expect((await read(await store().open(stored.key))).equals(bytes)).toBe(true);
    expect(await leftovers(name)).toEqual([]);
  });

  it('an upload whose body closes without ending or an error (a WebDAV client gone: its stream destroyed) fails, keeps nothing, and does not hang', async () => {
    const bytes = randomBytes(30_000);
    const body = new Readable({
      read() {
        this.push(bytes.subarray(0, 10_000));
        setImmediate(() => this.destroy());
      },
    });
    // a put that waits for good fails by the test's timeout
    await expect(store().put(body, { maxBytes: 1e9, tooLarge })).rejects.toThrow();
    expect(await store().has(sha(bytes.subarray(0, 10_000)))).toBe(false);
    expect(await leftovers(name)).toEqual([]);
  });

  it('refuses bytes that do not hash to the expected key (a restored blob) and keeps nothing of them; takes those that do', async () => {
    const bytes = randomBytes(40_000);
    const claimed = sha(randomBytes(10));
    await expect(store().put(Readable.from([bytes]), { maxBytes: 1e9, tooLarge, expectedKey: claimed })).rejects.toBeInstanceOf(WrongBlobKey);
    expect(await store().has(sha(bytes))).toBe(false);
    expect(await store().has(claimed)).toBe(false);
    expect(await leftovers(name)).toEqual([]);
    expect(await store().put(Readable.from([bytes]), { maxBytes: 1e9, tooLarge, expectedKey: sha(bytes) })).toEqual({ key: sha(bytes), size: bytes.length });
  });

  it('opens a blob it does not hold, whole or by range, as MissingBlob naming the key (not a storage error)', async () => {
    const blob = await store().put(Readable.from([randomBytes(2000)]), { maxBytes: 1e9, tooLarge });
    await store().delete(blob.key);
    await expect(store().open(blob.key)).rejects.toEqual(expect.objectContaining({ constructor: MissingBlob, key: blob.key }));
    await expect(store().open(blob.key, { start: 0, end: 99 })).rejects.toBeInstanceOf(MissingBlob);
  });

  it('deletes a blob (and a second delete is no error)', async () => {
    const blob = await store().put(Readable.from([randomBytes(100)]), { maxBytes: 1e9, tooLarge });
    await store().delete(blob.key);
    await store().delete(blob.key);
    expect(await store().has(blob.key)).toBe(false);
  });
});

describe('local blob store', () => {
  it('keeps the blob it holds when the same bytes come again (same file, not replaced) and drops their temporary file', async () => {
    const bytes = randomBytes(70_000);
    const first = await localStore.put(Readable.from([bytes]), { maxBytes: 1e9, tooLarge });
    const file = path.join(dir, 'local', 'blobs', first.key.slice(0, 2), first.key.slice(2, 4), first.key);
    const before = await stat(file);
    expect(await localStore.put(Readable.from([bytes]), { maxBytes: 1e9, tooLarge })).toEqual(first);
    expect((await stat(file)).ino).toBe(before.ino);
    expect(await leftovers('local')).toEqual([]);
  });

  it('sweeps temporary files older than a day when it starts, and keeps younger ones (an upload under way)', async () => {
    const tmp = path.join(dir, 'local', 'tmp');
    await writeFile(path.join(tmp, 'crashed'), 'x');
    await writeFile(path.join(tmp, 'under-way'), 'y');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    await utimes(path.join(tmp, 'crashed'), twoDaysAgo, twoDaysAgo);
    await new LocalBlobStore(path.join(dir, 'local')).init();
    expect(await readdir(tmp)).toEqual(['under-way']);
    await rm(path.join(tmp, 'under-way'));
  });
});
