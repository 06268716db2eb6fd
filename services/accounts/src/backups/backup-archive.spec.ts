import { mkdtemp, readdir, readFile, rm, writeFile } from 'fs/promises';
import { tmpdir } from 'os';
import path from 'path';
import { gunzipSync } from 'zlib';
import { AppError, BACKUP_PAGE_BYTES, BACKUP_PAGE_LIMIT, type StoredDoc } from '@app/proto';
import { checkArchive, readArchive, writeArchive, type ArchiveGroup } from './backup-archive';

// The archive on disk: written from pages, read back in pages, and refused (422) when it is not one of format 1.

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
    manifest: { format: 1, account_id: 'acc-1', name: 'G', created_at: '2026-01-01T00:00:00.000Z', app_version: 't' },
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
    expect(parts[0]).toEqual({ manifest: expect.objectContaining({ format: 1, account_id: 'acc-1', counts: { accounts: 1, tickets: 1203 } }) });
    const ticketPages = parts.filter((p) => 'service' in p && p.service === 'tickets').map((p) => ('docs' in p ? p.docs : []));
    expect(ticketPages.map((p) => p.length)).toEqual([BACKUP_PAGE_LIMIT, BACKUP_PAGE_LIMIT, 203]);
    expect(ticketPages.flat()).toEqual(tickets);
    expect(await checkArchive(file)).toMatchObject({ counts: { accounts: 1, tickets: 1203 } });
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

  it('refuses another format, a truncated archive, a file that is not gzip, a line that is no stored document and an overlong line with 422', async () => {
    const file = path.join(dir, 'e.tar.gz');
    await writeArchive(file, dir, [group('', { tickets: [Array.from({ length: 50 }, (_, i) => doc('Customer', 'cus', i, { notes: 'y'.repeat(2000) }))] })]);
    const bytes = await readFile(file);
    await writeFile(path.join(dir, 'cut.tar.gz'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect((await refusal(checkArchive(path.join(dir, 'cut.tar.gz')))).status).toBe(422);
    await writeFile(path.join(dir, 'text.tar.gz'), 'hello');
    expect((await refusal(checkArchive(path.join(dir, 'text.tar.gz')))).reason).toEqual({ archive: 'not-a-backup-archive' });

    const other = path.join(dir, 'f.tar.gz');
    const future = { ...group('', { tickets: [[doc('Customer', 'cus', 1)]] }) };
    future.manifest = { ...future.manifest, format: 2 };
    await writeArchive(other, dir, [future]);
    expect((await refusal(checkArchive(other))).reason).toEqual({ format: 'unknown-backup-format' });
    // a line that is not a stored document
    const badLine = path.join(dir, 'g.tar.gz');
    await writeArchive(badLine, dir, [group('', { tickets: [[{ nope: true } as unknown as StoredDoc]] })]);
    expect((await refusal(checkArchive(badLine))).reason).toEqual({ archive: 'not-a-backup-archive' });
    // a line longer than any stored document can be (8 MiB) is refused before it is held whole
    const huge = path.join(dir, 'h.tar.gz');
    await writeArchive(huge, dir, [group('', { tickets: [[doc('Customer', 'cus', 1, { notes: 'z'.repeat(8 * 1024 * 1024 + 1) })]] })]);
    expect((await refusal(checkArchive(huge))).reason).toEqual({ archive: 'not-a-backup-archive' });
  });
});
