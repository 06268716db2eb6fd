import { createHash, randomBytes } from 'crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { Readable } from 'stream';
import { gunzipSync, gzipSync } from 'zlib';
import * as tar from 'tar-stream';
import { AppError, BACKUP_FORMAT, BACKUP_PAGE_BYTES, BACKUP_PAGE_LIMIT, type BackupBlob, type BackupFileVersion, type StoredDoc } from '@app/proto';
import { checkArchive, MAX_TAR_HEADER_BYTES, readArchive, writeArchive, type ArchiveFiles, type ArchiveGroup, type ArchivePart } from './backup-archive';

// The archive on disk: written from pages, read back in pages, the disk's blobs as checked streams, and refused (422)
// when it is not one of format 1 or 2.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'backup-archive-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const doc = (klass: string, prefix: string, i: number, extra: Record<string, unknown> = {}): StoredDoc => ({
  _id: `${prefix}-${String(i).padStart(6, '0')}`,
  _rev: '1-0123456789abcdef0123456789abcdef',
  klass,
  ...extra,
});

function group(prefix: string, pages: Record<string, StoredDoc[][]>): ArchiveGroup {
  return {
    prefix,
    manifest: { format: BACKUP_FORMAT, account_id: 'acc-1', name: 'G', created_at: '2026-01-01T00:00:00.000Z', app_version: 't' },
    sources: Object.entries(pages).map(([service, list]) => ({
      service,
      pages: async function* () {
        for (const page of list) yield page;
      },
    })),
  };
}

async function readAll(file: string) {
  const parts = [];
  for await (const part of readArchive(file)) parts.push(part);
  return parts;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const version = (fileId: string, n: number, bytes: Buffer): BackupFileVersion => ({
  file_id: fileId,
  version: n,
  blob_key: sha(bytes),
  size: bytes.length,
  content_type: 'application/octet-stream',
  created_at: '2026-01-02T03:04:05.000Z',
  created_by: { _id: 'usr-1', label: 'Ana' },
});

/** A disk holding `blobs` (named by their hash) and `versions`; `gone` are listed but no longer served. */
function disk(blobs: Buffer[], versions: BackupFileVersion[], gone: string[] = []): ArchiveFiles & { opened: string[] } {
  const byKey = new Map(blobs.map((b) => [sha(b), b]));
  const listed: BackupBlob[] = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, b]) => ({ key, size: b.length }));
  const opened: string[] = [];
  return {
    opened,
    blobs: async function* () {
      yield listed.slice(0, 1);
      yield listed.slice(1);
    },
    versions: async function* () {
      yield versions;
    },
    open: async (blob) => {
      opened.push(blob.key);
      if (gone.includes(blob.key)) return null;
      // in 64 kB chunks, as a response arrives
      const bytes = byKey.get(blob.key)!;
      return Readable.from(Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)));
    },
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The parts of an archive with each blob read whole (the reader needs a blob read or left before the next part). */
async function readWithBlobs(file: string): Promise<Array<Exclude<ArchivePart, { blob: unknown }> | { blob: { key: string; size: number; bytes: Buffer } }>> {
  const out = [];
  for await (const part of readArchive(file)) {
    if ('blob' in part) out.push({ blob: { key: part.blob.key, size: part.blob.size, bytes: await bytesOf(part.blob.body) } });
    else out.push(part);
  }
  return out;
}

/** A tar.gz made by hand, entry by entry (for archives the writer would never make). */
async function handMade(file: string, entries: Array<[string, string | Buffer]>): Promise<string> {
  const pack = tar.pack();
  for (const [name, body] of entries) pack.entry({ name }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
  return file;
}

interface Entry {
  name: string;
  body?: string | Buffer;
  /** tar-stream writes `pax` records before the entry's header (its types do not list them) */
  header?: Partial<tar.Headers> & { pax?: Record<string, string> };
}

/** A tar.gz of entries with their own headers (links, devices, pax records). */
async function packed(file: string, entries: Entry[]): Promise<string> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name, ...e.header }, e.body ?? '');
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
  return file;
}

/** The tar bytes of `entries` and then the header alone of an entry of `open.size` bytes (its bytes for the caller to add). */
async function tarHead(entries: Entry[], open: { name: string; size: number }): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: Buffer) => chunks.push(c));
  for (const e of entries) await new Promise((resolve) => pack.entry({ name: e.name, ...e.header }, e.body ?? '', resolve));
  pack.entry({ name: open.name, size: open.size });
  await new Promise((resolve) => setTimeout(resolve, 20));
  pack.destroy();
  return Buffer.concat(chunks);
}

const manifestText = (format: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format, account_id: 'acc-1', name: 'G', created_at: '2026-01-01T00:00:00.000Z', app_version: 't', counts: {}, ...extra });

/** A target with room for anything these tests archive. */
const ROOM = { driveStorage: 1_000_000_000 };

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('backup archive', () => {
  it('writes the manifest and each service in order, and reads back every document in pages of at most 500', async () => {
    const tickets = Array.from({ length: 1203 }, (_, i) => doc('Customer', 'cus', i, { name: `c${i}` }));
    const file = path.join(dir, 'a.tar.gz');
    const written = await writeArchive(file, dir, [group('', { accounts: [[doc('Phone', 'pho', 1)]], tickets: [tickets.slice(0, 700), tickets.slice(700)] })]);
    expect(written.counts).toEqual({ accounts: 1, tickets: 1203 });
    expect(written.size).toBeGreaterThan(0);
    expect((await readdir(dir)).sort()).toEqual(['a.tar.gz']); // no .part, no work files left

    const parts = await readAll(file);
    expect(parts[0]).toEqual({ manifest: expect.objectContaining({ format: 2, account_id: 'acc-1', counts: { accounts: 1, tickets: 1203 } }) });
    const ticketPages = parts.filter((p) => 'service' in p && p.service === 'tickets').map((p) => ('docs' in p ? p.docs : []));
    expect(ticketPages.map((p) => p.length)).toEqual([BACKUP_PAGE_LIMIT, BACKUP_PAGE_LIMIT, 203]);
    expect(ticketPages.flat()).toEqual(tickets);
    expect(await checkArchive(file, ROOM)).toMatchObject({ counts: { accounts: 1, tickets: 1203 } });
  });

  it('cuts the pages it reads back by bytes as well', async () => {
    const big = Array.from({ length: 8 }, (_, i) => doc('Customer', 'cus', i, { notes: 'x'.repeat(BACKUP_PAGE_BYTES / 4) }));
    const file = path.join(dir, 'b.tar.gz');
    await writeArchive(file, dir, [group('', { tickets: [big] })]);
    const pages = (await readAll(file)).filter((p) => 'docs' in p).map((p) => ('docs' in p ? p.docs.length : 0));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(8);
  });

  it('puts each group of a combined archive under its own folder', async () => {
    const file = path.join(dir, 'c.tar.gz');
    const written = await writeArchive(file, dir, [group('acc-1/', { tickets: [[doc('Customer', 'cus', 1)]] }), group('acc-2/', { tickets: [[doc('Customer', 'cus', 2)]] })]);
    expect(written.counts).toEqual({ 'acc-1/tickets': 1, 'acc-2/tickets': 1 });
    const text = gunzipSync(await readFile(file)).toString('latin1');
    for (const name of ['acc-1/manifest.json', 'acc-1/documents/tickets.ndjson', 'acc-2/manifest.json', 'acc-2/documents/tickets.ndjson']) expect(text).toContain(name);
  });

  it('leaves no file when a source fails midway', async () => {
    const file = path.join(dir, 'd.tar.gz');
    const failing: ArchiveGroup = {
      ...group('', {}),
      sources: [
        {
          service: 'tickets',
          pages: async function* () {
            yield [doc('Customer', 'cus', 1)];
            throw new Error('the tickets service did not answer');
          },
        },
      ],
    };
    await expect(writeArchive(file, dir, [failing])).rejects.toThrow('did not answer');
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails (no crash) when a temporary file of the pages can not be written while the next page is awaited, and leaves no file', async () => {
    // issue 24 audit: the temporary ndjson file's stream had no 'error' listener while a page was awaited (a full
    // disk, a removed folder): its error ended the process
    const file = path.join(dir, 'e.tar.gz');
    const work = path.join(dir, 'work');
    // the temporary file of the first source is a folder: opening it fails (EISDIR) while its first page is awaited
    await mkdir(path.join(work, 'e.tar.gz.work', '0-tickets.ndjson'), { recursive: true });
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    let returned!: () => void;
    const letGo = new Promise<void>((r) => (returned = r));
    let more = false;
    const slow: ArchiveGroup = {
      ...group('', {}),
      sources: [
        {
          service: 'tickets',
          pages: async function* () {
            try {
              await answered; // a page over NATS, answered only after the failure
              yield [doc('Customer', 'cus', 1)];
              more = true;
              yield [doc('Customer', 'cus', 2)];
            } finally {
              returned();
            }
          },
        },
      ],
    };
    await expect(writeArchive(file, work, [slow])).rejects.toMatchObject({ code: 'EISDIR' });
    expect(await readdir(work)).toEqual([]);
    expect(await readdir(dir)).toEqual(['work']);
    answer();
    await letGo; // the pages are let go of once the page under way comes: none asked after it
    expect(more).toBe(false);
  });

  it('refuses another format, a truncated archive, a file that is not gzip, a line that is no stored document and an overlong line with 422', async () => {
    const file = path.join(dir, 'e.tar.gz');
    await writeArchive(file, dir, [group('', { tickets: [Array.from({ length: 50 }, (_, i) => doc('Customer', 'cus', i, { notes: 'y'.repeat(2000) }))] })]);
    const bytes = await readFile(file);
    await writeFile(path.join(dir, 'cut.tar.gz'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect((await refusal(checkArchive(path.join(dir, 'cut.tar.gz'), ROOM))).status).toBe(422);
    await writeFile(path.join(dir, 'text.tar.gz'), 'hello');
    expect((await refusal(checkArchive(path.join(dir, 'text.tar.gz'), ROOM))).reason).toEqual({ archive: 'not-a-backup-archive' });

    const other = path.join(dir, 'f.tar.gz');
    const future = { ...group('', { tickets: [[doc('Customer', 'cus', 1)]] }) };
    future.manifest = { ...future.manifest, format: 3 };
    await writeArchive(other, dir, [future]);
    expect((await refusal(checkArchive(other, ROOM))).reason).toEqual({ format: 'unknown-backup-format' });
    // a line that is not a stored document
    const badLine = path.join(dir, 'g.tar.gz');
    await writeArchive(badLine, dir, [group('', { tickets: [[{ nope: true } as unknown as StoredDoc]] })]);
    expect((await refusal(checkArchive(badLine, ROOM))).reason).toEqual({ archive: 'not-a-backup-archive' });
    // a line longer than any stored document can be (8 MiB) is refused before it is held whole
    const huge = path.join(dir, 'h.tar.gz');
    await writeArchive(huge, dir, [group('', { tickets: [[doc('Customer', 'cus', 1, { notes: 'z'.repeat(8 * 1024 * 1024 + 1) })]] })]);
    expect((await refusal(checkArchive(huge, ROOM))).reason).toEqual({ archive: 'not-a-backup-archive' });
  });

  it('puts each distinct blob as files/<sha256> after the manifest, then files/versions.ndjson, then the documents; the manifest counts the files and their bytes', async () => {
    const a = randomBytes(300_000);
    const b = randomBytes(1000);
    const empty = Buffer.alloc(0);
    const versions = [version('cfl-a', 1, a), version('cfl-a', 2, b), version('cfl-b', 1, a), version('cfl-c', 1, empty)];
    const file = path.join(dir, 'files.tar.gz');
    const written = await writeArchive(file, dir, [{ ...group('', { disk: [[doc('CloudFile', 'cfl', 1)]] }), files: disk([a, b, empty], versions) }]);
    expect(written).toMatchObject({ counts: { disk: 1 }, files: 3, bytes: a.length + b.length });

    const names: string[] = [];
    const extract = tar.extract();
    Readable.from([gunzipSync(await readFile(file))]).pipe(extract);
    for await (const entry of extract) {
      names.push(entry.header.name);
      entry.resume();
    }
    const keys = [sha(a), sha(b), sha(empty)].sort();
    expect(names).toEqual(['manifest.json', ...keys.map((k) => `files/${k}`), 'files/versions.ndjson', 'documents/disk.ndjson']);

    const parts = await readWithBlobs(file);
    expect(parts[0]).toEqual({ manifest: expect.objectContaining({ format: 2, files: 3, bytes: a.length + b.length, counts: { disk: 1 } }) });
    const blobs = parts.flatMap((p) => ('blob' in p ? [p.blob] : []));
    expect(blobs.map((x) => x.key)).toEqual(keys);
    for (const bytes of [a, b, empty]) expect(blobs.find((x) => x.key === sha(bytes))).toEqual({ key: sha(bytes), size: bytes.length, bytes });
    expect(parts.flatMap((p) => ('versions' in p ? p.versions : []))).toEqual(versions);
    expect(await checkArchive(file, ROOM)).toEqual({
      manifest: expect.objectContaining({ format: 2 }),
      counts: { disk: 1 },
      files: 3,
      bytes: a.length + b.length,
      driveBytes: 2 * a.length + b.length,
    });
  });

  it('leaves out a blob the disk no longer serves (its file deleted for good meanwhile), with the versions naming it', async () => {
    const kept = randomBytes(2000);
    const purged = randomBytes(3000);
    const versions = [version('cfl-k', 1, kept), version('cfl-p', 1, purged)];
    const file = path.join(dir, 'gone.tar.gz');
    const files = disk([kept, purged], versions, [sha(purged)]);
    const written = await writeArchive(file, dir, [{ ...group('', {}), files }]);
    expect(files.opened.sort()).toEqual([sha(kept), sha(purged)].sort());
    expect(written).toMatchObject({ files: 1, bytes: kept.length });
    const parts = await readWithBlobs(file);
    expect(parts.flatMap((p) => ('blob' in p ? [p.blob.key] : []))).toEqual([sha(kept)]);
    expect(parts.flatMap((p) => ('versions' in p ? p.versions : []))).toEqual([versions[0]]);
    expect((await checkArchive(file, ROOM)).driveBytes).toBe(kept.length);
  });

  it("puts a combined archive's files under each group's folder", async () => {
    const a = randomBytes(100);
    const file = path.join(dir, 'combined-files.tar.gz');
    await writeArchive(file, dir, [{ ...group('acc-1/', {}), files: disk([a], [version('cfl-a', 1, a)]) }]);
    const text = gunzipSync(await readFile(file)).toString('latin1');
    for (const name of ['acc-1/manifest.json', `acc-1/files/${sha(a)}`, 'acc-1/files/versions.ndjson']) expect(text).toContain(name);
  });

  it('reads back a blob the consumer leaves unread (drained) and the entries after it', async () => {
    const a = randomBytes(200_000);
    const file = path.join(dir, 'unread.tar.gz');
    await writeArchive(file, dir, [{ ...group('', { tickets: [[doc('Customer', 'cus', 1)]] }), files: disk([a], [version('cfl-a', 1, a)]) }]);
    const kinds = [];
    for await (const part of readArchive(file)) kinds.push(Object.keys(part)[0]);
    expect(kinds).toEqual(['manifest', 'blob', 'versions', 'service']);
  });

  it('still reads a format 1 archive: documents only, no files', async () => {
    const file = await handMade(path.join(dir, 'one.tar.gz'), [
      ['manifest.json', manifestText(1, { counts: { tickets: 1 } })],
      ['documents/tickets.ndjson', `${JSON.stringify(doc('Customer', 'cus', 1))}\n`],
    ]);
    expect(await checkArchive(file, ROOM)).toEqual({
      manifest: expect.objectContaining({ format: 1, files: 0, bytes: 0 }),
      counts: { tickets: 1 },
      files: 0,
      bytes: 0,
      driveBytes: 0,
    });
  });

  it('refuses with 422 a blob whose bytes do not hash to its name, files in a format 1 archive, files after the documents, and a version naming a blob the archive lacks or with another size', async () => {
    const a = randomBytes(5000);
    const other = randomBytes(5000);
    const versions = (v: BackupFileVersion) => `${JSON.stringify(v)}\n`;
    const cases: Array<Array<[string, string | Buffer]>> = [
      [['manifest.json', manifestText(2)], [`files/${sha(a)}`, other]],
      [['manifest.json', manifestText(1)], [`files/${sha(a)}`, a]],
      [['manifest.json', manifestText(2)], ['documents/tickets.ndjson', ''], [`files/${sha(a)}`, a]],
      [['manifest.json', manifestText(2)], ['files/versions.ndjson', versions(version('cfl-a', 1, a))]],
      [['manifest.json', manifestText(2)], [`files/${sha(a)}`, a], ['files/versions.ndjson', versions({ ...version('cfl-a', 1, a), size: 1 })]],
      [['manifest.json', manifestText(2)], ['files/versions.ndjson', ''], [`files/${sha(a)}`, a]],
      [['manifest.json', manifestText(2)], ['files/versions.ndjson', '{"file_id":"nope"}\n']],
    ];
    for (const [i, entries] of cases.entries()) {
      const file = await handMade(path.join(dir, `bad-${i}.tar.gz`), entries);
      expect([i, (await refusal(checkArchive(file, ROOM))).reason]).toEqual([i, { archive: 'not-a-backup-archive' }]);
    }
    // the same, well formed, is taken
    const good = await handMade(path.join(dir, 'good.tar.gz'), [['manifest.json', manifestText(2)], [`files/${sha(a)}`, a], ['files/versions.ndjson', versions(version('cfl-a', 1, a))]]);
    expect(await checkArchive(good, ROOM)).toMatchObject({ files: 1, bytes: a.length, driveBytes: a.length });
  });

  it('refuses an entry that is not a regular file (symlink, hard link, fifo, device, folder) with its reason, the manifest too', async () => {
    const types: Array<Partial<tar.Headers>> = [
      { type: 'symlink', linkname: '/etc/passwd' },
      { type: 'link', linkname: 'manifest.json' },
      { type: 'fifo' },
      { type: 'character-device', devmajor: 1, devminor: 3 },
      { type: 'block-device', devmajor: 8, devminor: 0 },
      { type: 'directory' },
    ];
    for (const header of types) {
      for (const name of ['documents/tickets.ndjson', 'manifest.json']) {
        const entries: Entry[] = name === 'manifest.json' ? [{ name, header }] : [{ name: 'manifest.json', body: manifestText(2) }, { name, header }];
        const file = await packed(path.join(dir, `${header.type}.tar.gz`), entries);
        expect([header.type, name, (await refusal(checkArchive(file, ROOM))).reason]).toEqual([header.type, name, { archive: 'archive-entry-not-a-regular-file' }]);
      }
    }
  });

  it('refuses a blob no version names (422), and takes an empty blob an empty version names', async () => {
    const a = randomBytes(3000);
    const b = randomBytes(10);
    const empty = Buffer.alloc(0);
    const line = (v: BackupFileVersion) => `${JSON.stringify(v)}\n`;
    const unnamed = await handMade(path.join(dir, 'unnamed.tar.gz'), [['manifest.json', manifestText(2)], [`files/${sha(a)}`, a], [`files/${sha(b)}`, b], ['files/versions.ndjson', line(version('cfl-b', 1, b))]]);
    expect((await refusal(checkArchive(unnamed, ROOM))).reason).toEqual({ files: 'blob-named-by-no-version' });
    const alone = await handMade(path.join(dir, 'alone.tar.gz'), [['manifest.json', manifestText(2)], [`files/${sha(a)}`, a]]);
    expect((await refusal(checkArchive(alone, ROOM))).reason).toEqual({ files: 'blob-named-by-no-version' });
    const named = await handMade(path.join(dir, 'named.tar.gz'), [['manifest.json', manifestText(2)], [`files/${sha(empty)}`, empty], ['files/versions.ndjson', line(version('cfl-e', 1, empty))]]);
    expect(await checkArchive(named, ROOM)).toMatchObject({ files: 1, bytes: 0, driveBytes: 0 });
  });

  it("refuses with 507 blobs past the target's drive storage from their headers, before their bytes are read", async () => {
    // the header says 200 MB, and the archive ends right after it: reading the bytes would find the archive cut (422)
    const head = await tarHead([{ name: 'manifest.json', body: manifestText(2) }], { name: `files/${sha(Buffer.from('x'))}`, size: 200_000_000 });
    const file = path.join(dir, 'big-blob.tar.gz');
    await writeFile(file, gzipSync(head));
    const err = await refusal(checkArchive(file, { driveStorage: 100_000_000 }));
    expect([err.status, err.reason]).toEqual([507, 'backup-files-exceed-drive-storage']);
    expect((await refusal(checkArchive(file, ROOM))).status).toBe(422); // with room, it is read, and found cut
    // versions whose sizes pass it, one blob named many times
    const a = randomBytes(1000);
    const many = Array.from({ length: 11 }, (_, i) => `${JSON.stringify(version('cfl-a', i + 1, a))}\n`).join('');
    const versions = await handMade(path.join(dir, 'many.tar.gz'), [['manifest.json', manifestText(2)], [`files/${sha(a)}`, a], ['files/versions.ndjson', many]]);
    expect((await refusal(checkArchive(versions, { driveStorage: 10_000 }))).reason).toBe('backup-files-exceed-drive-storage');
    expect(await checkArchive(versions, { driveStorage: 11_000 })).toMatchObject({ driveBytes: 11_000 });
  });

  it('stops reading a gzip bomb at the drive storage plus the documents\' room (422), and a tar header past 1 MB', async () => {
    // 100 MB of whitespace lines from a file of about 100 kB: gzip members, one after the other, read as one stream
    const mb = Buffer.from(`${' '.repeat(1024 * 1024 - 1)}\n`);
    const member = gzipSync(Buffer.concat(Array.from({ length: 10 }, () => mb)), { level: 9 });
    const head = await tarHead([{ name: 'manifest.json', body: manifestText(2) }], { name: 'documents/tickets.ndjson', size: 100 * mb.length });
    const file = path.join(dir, 'bomb.tar.gz');
    await writeFile(file, Buffer.concat([gzipSync(head), ...Array.from({ length: 10 }, () => member)]));
    expect((await readFile(file)).length).toBeLessThan(1_000_000);
    expect((await refusal(checkArchive(file, { driveStorage: 1_000_000, documentsRoom: 10_000_000 }))).reason).toEqual({ archive: 'archive-too-large-once-decompressed' });
    // within the bound it is read to its end (blank lines: no documents)
    expect(await checkArchive(file, { driveStorage: 0, documentsRoom: 200_000_000 })).toMatchObject({ counts: {} });
    // a pax header (held whole by the tar reader before its entry) past MAX_TAR_HEADER_BYTES, before the manifest
    const pax = await packed(path.join(dir, 'pax.tar.gz'), [{ name: 'manifest.json', body: manifestText(2), header: { pax: { comment: 'x'.repeat(MAX_TAR_HEADER_BYTES + 1) } } }]);
    expect((await refusal(checkArchive(pax, ROOM))).reason).toEqual({ archive: 'not-a-backup-archive' });
    // a small one is read as usual
    const small = await packed(path.join(dir, 'pax-small.tar.gz'), [{ name: 'manifest.json', body: manifestText(2), header: { pax: { comment: 'x'.repeat(1000) } } }]);
    expect(await checkArchive(small, ROOM)).toMatchObject({ manifest: expect.objectContaining({ format: 2 }) });
  });

  it('refuses an entry twice, a document its service would not restore and a document twice, naming the service', async () => {
    const line = (d: object) => `${JSON.stringify(d)}\n`;
    const twice = await handMade(path.join(dir, 'twice.tar.gz'), [['manifest.json', manifestText(2)], ['documents/tickets.ndjson', ''], ['documents/tickets.ndjson', '']]);
    expect((await refusal(checkArchive(twice, ROOM))).reason).toEqual({ archive: 'not-a-backup-archive' });
    const cases: Array<[string, object[], string]> = [
      ['finance', [doc('Customer', 'cus', 1)], 'klass Customer is not stored by the finance service'],
      ['tickets', [doc('Customer', 'tkt', 1)], '_id of a Customer must start with cus-'],
      ['tickets', [doc('Customer', 'cus', 1, { _rev: 'x' })], 'cus-000001 has no valid _rev'],
      ['tickets', [doc('Customer', 'cus', 1, { created_at: 'yesterday' })], 'cus-000001 has no valid created_at'],
      ['accounts', [doc('Backup', 'bak', 1)], 'a Backup is not restored'],
      ['tickets', [doc('Customer', 'cus', 1), doc('Customer', 'cus', 1)], 'cus-000001 is in the archive twice'],
    ];
    for (const [i, [service, docs, problem]] of cases.entries()) {
      const file = await handMade(path.join(dir, `doc-${i}.tar.gz`), [['manifest.json', manifestText(2)], [`documents/${service}.ndjson`, docs.map(line).join('')]]);
      expect([i, (await refusal(checkArchive(file, ROOM))).reason]).toEqual([i, { [service]: problem }]);
    }
    // the same id in two services is two documents
    const both = await handMade(path.join(dir, 'both.tar.gz'), [
      ['manifest.json', manifestText(2)],
      ['documents/accounts.ndjson', line(doc('Phone', 'pho', 1))],
      ['documents/tickets.ndjson', line(doc('Customer', 'cus', 1, { created_at: '2026-01-01T00:00:00.000Z' }))],
    ]);
    expect(await checkArchive(both, ROOM)).toMatchObject({ counts: { accounts: 1, tickets: 1 } });
  });

  it('a restore reading a blob whose bytes do not match its name gets a stream that fails with 422', async () => {
    const a = randomBytes(5000);
    const file = await handMade(path.join(dir, 'mismatch.tar.gz'), [['manifest.json', manifestText(2)], [`files/${sha(a)}`, randomBytes(5000)]]);
    const parts = readArchive(file);
    await parts.next();
    const blob = (await parts.next()).value as { blob: { body: Readable } };
    const err = await bytesOf(blob.blob.body).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, reason: { archive: 'not-a-backup-archive' } });
    await parts.return(undefined);
  });
});
