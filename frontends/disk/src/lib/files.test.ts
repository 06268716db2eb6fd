import type { CloudFileDoc } from '@app/proto';
import { FileName } from '@app/proto';
import { describe, expect, it } from 'vitest';
import { breadcrumb, listQueries, moveTargets, nameError, orderEntries, parentOf, previewKind, readSort, trashQuery, trashRoots } from './files';

const doc = (over: Partial<CloudFileDoc>): CloudFileDoc =>
  ({ _id: 'cfl-x', _rev: '1-a', klass: 'CloudFile', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', created_by: 'usr-1', kind: 'file', ...over }) as CloudFileDoc;

describe('listQueries', () => {
  it('asks for a folder’s live folders by name and its live files by the chosen sort (dir_id null at the root)', () => {
    const root = listQueries({ dirId: null }, { field: 'size', direction: 'desc' });
    expect(root.folders).toEqual({ selector: { klass: 'CloudFile', dir_id: null, kind: { $in: ['dir', 'dir_app'] } }, sort: [{ name: 'asc' }], limit: 1000 });
    expect(root.files).toEqual({ selector: { klass: 'CloudFile', dir_id: null, kind: { $in: ['file', 'file_enc'] } }, sort: [{ size: 'desc' }], limit: 1000 });
    expect(listQueries({ dirId: 'cfl-1' }, { field: 'updated_at', direction: 'asc' }).files.selector).toMatchObject({ dir_id: 'cfl-1' });
  });

  it('asks for starred entries anywhere (no dir_id) in the starred list', () => {
    const q = listQueries({ starred: true }, { field: 'name', direction: 'asc' });
    expect(q.folders.selector).toEqual({ klass: 'CloudFile', starred: true, kind: { $in: ['dir', 'dir_app'] } });
    expect(q.files.selector).not.toHaveProperty('dir_id');
  });

  it('asks the trash for trashed kinds, the latest trashed first', () => {
    expect(trashQuery()).toEqual({ selector: { klass: 'CloudFile', kind: { $in: ['file_deleted', 'dir_deleted'] } }, sort: [{ trashed_at: 'desc' }], limit: 1000 });
  });
});

describe('readSort', () => {
  it('reads ?sort and ?dir, and falls back to name ascending for anything else', () => {
    expect(readSort(new URLSearchParams('sort=size&dir=desc'))).toEqual({ field: 'size', direction: 'desc' });
    expect(readSort(new URLSearchParams('sort=updated_at'))).toEqual({ field: 'updated_at', direction: 'asc' });
    expect(readSort(new URLSearchParams('sort=kind&dir=up'))).toEqual({ field: 'name', direction: 'asc' });
  });
});

describe('orderEntries', () => {
  const entries = [
    doc({ _id: 'f-big', name: 'b.iso', size: 900, updated_at: '2026-01-03T00:00:00Z' }),
    doc({ _id: 'd-z', name: 'zeta', kind: 'dir' }),
    doc({ _id: 'f-10', name: 'file 10.txt', size: 5, updated_at: '2026-01-01T00:00:00Z' }),
    doc({ _id: 'd-a', name: 'Alpha', kind: 'dir_app' }),
    doc({ _id: 'f-2', name: 'file 2.txt', size: 5, updated_at: '2026-01-02T00:00:00Z' }),
  ];
  const ids = (list: CloudFileDoc[]) => list.map((d) => d._id);

  it('puts folders first by name, then files by name with numbers in number order', () => {
    expect(ids(orderEntries(entries, { field: 'name', direction: 'asc' }))).toEqual(['d-a', 'd-z', 'f-big', 'f-2', 'f-10']);
  });

  it('sorts files by size descending with ties by name, folders still first by name', () => {
    expect(ids(orderEntries(entries, { field: 'size', direction: 'desc' }))).toEqual(['d-a', 'd-z', 'f-big', 'f-2', 'f-10']);
    expect(ids(orderEntries(entries, { field: 'size', direction: 'asc' }))).toEqual(['d-a', 'd-z', 'f-2', 'f-10', 'f-big']);
  });

  it('sorts files by date of the last change, either way', () => {
    expect(ids(orderEntries(entries, { field: 'updated_at', direction: 'asc' }))).toEqual(['d-a', 'd-z', 'f-10', 'f-2', 'f-big']);
    expect(ids(orderEntries(entries, { field: 'updated_at', direction: 'desc' }))).toEqual(['d-a', 'd-z', 'f-big', 'f-2', 'f-10']);
  });

  it('keeps names that differ only in case apart and in a fixed order (names are case sensitive)', () => {
    const two = [doc({ _id: 'upper', name: 'Report.pdf' }), doc({ _id: 'lower', name: 'report.pdf' })];
    const once = ids(orderEntries(two, { field: 'name', direction: 'asc' }));
    expect(once).toHaveLength(2);
    expect(ids(orderEntries([...two].reverse(), { field: 'name', direction: 'asc' }))).toEqual(once);
  });
});

describe('breadcrumb and parentOf', () => {
  it('starts at the root and ends at the folder; the parent is the crumb before it', () => {
    const crumbs = breadcrumb(
      [
        { id: 'cfl-1', name: 'Projects' },
        { id: 'cfl-2', name: '2026' },
      ],
      'Disk',
    );
    expect(crumbs).toEqual([
      { id: null, name: 'Disk' },
      { id: 'cfl-1', name: 'Projects' },
      { id: 'cfl-2', name: '2026' },
    ]);
    expect(parentOf(crumbs)).toEqual({ id: 'cfl-1', name: 'Projects' });
  });

  it('gives the root as the parent of a top folder, and no parent at the root', () => {
    expect(parentOf(breadcrumb([{ id: 'cfl-1', name: 'Projects' }], 'Disk'))).toEqual({ id: null, name: 'Disk' });
    expect(parentOf(breadcrumb([], 'Disk'))).toBeUndefined();
  });
});

describe('trashRoots', () => {
  it('leaves out what a trashed folder holds (it comes back with the folder) and keeps what was trashed alone', () => {
    const list = [
      doc({ _id: 'cfl-d', kind: 'dir_deleted', dir_id: null }),
      doc({ _id: 'cfl-in', kind: 'file_deleted', dir_id: 'cfl-d' }),
      doc({ _id: 'cfl-sub', kind: 'dir_deleted', dir_id: 'cfl-d' }),
      doc({ _id: 'cfl-deep', kind: 'file_deleted', dir_id: 'cfl-sub' }),
      doc({ _id: 'cfl-alone', kind: 'file_deleted', dir_id: 'cfl-live' }),
    ];
    expect(trashRoots(list).map((d) => d._id)).toEqual(['cfl-d', 'cfl-alone']);
  });
});

describe('previewKind', () => {
  it('previews images and PDFs by content type, else by the name’s extension when the type is unknown', () => {
    expect(previewKind({ kind: 'file', name: 'a', content_type: 'image/png' })).toBe('image');
    expect(previewKind({ kind: 'file', name: 'a', content_type: 'application/pdf; charset=binary' })).toBe('pdf');
    expect(previewKind({ kind: 'file', name: 'scan.PDF', content_type: null })).toBe('pdf');
    expect(previewKind({ kind: 'file', name: 'photo.jpeg', content_type: 'application/octet-stream' })).toBe('image');
  });

  it('does not preview other files, encrypted files or folders', () => {
    expect(previewKind({ kind: 'file', name: 'notes.txt', content_type: 'text/plain' })).toBeNull();
    expect(previewKind({ kind: 'file', name: 'fake.png', content_type: 'text/html' })).toBeNull();
    expect(previewKind({ kind: 'file_enc', name: 'photo.png', content_type: 'image/png' })).toBeNull();
    expect(previewKind({ kind: 'dir', name: 'pics.png' })).toBeNull();
  });
});

describe('moveTargets', () => {
  it('leaves the moved folder out of the folders it can go to', () => {
    expect(moveTargets([doc({ _id: 'cfl-a', kind: 'dir' }), doc({ _id: 'cfl-b', kind: 'dir' })], { _id: 'cfl-a' }).map((d) => d._id)).toEqual(['cfl-b']);
  });
});

describe('nameError', () => {
  const table = ['report.pdf', 'Report.pdf', '', ' lead', 'trail ', '.', '..', '...', 'a/b', 'tab\there', 'é'.repeat(127), 'é'.repeat(128), 'x'.repeat(255), 'x'.repeat(256), '.hidden', 'ünïcödé 名前'];

  it("refuses exactly the names proto's FileName refuses", () => {
    for (const name of table) expect([name, nameError(name) === undefined]).toEqual([name, FileName.safeParse(name).success]);
  });

  it('names the reason as a validation key', () => {
    expect(nameError('')).toBe('validation.cant-be-blank');
    expect(nameError('x'.repeat(256))).toBe('validation.is-too-long');
    expect(nameError('a/b')).toBe('validation.is-not-a-valid-file-name');
    expect(nameError('ok.txt')).toBeUndefined();
  });
});
