import { once } from 'events';
import { createReadStream, createWriteStream } from 'fs';
import { mkdir, rename, rm, stat } from 'fs/promises';
import path from 'path';
import { pipeline } from 'stream';
import { pipeline as pipelineAsync } from 'stream/promises';
import { createGunzip, createGzip } from 'zlib';
import * as tar from 'tar-stream';
import { AppError, BACKUP_PAGE_BYTES, BACKUP_PAGE_LIMIT, BACKUP_REASONS, BACKUP_SERVICES, BackupManifest, StoredDoc } from '@app/proto';
import { readManifest } from './backup.rules';

// The archive (format 1): a tar.gz of `manifest.json`, then `documents/<service>.ndjson` (one stored document a line,
// in `_id` order). A combined archive holds one such tree per group under `<account id>/`. Both directions stream:
// pages of documents go to a temporary ndjson file per service (a tar entry needs its size before its bytes), then
// the files go through the tar and gzip streams to `<file>.part`, renamed when complete; reading goes through gunzip,
// the tar entries and a line reader, a page at a time. Memory stays at about a page whatever the group's size.

export interface ArchiveSource {
  service: string;
  /** the service's documents, page after page */
  pages: () => AsyncIterable<StoredDoc[]>;
}

export interface ArchiveGroup {
  /** '' for a group's own archive, `<account id>/` inside a combined one */
  prefix: string;
  manifest: Omit<BackupManifest, 'counts'>;
  sources: ArchiveSource[];
}

export interface WrittenArchive {
  size: number;
  /** documents per `<prefix><service>` */
  counts: Record<string, number>;
}

/** Longest line read back (one stored document): the API takes bodies of 1 MB; room for escapes. */
const MAX_LINE = 8 * 1024 * 1024;
const MAX_MANIFEST = 64 * 1024;

async function writeNdjson(file: string, pages: AsyncIterable<StoredDoc[]>): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  try {
    for await (const page of pages) {
      for (const doc of page) {
        count++;
        if (!out.write(`${JSON.stringify(doc)}\n`)) await once(out, 'drain');
      }
    }
    out.end();
    await once(out, 'finish');
  } catch (e) {
    out.destroy();
    throw e;
  }
  return count;
}

function addEntry(pack: tar.Pack, name: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mtime: new Date() }, (err) => (err ? reject(err) : resolve()));
    pipeline(createReadStream(file), entry, (err) => err && reject(err));
  });
}

/** Writes the archive to `file` (through `file.part`), with `tmpDir` for the ndjson files; returns its size and counts. */
export async function writeArchive(file: string, tmpDir: string, groups: ArchiveGroup[]): Promise<WrittenArchive> {
  const work = path.join(tmpDir, `${path.basename(file)}.work`);
  await mkdir(work, { recursive: true });
  const part = `${file}.part`;
  try {
    const counts: Record<string, number> = {};
    const files: Array<{ group: ArchiveGroup; name: string; file: string; size: number }> = [];
    for (const [g, group] of groups.entries()) {
      for (const source of group.sources) {
        const ndjson = path.join(work, `${g}-${source.service}.ndjson`);
        counts[`${group.prefix}${source.service}`] = await writeNdjson(ndjson, source.pages());
        files.push({ group, name: `${group.prefix}documents/${source.service}.ndjson`, file: ndjson, size: (await stat(ndjson)).size });
      }
    }
    const pack = tar.pack();
    const written = pipelineAsync(pack, createGzip(), createWriteStream(part));
    const feed = async () => {
      for (const group of groups) {
        const groupCounts: Record<string, number> = {};
        for (const s of group.sources) groupCounts[s.service] = counts[`${group.prefix}${s.service}`];
        const manifest = Buffer.from(JSON.stringify({ ...group.manifest, counts: groupCounts }, null, 2));
        await new Promise<void>((resolve, reject) => pack.entry({ name: `${group.prefix}manifest.json`, mtime: new Date() }, manifest, (err) => (err ? reject(err) : resolve())));
        for (const f of files.filter((x) => x.group === group)) await addEntry(pack, f.name, f.file, f.size);
      }
      pack.finalize();
    };
    await Promise.all([feed().catch((e) => pack.destroy(e as Error)), written]);
    await rename(part, file);
    return { size: (await stat(file)).size, counts };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(part, { force: true });
  }
}

export type ArchivePart = { manifest: BackupManifest } | { service: (typeof BACKUP_SERVICES)[number]; docs: StoredDoc[] };

const notAnArchive = () => new AppError('unprocessable_entity', { archive: BACKUP_REASONS.notAnArchive });

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

async function readText(entry: NodeJS.ReadableStream, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw notAnArchive();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A group's archive read back: the manifest first (422 for another format or anything that is not such an archive),
 * then each service's documents in pages of at most BACKUP_PAGE_LIMIT documents and about BACKUP_PAGE_BYTES.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchivePart> {
  const extract = tar.extract();
  pipeline(createReadStream(file), createGunzip(), extract, () => undefined); // an error reaches the loop through extract
  let manifest: BackupManifest | null = null;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (name === 'manifest.json') {
        manifest = readManifest(await readText(entry, MAX_MANIFEST));
        yield { manifest };
        continue;
      }
      const match = /^documents\/([a-z]+)\.ndjson$/.exec(name);
      if (!manifest || !match || !(BACKUP_SERVICES as readonly string[]).includes(match[1])) throw notAnArchive();
      const service = match[1] as (typeof BACKUP_SERVICES)[number];
      let page: StoredDoc[] = [];
      let bytes = 0;
      for await (const line of boundedLines(entry as AsyncIterable<Buffer>, MAX_LINE)) {
        if (!line.trim()) continue;
        let parsed: ReturnType<typeof StoredDoc.safeParse>;
        try {
          parsed = StoredDoc.safeParse(JSON.parse(line));
        } catch {
          throw notAnArchive();
        }
        if (!parsed.success) throw notAnArchive();
        if (page.length && (page.length >= BACKUP_PAGE_LIMIT || bytes + line.length > BACKUP_PAGE_BYTES)) {
          yield { service, docs: page };
          page = [];
          bytes = 0;
        }
        page.push(parsed.data);
        bytes += line.length;
      }
      if (page.length) yield { service, docs: page };
    }
  } catch (e) {
    extract.destroy();
    throw e instanceof AppError ? e : notAnArchive();
  }
  if (!manifest) throw notAnArchive();
}

/** Reads the whole archive once (manifest, every line) without writing anything: a restore checks it first. */
export async function checkArchive(file: string): Promise<{ manifest: BackupManifest; counts: Record<string, number> }> {
  let manifest: BackupManifest | null = null;
  const counts: Record<string, number> = {};
  for await (const part of readArchive(file)) {
    if ('manifest' in part) manifest = part.manifest;
    else counts[part.service] = (counts[part.service] ?? 0) + part.docs.length;
  }
  return { manifest: manifest!, counts };
}
