import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { setUploader, tusUploader, type UploadCallbacks } from '../../lib/tus-upload';
import type { UploadTarget } from '../../lib/uploads';
import { renderAt, rows, selectorOf, stubApi, type Call } from '../../test/render';

// the screen is lazy-loaded: load it once before the first test's clock starts
beforeAll(() => import('./DiskPage'));

afterEach(() => {
  vi.unstubAllGlobals();
  setUploader(tusUploader);
});

const stamp = { _rev: '1-a', klass: 'CloudFile', created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-02T10:00:00.000Z', created_by: 'usr-bob', user: { _id: 'usr-bob', label: 'Bob Lee' } };
const FOLDERS: Record<string, object[]> = {
  root: [
    { ...stamp, _id: 'cfl-a', kind: 'dir', name: 'Archive', dir_id: null },
    { ...stamp, _id: 'cfl-p', kind: 'dir', name: 'Projects', dir_id: null, color: 'red' },
  ],
  'cfl-p': [{ ...stamp, _id: 'cfl-y', kind: 'dir', name: '2026', dir_id: 'cfl-p' }],
  'cfl-y': [],
  'cfl-a': [],
};
const FILES: Record<string, object[]> = {
  root: [
    { ...stamp, _id: 'cfl-img', kind: 'file', name: 'photo.png', size: 1_536_000, content_type: 'image/png', dir_id: null, version: 2 },
    { ...stamp, _id: 'cfl-pdf', kind: 'file', name: 'report.pdf', size: 20_000, content_type: 'application/pdf', dir_id: null },
    { ...stamp, _id: 'cfl-txt', kind: 'file', name: 'notes.txt', size: 999, content_type: 'text/plain', dir_id: null, starred: true, version: 3 },
  ],
  'cfl-p': [{ ...stamp, _id: 'cfl-plan', kind: 'file', name: 'plan.txt', size: 10, dir_id: 'cfl-p' }],
  'cfl-y': [],
  'cfl-a': [],
};
const PATHS: Record<string, Array<{ key: string; value: { name: string } }>> = {
  'cfl-p': [{ key: 'cfl-p', value: { name: 'Projects' } }],
  'cfl-y': [
    { key: 'cfl-p', value: { name: 'Projects' } },
    { key: 'cfl-y', value: { name: '2026' } },
  ],
  'cfl-a': [{ key: 'cfl-a', value: { name: 'Archive' } }],
};
const VERSIONS = [
  { key: 3, value: { version: 3, size: 999, content_type: 'text/plain', created_at: '2026-03-02T10:00:00.000Z', created_by: { _id: 'usr-bob', label: 'Bob Lee' }, current: true } },
  { key: 2, value: { version: 2, size: 700, content_type: 'text/plain', created_at: '2026-02-02T10:00:00.000Z', created_by: { _id: 'usr-ann', label: 'Ann Me' }, current: false } },
];

const isFolderFind = (call: Call) => ((selectorOf(call).kind as { $in?: string[] })?.$in ?? []).includes('dir');

/** The gateway of a small disk; `answer` may take over any call first. */
function diskApi(answer: (call: Call) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubApi((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.url === '/acc-1/_find') {
      const sel = selectorOf(call);
      const table = isFolderFind(call) ? FOLDERS : FILES;
      if (sel.starred === true) return { body: { docs: Object.values(table).flat().filter((d) => (d as { starred?: boolean }).starred) } };
      return { body: { docs: table[(sel.dir_id as string | null) ?? 'root'] ?? [] } };
    }
    const view = /^\/acc-1\/_design\/disk\/_view\/(\w+)(?:\?key=(.*))?$/.exec(call.url);
    if (view) {
      const key = view[2] ? JSON.parse(decodeURIComponent(view[2])) : undefined;
      if (view[1] === 'path') return rows(PATHS[key] ?? []);
      if (view[1] === 'versions') return rows(VERSIONS);
      if (view[1] === 'usage') return rows([{ key: null, value: { bytes: 12_300_000, quota: 100_000_000, files: 4, folders: 1 } }]);
    }
    if (call.method === 'PUT' || call.method === 'POST' || call.method === 'DELETE') return { body: { ok: true, id: 'cfl-new', rev: '2-b' } };
    return undefined;
  });
}

const finds = (calls: Call[]) => calls.filter((c) => c.url === '/acc-1/_find' && selectorOf(c).klass === 'CloudFile');
const names = () => screen.getAllByTestId('file-row').map((r) => within(r).getByTestId('entry-link').textContent);
const row = (name: string) => screen.getAllByTestId(/file-row|file-card/).find((r) => within(r).getByTestId('entry-link').textContent === name)!;
async function openAction(name: string, action: string) {
  await waitFor(() => expect(row(name)).toBeTruthy());
  // a menu opened before is gone first (its items would answer for this one's)
  await waitFor(() => expect(screen.queryByTestId(`action-${action}`)).toBeNull());
  fireEvent.click(within(row(name)).getByTestId('row-menu'));
  fireEvent.click(await screen.findByTestId(`action-${action}`));
}
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET' && !c.url.endsWith('/_find'));

/** An uploader that records what it was asked and lets the test play tus's callbacks. */
function fakeUploads() {
  const started: Array<{ accountId: string; file: File; target: UploadTarget; cb: UploadCallbacks; abort: ReturnType<typeof vi.fn> }> = [];
  setUploader((accountId, file, target, cb) => {
    const abort = vi.fn();
    started.push({ accountId, file, target, cb, abort });
    return { abort };
  });
  return started;
}
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('the disk listing', () => {
  it('lists the root: folders first by name, then files by name, with decimal sizes, and no breadcrumb or ".." row', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk');
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(5));
    expect(names()).toEqual(['Archive', 'Projects', 'notes.txt', 'photo.png', 'report.pdf']);
    expect(screen.queryByTestId('up-row')).toBeNull();
    expect(screen.queryByTestId('breadcrumbs')).toBeNull();
    expect(within(row('photo.png')).getByText('1.5 MB')).toBeTruthy();
    expect(within(row('notes.txt')).getByText('999 bytes')).toBeTruthy();
    expect(within(row('notes.txt')).getByTestId('starred-mark')).toBeTruthy();
    expect(within(row('Projects')).getByTestId('entry-link').getAttribute('href')).toBe('/account/acc-1/disk/cfl-p');
    const [folders, files] = [finds(calls).find(isFolderFind)!, finds(calls).find((c) => !isFolderFind(c))!];
    expect(folders.body).toMatchObject({ selector: { dir_id: null, kind: { $in: ['dir', 'dir_app'] } }, sort: [{ name: 'asc' }] });
    expect(files.body).toMatchObject({ selector: { dir_id: null, kind: { $in: ['file', 'file_enc'] } }, sort: [{ name: 'asc' }] });
  });

  it('shows the usage line: used of the quota, in decimal units', async () => {
    diskApi();
    renderAt('/account/acc-1/disk');
    const usage = await screen.findByTestId('disk-usage');
    expect(within(usage).getByText('12.3 MB of 100 MB used (12.3%)')).toBeTruthy();
    expect(within(usage).getByText('4 files, 1 folder')).toBeTruthy();
  });

  it('shows a nested folder with its breadcrumb from the root and a "show .." row to its parent', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk/cfl-y');
    const crumbs = await screen.findByTestId('breadcrumbs');
    await waitFor(() => expect(within(crumbs).getAllByRole('link')).toHaveLength(2));
    expect(within(crumbs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Disk', '/account/acc-1/disk'],
      ['Projects', '/account/acc-1/disk/cfl-p'],
    ]);
    expect(within(crumbs).getByText('2026')).toBeTruthy();
    expect(screen.getByTestId('disk-title').textContent).toBe('2026');
    const up = screen.getByTestId('up-row');
    expect(within(up).getByRole('link').getAttribute('href')).toBe('/account/acc-1/disk/cfl-p');
    expect(within(up).getByText('Up to Projects')).toBeTruthy();
    // the folder holds nothing: it says so under the '..' row
    expect((await screen.findByTestId('empty-list')).textContent).toBe('Nothing here yet. Upload files or make a folder.');
    expect(calls.some((c) => c.url === `/acc-1/_design/disk/_view/path?key=${encodeURIComponent('"cfl-y"')}`)).toBe(true);
    expect(finds(calls).every((c) => selectorOf(c).dir_id === 'cfl-y')).toBe(true);
  });

  it('says a folder is gone when the path view does not know it, with a way back to the root', async () => {
    diskApi();
    renderAt('/account/acc-1/disk/cfl-gone');
    const alert = await screen.findByTestId('folder-missing');
    expect(within(alert).getByRole('link', { name: 'Disk' }).getAttribute('href')).toBe('/account/acc-1/disk');
    expect(screen.queryByTestId('upload-button')).toBeNull();
  });

  it('sorts files by the sort in the address, and the direction button flips it', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk?sort=size&dir=desc');
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(5));
    expect(names()).toEqual(['Archive', 'Projects', 'photo.png', 'report.pdf', 'notes.txt']);
    expect(finds(calls).find((c) => !isFolderFind(c))!.body).toMatchObject({ sort: [{ size: 'desc' }] });
    fireEvent.click(screen.getByTestId('sort-direction'));
    await waitFor(() => expect(names()).toEqual(['Archive', 'Projects', 'notes.txt', 'report.pdf', 'photo.png']));
    expect(finds(calls).some((c) => !isFolderFind(c) && JSON.stringify((c.body as { sort: unknown }).sort) === JSON.stringify([{ size: 'asc' }]))).toBe(true);
  });

  it('lists every starred file and folder on the starred screen, with no upload or new folder there', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk/starred');
    await waitFor(() => expect(names()).toEqual(['notes.txt']));
    expect(screen.getByTestId('disk-title').textContent).toBe('Starred');
    expect(finds(calls).every((c) => selectorOf(c).starred === true && !('dir_id' in selectorOf(c)))).toBe(true);
    expect(screen.queryByTestId('upload-button')).toBeNull();
    expect(screen.queryByTestId('up-row')).toBeNull();
  });
});

describe('folders', () => {
  it('makes a new folder in the folder shown', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk/cfl-p');
    fireEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Drafts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', url: '/acc-1', body: { klass: 'CloudFile', kind: 'dir', name: 'Drafts', dir_id: 'cfl-p' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create' })).toBeNull());
  });

  it('shows a name already taken in the folder under the name field', async () => {
    const { calls } = diskApi((call) => (call.method === 'POST' && call.url === '/acc-1' ? { status: 422, body: { error: 'unprocessable_entity', reason: { name: 'has-already-been-taken' } } } : undefined));
    renderAt('/account/acc-1/disk');
    fireEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Projects' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('is already used by something else in this folder')).toBeTruthy();
    expect(writes(calls)[0].body).toMatchObject({ dir_id: null });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses "..", a slash or end spaces before asking the server', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk');
    fireEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    const input = await screen.findByRole('textbox', { name: /Name/ });
    for (const bad of ['..', 'a/b', 'trailing ']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByText(/is not a valid name/)).toBeTruthy();
    }
    expect(writes(calls)).toEqual([]);
  });
});

describe('the row menu', () => {
  it('edits name, description, colour, star and versions kept with the revision it read', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk');
    await openAction('notes.txt', 'edit');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Notes.txt' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'meeting notes' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Blue' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Starred' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Versions kept' }), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const put = writes(calls)[0];
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/acc-1/cfl-txt?rev=1-a');
    expect(put.body).toMatchObject({ _id: 'cfl-txt', _rev: '1-a', name: 'Notes.txt', description: 'meeting notes', color: 'blue', starred: false, max_versions: 5 });
  });

  it('says someone else changed it when the save answers 409, and reloads the listing', async () => {
    const { calls } = diskApi((call) =>
      call.method === 'PUT' ? { status: 409, body: { error: 'conflict', reason: 'Record updated by someone else, please refresh' } } : undefined,
    );
    renderAt('/account/acc-1/disk');
    await openAction('notes.txt', 'edit');
    const dialog = await screen.findByRole('dialog');
    const before = finds(calls).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Someone else changed this meanwhile. The list now shows their change; please try again.')).toBeTruthy();
    await waitFor(() => expect(finds(calls).length).toBeGreaterThan(before));
  });

  it('stars and unstars with a PUT of the document, and moves to the trash through the trash handler', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk');
    await openAction('photo.png', 'star');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', url: '/acc-1/cfl-img?rev=1-a', body: { starred: true } });
    await openAction('notes.txt', 'star');
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].body).toMatchObject({ starred: false });
    await openAction('Projects', 'trash');
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2]).toMatchObject({ method: 'PUT', url: '/acc-1/_design/disk/_update/trash/cfl-p' });
  });

  it('shows info: decimal size with the byte count, kind, type, who made it (the name on the document, no member lookup) and when', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk');
    await openAction('photo.png', 'info');
    const info = await screen.findByTestId('file-info');
    const value = (label: string) => within(info).getByText(label).closest('tr')?.querySelector('td')?.textContent;
    expect(value('Size')).toBe('1.5 MB (1,536,000 bytes)');
    expect(value('Kind')).toBe('File');
    expect(value('Type')).toBe('image/png');
    expect(value('Version')).toBe('2');
    expect(value('Versions kept')).toBe('The last 3 (default)');
    expect(value('Created')).toMatch(/^Bob Lee, 2026-03-0\d \d\d:\d\d$/);
    expect(calls.filter((c) => c.url.endsWith('/_find') && selectorOf(c).klass !== 'CloudFile')).toEqual([]);
  });

  it('offers download links to the bytes, and no versions or download for a folder', async () => {
    diskApi();
    renderAt('/account/acc-1/disk');
    await waitFor(() => expect(row('notes.txt')).toBeTruthy());
    expect(within(row('notes.txt')).getByTestId('entry-link').getAttribute('href')).toBe('/files/acc-1/cfl-txt?download=1');
    fireEvent.click(within(row('notes.txt')).getByTestId('row-menu'));
    expect((await screen.findByTestId('action-download')).getAttribute('href')).toBe('/files/acc-1/cfl-txt?download=1');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(within(row('Archive')).getByTestId('row-menu'));
    await screen.findByTestId('action-move');
    await waitFor(() => expect(screen.queryByTestId('action-download')).toBeNull());
    expect(screen.queryByTestId('action-versions')).toBeNull();
  });

  it('lists versions newest first, downloads an old one and restores it through restore-version', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk');
    await openAction('notes.txt', 'versions');
    const list = await screen.findByTestId('versions');
    const versionRows = within(list).getAllByTestId('version-row');
    expect(versionRows.map((r) => within(r).getByText(/^Version \d$/).textContent)).toEqual(['Version 3', 'Version 2']);
    expect(within(versionRows[0]).getByText('current')).toBeTruthy();
    expect(within(versionRows[0]).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(within(versionRows[1]).getByText(/700 bytes · .* · Ann Me/)).toBeTruthy();
    expect(within(versionRows[1]).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/files/acc-1/cfl-txt?download=1&version=2');
    expect(screen.getByText('The last 3 versions are kept.')).toBeTruthy();
    fireEvent.click(within(versionRows[1]).getByRole('button', { name: 'Restore version 2' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', url: '/acc-1/_design/disk/_update/restore-version/cfl-txt', body: { version: 2 } });
  });

  it('uploads a new version of a file from the versions dialog (tus metadata file_id)', async () => {
    const started = fakeUploads();
    diskApi();
    renderAt('/account/acc-1/disk');
    await openAction('notes.txt', 'versions');
    await screen.findByTestId('versions');
    const input = within(screen.getByRole('dialog')).getByTestId('upload-version').parentElement!.querySelector('input[type="file"]') ?? document.querySelectorAll('input[type="file"]')[1];
    fireEvent.change(input as HTMLInputElement, { target: { files: [new File(['v4'], 'notes.txt')] } });
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0].target).toEqual({ fileId: 'cfl-txt' });
  });

  it("shows in the versions dialog only that file's version uploads, and clears only those", async () => {
    const started = fakeUploads();
    diskApi();
    renderAt('/account/acc-1/disk');
    await screen.findByTestId('upload-button');
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'other.txt')] } });
    await waitFor(() => expect(started).toHaveLength(1));
    act(() => started[0].cb.onSuccess());
    await openAction('notes.txt', 'versions');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('versions');
    expect(within(dialog).queryByTestId('upload-panel')).toBeNull();
    const input = within(dialog).getByTestId('upload-version').parentElement!.querySelector('input[type="file"]') ?? document.querySelectorAll('input[type="file"]')[1];
    fireEvent.change(input as HTMLInputElement, { target: { files: [new File(['v4'], 'notes.txt')] } });
    await waitFor(() => expect(started).toHaveLength(2));
    act(() => started[1].cb.onSuccess());
    const panel = within(dialog).getByTestId('upload-panel');
    expect(within(panel).getAllByTestId('upload-row').map((r) => r.textContent)).toEqual([expect.stringContaining('notes.txt')]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear finished' }));
    expect(within(dialog).queryByTestId('upload-panel')).toBeNull();
    // the listing's panel keeps the other finished upload
    expect(screen.getAllByTestId('upload-row').map((r) => r.textContent)).toEqual([expect.stringContaining('other.txt')]);
  });

  it('moves a file into a folder picked in the folder browser', async () => {
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk');
    await openAction('notes.txt', 'move');
    const dialog = await screen.findByRole('dialog');
    // it opens where the file is (the root): moving there again is not offered
    expect((within(dialog).getByTestId('move-here') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(within(dialog).getAllByTestId('move-folder').map((b) => b.textContent)).toEqual(['Archive', 'Projects']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Projects' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('move-folder').map((b) => b.textContent)).toEqual(['2026']));
    expect(within(within(dialog).getByTestId('move-breadcrumbs')).getByText('Projects')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('move-here'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', url: '/acc-1/cfl-txt?rev=1-a', body: { name: 'notes.txt', dir_id: 'cfl-p' } });
  });

  it('leaves the moved folder itself out of the browser, and shows a name clash at the target', async () => {
    diskApi((call) => (call.method === 'PUT' ? { status: 422, body: { error: 'unprocessable_entity', reason: { name: 'has-already-been-taken' } } } : undefined));
    renderAt('/account/acc-1/disk');
    await openAction('Projects', 'move');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('move-folder').map((b) => b.textContent)).toEqual(['Archive']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(within(dialog).getByTestId('no-subfolders')).toBeTruthy());
    fireEvent.click(within(dialog).getByTestId('move-here'));
    expect(await within(dialog).findByText('Something with this name is already in that folder.')).toBeTruthy();
  });

  it('previews an image and a PDF inline from the bytes route', async () => {
    diskApi();
    renderAt('/account/acc-1/disk');
    await waitFor(() => expect(row('photo.png')).toBeTruthy());
    fireEvent.click(within(row('photo.png')).getByTestId('entry-link'));
    expect((await screen.findByTestId('preview-image')).getAttribute('src')).toBe('/files/acc-1/cfl-img');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('preview-image')).toBeNull());
    await openAction('report.pdf', 'preview');
    const pdf = await screen.findByTestId('preview-pdf');
    expect([pdf.tagName, pdf.getAttribute('src')]).toEqual(['IFRAME', '/files/acc-1/cfl-pdf']);
  });
});

describe('uploads', () => {
  it('uploads chosen files into the folder shown, with a progress bar per file, and reloads the listing when done', async () => {
    const started = fakeUploads();
    const { calls } = diskApi();
    renderAt('/account/acc-1/disk/cfl-p');
    await screen.findByTestId('upload-button');
    fireEvent.change(fileInput(), { target: { files: [new File(['x'.repeat(1000)], 'big.bin'), new File(['y'], 'small.txt')] } });
    await waitFor(() => expect(started).toHaveLength(2));
    expect(started.map((s) => [s.accountId, s.file.name, s.target])).toEqual([
      ['acc-1', 'big.bin', { dirId: 'cfl-p' }],
      ['acc-1', 'small.txt', { dirId: 'cfl-p' }],
    ]);
    act(() => started[0].cb.onProgress(500, 1000));
    const [big, small] = screen.getAllByTestId('upload-row');
    expect(within(big).getByTestId('upload-state').textContent).toBe('500 bytes of 1 kB (50%)');
    expect(within(big).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    const before = finds(calls).length;
    act(() => started[1].cb.onSuccess());
    expect(within(small).getByTestId('upload-state').textContent).toBe('Done');
    await waitFor(() => expect(finds(calls).length).toBeGreaterThan(before));
  });

  it('shows a resumed upload as "resuming", and the server’s reason when the quota refuses it', async () => {
    const started = fakeUploads();
    diskApi();
    renderAt('/account/acc-1/disk');
    await screen.findByTestId('upload-button');
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'huge.iso')] } });
    await waitFor(() => expect(started).toHaveLength(1));
    act(() => started[0].cb.onRetry());
    expect(screen.getByTestId('upload-state').textContent).toBe('Connection lost, resuming…');
    act(() => started[0].cb.onError({ reason: 'Not enough space: 99.9 MB of 100 MB used', key: 'quota' }));
    expect(screen.getByTestId('upload-error').textContent).toBe('Not enough space: 99.9 MB of 100 MB used');
    expect(screen.getByTestId('upload-row').getAttribute('data-status')).toBe('failed');
  });

  it('starts two uploads at once and the third when one finishes; stopping one aborts it', async () => {
    const started = fakeUploads();
    diskApi();
    renderAt('/account/acc-1/disk');
    await screen.findByTestId('upload-button');
    fireEvent.change(fileInput(), { target: { files: ['a', 'b', 'c'].map((n) => new File([n], `${n}.txt`)) } });
    await waitFor(() => expect(started).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Stop uploading a.txt' }));
    expect(started[0].abort).toHaveBeenCalled();
    await waitFor(() => expect(started.map((s) => s.file.name)).toEqual(['a.txt', 'b.txt', 'c.txt']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.getAllByTestId('upload-row')).toHaveLength(2);
  });

  it('uploads files dropped on the listing into the folder shown, and leaves dropped folders out with a note', async () => {
    const started = fakeUploads();
    diskApi();
    renderAt('/account/acc-1/disk/cfl-p');
    const zone = await screen.findByTestId('drop-zone');
    const file = new File(['d'], 'dropped.txt');
    const dataTransfer = {
      types: ['Files'],
      files: [file, new File([''], 'a folder')],
      items: [{ webkitGetAsEntry: () => ({ isDirectory: false }) }, { webkitGetAsEntry: () => ({ isDirectory: true }) }],
      dropEffect: 'none',
    };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(await screen.findByText('Drop files to upload them here')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer });
    await waitFor(() => expect(started).toHaveLength(1));
    expect([started[0].file.name, started[0].target]).toEqual(['dropped.txt', { dirId: 'cfl-p' }]);
    expect(screen.queryByText('Drop files to upload them here')).toBeNull();
    expect(screen.getByText(/Folders cannot be dropped here/)).toBeTruthy();
  });

  it("says a quota refusal in Portuguese first, with the server's (English) figures after it", async () => {
    const started = fakeUploads();
    diskApi();
    renderAt('/account/acc-1/disk', 'pt-BR');
    await screen.findByTestId('upload-button');
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'huge.iso')] } });
    await waitFor(() => expect(started).toHaveLength(1));
    act(() => started[0].cb.onError({ reason: 'Not enough space on this group’s disk: the file needs 2.1 GB', key: 'quota' }));
    expect(screen.getByTestId('upload-error').textContent).toBe(
      'Não há espaço suficiente no disco para este arquivo. (Not enough space on this group’s disk: the file needs 2.1 GB)',
    );
  });
});

describe('on a phone', () => {
  it('shows compact cards instead of the table, each with its menu', async () => {
    phoneWindow();
    diskApi();
    renderAt('/account/acc-1/disk/cfl-p');
    await waitFor(() => expect(screen.getAllByTestId('file-card')).toHaveLength(2));
    expect(screen.queryByTestId('file-table')).toBeNull();
    expect(screen.getByTestId('up-row')).toBeTruthy();
    const card = screen.getAllByTestId('file-card')[1];
    expect(within(card).getByText(/^10 bytes · /)).toBeTruthy();
    fireEvent.click(within(card).getByTestId('row-menu'));
    expect(await screen.findByTestId('action-move')).toBeTruthy();
    expect(screen.getByTestId('action-info')).toBeTruthy();
  });
});

describe('in Portuguese', () => {
  it('shows the listing’s texts and sizes in pt-BR', async () => {
    diskApi();
    renderAt('/account/acc-1/disk', 'pt-BR');
    expect(await screen.findByRole('button', { name: 'Enviar arquivos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nova pasta' })).toBeTruthy();
    await waitFor(() => expect(within(row('photo.png')).getByText('1,5 MB')).toBeTruthy());
    expect(await screen.findByText('12,3 MB de 100 MB usados (12,3%)')).toBeTruthy();
  });
});
