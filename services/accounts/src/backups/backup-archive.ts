import { createHash } from 'crypto';
import { createReadStream, createWriteStream } from 'fs';
import { mkdir, rename, rm, stat } from 'fs/promises';
import path from 'path';
import { pipeline, Readable, Transform } from 'stream';
import { finished, pipeline as pipelineAsync } from 'stream/promises';
import { createGunzip, createGzip } from 'zlib';
import * as tar from 'tar-stream';
import {
  AppError,
  BACKUP_DOCUMENTS_ROOM_BYTES,
  BACKUP_PAGE_BYTES,
  BACKUP_PAGE_LIMIT,
  BACKUP_REASONS,
  BACKUP_SERVICES,
  BACKUP_VERSIONS_PAGE_LIMIT,
  BackupFileVersion,
  BackupManifest,
  errors,
  StoredDoc,
  type BackupBlob,
} from '@app/proto';
import { readManifest } from './backup.rules';
import { archivedDocProblem, youngCollections } from '@app/platform';

// The archive (format 2): a tar.gz of `manifest.json`, then the group's disk files, `files/<sha256>` (each distinct
// blob's bytes, in key order) and `files/versions.ndjson` (which version of which file each blob is), then
// `documents/<service>.ndjson` (one stored document a line, in `_id` order). Format 1 had no `files/`. A combined archive
// holds one such tree per group under `<account id>/`. Both directions stream: pages of documents, of versions and of
// the blob list go to temporary ndjson files first (a tar entry needs its size before its bytes; the manifest counts
// the files), then everything goes through the tar and gzip streams to `<file>.part`, renamed when complete, each
// blob's bytes straight from the disk service; reading goes through gunzip, the tar entries and a line reader, a page
// at a time, a blob's bytes as a stream checked against its key. Memory stays at about a page whatever the group's size,
// with a young collection every few MB that pass (@app/platform young-collections: the dead chunks' bytes freed while they are few).

export interface ArchiveSource {
  service: string;
  /** the service's documents, page after page */
  pages: () => AsyncIterable<StoredDoc[]>;
}

/** A group's disk files as the disk service lists and serves them. */
export interface ArchiveFiles {
  /** the distinct blobs the group's versions name, page after page, in key order */
  blobs: () => AsyncIterable<BackupBlob[]>;
  /** the group's file versions, page after page */
  versions: () => AsyncIterable<BackupFileVersion[]>;
  /** a blob's bytes (exactly its size), or null when the group no longer has it: left out then, with its versions */
  open: (blob: BackupBlob) => Promise<Readable | null>;
}

export interface ArchiveGroup {
  /** '' for a group's own archive, `<account id>/` inside a combined one */
  prefix: string;
  manifest: Omit<BackupManifest, 'counts' | 'files' | 'bytes'>;
  sources: ArchiveSource[];
  /** absent: no `files/` (a group without a disk, or a test of documents only) */
  files?: ArchiveFiles;
}

export interface WrittenArchive {
  size: number;
  /** documents per `<prefix><service>` */
  counts: Record<string, number>;
  /** blobs archived (all groups) and their bytes */
  files: number;
  bytes: number;
}

/** Longest line read back (one stored document): the API takes bodies of 1 MB; room for escapes. */
const MAX_LINE = 8 * 1024 * 1024;
const MAX_MANIFEST = 64 * 1024;
/** the SHA-256 of no bytes: an empty version needs no `files/` entry */
const EMPTY_BLOB = createHash('sha256').digest('hex');
const VERSIONS_ENTRY = 'files/versions.ndjson';

type Passed = (bytes: number) => void;

async function writeNdjson(file: string, pages: AsyncIterable<object[]>, passed: Passed, each: (item: object) => void = () => undefined): Promise<number> {
  let count = 0;
  async function* text(): AsyncGenerator<string> {
    for await (const page of pages) {
      let lines = '';
      for (const item of page) {
        count++;
        each(item);
        lines += `${JSON.stringify(item)}\n`;
      }
      passed(lines.length);
      if (lines) yield lines;
    }
  }
  // through pipeline: the file's error (a full disk, its folder gone) fails this call even while a page is awaited,
  // where a write stream without an 'error' listener ended the process; the pages are let go of (return) on failure
  await pipelineAsync(Readable.from(text()), createWriteStream(file));
  return count;
}

/** The JSON lines of a temporary file the writer made (trusted: no bound beyond a stored document's). */
async function* linesOf<T>(file: string): AsyncGenerator<T> {
  for await (const line of boundedLines(createReadStream(file), MAX_LINE)) if (line) yield JSON.parse(line) as T;
}

function addEntry(pack: tar.Pack, name: string, body: Readable, size: number, passed: Passed): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mtime: new Date() }, (err) => (err ? reject(err) : resolve()));
    pipeline(body, entry, (err) => err && reject(err));
    body.on('data', (chunk: Buffer) => passed(chunk.length)); // after pipeline's: this listener starts no flow alone
  });
}

interface GroupWork {
  group: ArchiveGroup;
  documents: Array<{ name: string; file: string; size: number }>;
  /** the blob list and the versions, for a group with files */
  files?: { blobs: string; versions: string; count: number; bytes: number };
}

/** Writes the archive to `file` (through `file.part`), with `tmpDir` for the ndjson files; returns its size and counts. */
export async function writeArchive(file: string, tmpDir: string, groups: ArchiveGroup[]): Promise<WrittenArchive> {
  const work = path.join(tmpDir, `${path.basename(file)}.work`);
  await mkdir(work, { recursive: true });
  const part = `${file}.part`;
  const passed = youngCollections();
  try {
    const counts: Record<string, number> = {};
    const works: GroupWork[] = [];
    for (const [g, group] of groups.entries()) {
      const w: GroupWork = { group, documents: [] };
      for (const source of group.sources) {
        const ndjson = path.join(work, `${g}-${source.service}.ndjson`);
        counts[`${group.prefix}${source.service}`] = await writeNdjson(ndjson, source.pages(), passed);
        w.documents.push({ name: `${group.prefix}documents/${source.service}.ndjson`, file: ndjson, size: (await stat(ndjson)).size });
      }
      // after the documents: a file uploaded meanwhile has versions the archive does not name, never the reverse
      if (group.files) {
        const versions = path.join(work, `${g}-versions.ndjson`);
        await writeNdjson(versions, group.files.versions(), passed);
        const blobs = path.join(work, `${g}-blobs.ndjson`);
        let bytes = 0;
        const count = await writeNdjson(blobs, group.files.blobs(), passed, (b) => (bytes += (b as BackupBlob).size));
        w.files = { blobs, versions, count, bytes };
      }
      works.push(w);
    }
    const totals = { files: 0, bytes: 0 };
    const pack = tar.pack();
    const written = pipelineAsync(pack, createGzip(), createWriteStream(part));
    const feed = async () => {
      for (const [g, w] of works.entries()) {
        const { group } = w;
        const groupCounts: Record<string, number> = {};
        for (const s of group.sources) groupCounts[s.service] = counts[`${group.prefix}${s.service}`];
        const manifest = { ...group.manifest, counts: groupCounts, files: w.files?.count ?? 0, bytes: w.files?.bytes ?? 0 };
        const text = Buffer.from(JSON.stringify(manifest, null, 2));
        await new Promise<void>((resolve, reject) => pack.entry({ name: `${group.prefix}manifest.json`, mtime: new Date() }, text, (err) => (err ? reject(err) : resolve())));
        if (w.files) {
          const gone = new Set<string>();
          for await (const blob of linesOf<BackupBlob>(w.files.blobs)) {
            const body = await group.files!.open(blob);
            if (!body) {
              gone.add(blob.key); // its file was deleted for good since the listing
              continue;
            }
            await addEntry(pack, `${group.prefix}files/${blob.key}`, body, blob.size, passed);
            totals.files++;
            totals.bytes += blob.size;
          }
          let versions = w.files.versions;
          if (gone.size) {
            versions = path.join(work, `${g}-versions-kept.ndjson`);
            const kept = async function* (from: string) {
              for await (const v of linesOf<BackupFileVersion>(from)) if (!gone.has(v.blob_key)) yield [v];
            };
            await writeNdjson(versions, kept(w.files.versions), passed);
          }
          await addEntry(pack, `${group.prefix}${VERSIONS_ENTRY}`, createReadStream(versions), (await stat(versions)).size, passed);
        }
        for (const d of w.documents) await addEntry(pack, d.name, createReadStream(d.file), d.size, passed);
      }
      pack.finalize();
    };
    await Promise.all([feed().catch((e) => pack.destroy(e as Error)), written]);
    await rename(part, file);
    return { size: (await stat(file)).size, counts, ...totals };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(part, { force: true });
  }
}

/** A blob of the archive: its bytes stream, checked against the key as they pass (a mismatch errors the stream, 422). */
export interface ArchiveBlob {
  key: string;
  size: number;
  body: Readable;
}

export type ArchivePart =
  | { manifest: BackupManifest }
  | { blob: ArchiveBlob }
  | { versions: BackupFileVersion[] }
  | { service: (typeof BACKUP_SERVICES)[number]; docs: StoredDoc[] };

const notAnArchive = () => new AppError('unprocessable_entity', { archive: BACKUP_REASONS.notAnArchive });
const notAFile = () => new AppError('unprocessable_entity', { archive: BACKUP_REASONS.notAFile });
const tooLargeDecompressed = () => new AppError('unprocessable_entity', { archive: BACKUP_REASONS.tooLargeDecompressed });

/**
 * Bytes of the tar stream that may pass with no entry begun and none of one read: a header with its long name and pax
 * records. tar-stream holds such a header whole in memory before the entry it describes, so a pax header of a gigabyte
 * (a few kB gzipped) would be held whole; ours are a 512-byte block.
 */
export const MAX_TAR_HEADER_BYTES = 1024 * 1024;

export interface ReadBounds {
  /** decompressed bytes of the tar stream at most: reading stops past them (422 archive-too-large-once-decompressed) */
  maxBytes?: number;
}

/**
 * The lines of a stream, each at most `max` bytes (422 beyond: readline would hold a line of any length), as text.
 */
async function* boundedLines(input: AsyncIterable<Buffer>, max: number): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let pending = 0;
  for await (const chunk of input) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      if (pending + nl - start > max) throw notAnArchive();
      parts.push(chunk.subarray(start, nl));
      yield Buffer.concat(parts).toString('utf8');
      parts = [];
      pending = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending += chunk.length - start;
      if (pending > max) throw notAnArchive();
      parts.push(chunk.subarray(start));
    }
  }
  if (pending > 0) yield Buffer.concat(parts).toString('utf8');
}

async function readText(entry: AsyncIterable<Buffer>, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    if (size > max) throw notAnArchive();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The lines of an ndjson entry parsed with `schema`, in pages of at most `limit` items and about `maxBytes`. */
async function* ndjsonPages<T>(
  entry: AsyncIterable<Buffer>,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  limit: number,
  maxBytes: number,
  passed: Passed,
): AsyncGenerator<T[]> {
  let page: T[] = [];
  let bytes = 0;
  for await (const line of boundedLines(entry, MAX_LINE)) {
    passed(line.length);
    if (!line.trim()) continue;
    let parsed: ReturnType<typeof schema.safeParse>;
    try {
      parsed = schema.safeParse(JSON.parse(line));
    } catch {
      throw notAnArchive();
    }
    if (!parsed.success) throw notAnArchive();
    if (page.length && (page.length >= limit || bytes + line.length > maxBytes)) {
      yield page;
      page = [];
      bytes = 0;
    }
    page.push(parsed.data);
    bytes += line.length;
  }
  if (page.length) yield page;
}

/** A blob entry's bytes as they pass, then a 422 unless they were `size` bytes hashing to `key`. */
async function* checkedBytes(entry: AsyncIterable<Buffer>, key: string, size: number, passed: Passed): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let n = 0;
  for await (const chunk of entry) {
    n += chunk.length;
    hash.update(chunk);
    passed(chunk.length);
    yield chunk;
  }
  if (n !== size || hash.digest('hex') !== key) throw notAnArchive();
}

/** Reads what the consumer of a blob left of it (all of it when it only looked at the key). */
async function drain(body: Readable): Promise<void> {
  if (body.readableEnded) return;
  body.resume();
  await finished(body);
}

/**
 * A group's archive read back: the manifest first (422 for a format a restore does not read or anything that is not
 * such an archive), then (format 2) each blob as a checked stream (read it, or leave it: the reader drains it) and the
 * file versions in pages of at most BACKUP_VERSIONS_PAGE_LIMIT, then each service's documents in pages of at most
 * BACKUP_PAGE_LIMIT documents and about BACKUP_PAGE_BYTES. Entries out of that order, twice, or that are not regular
 * files (a symlink, hard link, device, fifo or folder) are 422; so is a tar stream larger than `bounds.maxBytes` once
 * decompressed, or a header (long name, pax records) past MAX_TAR_HEADER_BYTES: the decompressed bytes are counted as
 * they pass and reading stops there, so a gzip bomb costs no more than the bound.
 */
export async function* readArchive(file: string, bounds: ReadBounds = {}): AsyncGenerator<ArchivePart> {
  const maxBytes = bounds.maxBytes ?? Number.POSITIVE_INFINITY;
  const extract = tar.extract();
  // `fed`: decompressed bytes into the tar reader; `read`: where it stood when an entry last began or gave a chunk
  const meter = { fed: 0, read: 0, error: null as AppError | null };
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      meter.fed += chunk.length;
      if (meter.fed > maxBytes) meter.error = tooLargeDecompressed();
      else if (meter.fed - meter.read > MAX_TAR_HEADER_BYTES) meter.error = notAnArchive();
      done(meter.error, meter.error ? undefined : chunk);
    },
  });
  pipeline(createReadStream(file), createGunzip(), count, extract, () => undefined); // an error reaches the loop through extract
  const tracked = async function* (entry: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of entry) {
      meter.read = meter.fed;
      yield chunk;
    }
  };
  let manifest: BackupManifest | null = null;
  let stage: 'files' | 'versions' | 'documents' = 'files';
  const entries = new Set<string>(); // names read but the blobs' (checkArchive refuses a blob twice)
  const passed = youngCollections();
  try {
    for await (const raw of extract) {
      meter.read = meter.fed;
      const name = raw.header.name;
      if (raw.header.type !== 'file') throw notAFile();
      const entry = tracked(raw as AsyncIterable<Buffer>);
      if (name === 'manifest.json' && !manifest) {
        manifest = readManifest(await readText(entry, MAX_MANIFEST));
        yield { manifest };
        continue;
      }
      if (!manifest) throw notAnArchive();
      const blob = /^files\/([0-9a-f]{64})$/.exec(name);
      if (!blob) {
        if (entries.has(name)) throw notAnArchive();
        entries.add(name);
      }
      if (blob || name === VERSIONS_ENTRY) {
        if (manifest.format < 2 || stage === 'documents' || (blob && stage === 'versions')) throw notAnArchive();
        if (blob) {
          const size = raw.header.size ?? 0;
          const body = Readable.from(checkedBytes(entry, blob[1], size, passed), { objectMode: false });
          yield { blob: { key: blob[1], size, body } };
          await drain(body);
          continue;
        }
        stage = 'versions';
        for await (const versions of ndjsonPages(entry, BackupFileVersion, BACKUP_VERSIONS_PAGE_LIMIT, BACKUP_PAGE_BYTES, passed)) yield { versions };
        continue;
      }
      const match = /^documents\/([a-z]+)\.ndjson$/.exec(name);
      if (!match || !(BACKUP_SERVICES as readonly string[]).includes(match[1])) throw notAnArchive();
      stage = 'documents';
      const service = match[1] as (typeof BACKUP_SERVICES)[number];
      for await (const docs of ndjsonPages(entry, StoredDoc, BACKUP_PAGE_LIMIT, BACKUP_PAGE_BYTES, passed)) yield { service, docs };
    }
  } catch (e) {
    throw meter.error ?? (e instanceof AppError ? e : notAnArchive());
  } finally {
    extract.destroy(); // the consumer stopped early, or it is over
  }
  if (meter.error) throw meter.error;
  if (!manifest) throw notAnArchive();
}

export interface CheckedArchive {
  manifest: BackupManifest;
  /** documents per service */
  counts: Record<string, number>;
  /** blobs and their bytes */
  files: number;
  bytes: number;
  /** what the versions take of the group's drive storage once restored (each version counts its size) */
  driveBytes: number;
}

export interface CheckBounds {
  /** the target group's drive storage: the archive's blobs, and its versions' sizes, may take no more (507) */
  driveStorage: number;
  /** decompressed bytes beside the files' (documents, versions list, tar headers): BACKUP_DOCUMENTS_ROOM_BYTES */
  documentsRoom?: number;
}

/** The decompressed bytes an archive may have for a target of `bounds` (readArchive's maxBytes). */
export function archiveMaxBytes(bounds: CheckBounds): number {
  return bounds.driveStorage + (bounds.documentsRoom ?? BACKUP_DOCUMENTS_ROOM_BYTES);
}

/**
 * Reads the whole archive once (manifest, every blob checked against its key, every line) without writing anything:
 * a restore checks it first, so what it then writes is what was checked. Refused:
 * - 507 once the blobs (their sizes, from their tar headers: before their bytes are read) or the versions' sizes pass
 *   the target's drive storage, so a blob of zeros gzip makes 1,000 times smaller is not even decompressed;
 * - 422 a blob that no version of the archive names (a restore writes only bytes a restored version will count), a
 *   version naming a blob the archive lacks or of another size (the empty one aside: a restore never names bytes it
 *   did not bring), a document its service would not restore (archivedDocProblem) or that is in the archive twice,
 *   and what readArchive refuses, the decompressed size past the drive storage plus the documents' room included.
 */
export async function checkArchive(file: string, bounds: CheckBounds): Promise<CheckedArchive> {
  let manifest: BackupManifest | null = null;
  const counts: Record<string, number> = {};
  // blob key (32 bytes as latin1 text, half the hex) to size, and the keys a version names
  const sizes = new Map<string, number>();
  const named = new Set<string>();
  const short = (key: string) => Buffer.from(key, 'hex').toString('latin1');
  let files = 0;
  let bytes = 0;
  let driveBytes = 0;
  const noRoom = () => errors.insufficientStorage(BACKUP_REASONS.driveStorage);
  // the ids of the service whose documents are being read (a service's documents are one entry)
  let ids = { service: '', seen: new Set<string>() };
  for await (const part of readArchive(file, { maxBytes: archiveMaxBytes(bounds) })) {
    if ('manifest' in part) manifest = part.manifest;
    else if ('blob' in part) {
      if (sizes.has(short(part.blob.key))) throw notAnArchive();
      sizes.set(short(part.blob.key), part.blob.size);
      files++;
      bytes += part.blob.size;
      if (bytes > bounds.driveStorage) throw noRoom();
    } else if ('versions' in part) {
      for (const v of part.versions) {
        const size = v.blob_key === EMPTY_BLOB ? 0 : sizes.get(short(v.blob_key));
        if (size !== v.size) throw notAnArchive();
        if (sizes.has(short(v.blob_key))) named.add(short(v.blob_key));
        driveBytes += v.size;
        if (driveBytes > bounds.driveStorage) throw noRoom();
      }
    } else {
      if (ids.service !== part.service) ids = { service: part.service, seen: new Set() };
      for (const doc of part.docs) {
        const problem = ids.seen.has(doc._id) ? `${doc._id.slice(0, 200)} is in the archive twice` : archivedDocProblem(part.service, doc);
        if (problem) throw new AppError('unprocessable_entity', { [part.service]: problem });
        ids.seen.add(doc._id);
      }
      counts[part.service] = (counts[part.service] ?? 0) + part.docs.length;
    }
  }
  if (named.size < sizes.size) throw new AppError('unprocessable_entity', { files: BACKUP_REASONS.blobUnnamed });
  return { manifest: manifest!, counts, files, bytes, driveBytes };
}
