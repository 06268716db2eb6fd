import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import BackupsPage from './BackupsPage';
import { backupErrorKey, confirmMatches, driveStorage, scheduleKey } from './backups.rules';
import { ApiError } from '@app/ui';
import { phoneWindow } from '@app/ui/src/testing/phone-window';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const DONE = {
  _id: 'bak-00000000000000000001',
  _rev: '3-a',
  klass: 'Backup',
  kind: 'manual',
  status: 'done',
  name: 'Ann Repairs',
  size: 12_500,
  counts: { accounts: 12, tickets: 30 },
  files: 3,
  file_bytes: 240_000,
  error: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:02.000Z',
  created_by: 'usr-admin',
  finished_at: '2026-03-01T10:00:02.000Z',
};

/** A backup listed before archives carried the files (format 1): no files nor file_bytes. */
const OLD = { ...DONE, _id: 'bak-00000000000000000000', files: undefined, file_bytes: undefined, created_at: '2026-02-01T10:00:00.000Z' };

const DRIVE_REFUSAL: [number, unknown] = [507, { error: 'insufficient_storage', reason: 'backup-files-exceed-drive-storage' }];

function stubApi(userId: string, opts: { restoreReply?: [number, unknown]; docs?: unknown[]; restores?: unknown[] } = {}) {
  const calls: Array<{ url: string; method: string; body?: unknown }> = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: userId, roles: [] }, confirmed: true, memberships: [] });
    if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-admin'] }, members: { roles: [] } });
    if (url === '/backups/settings') return jsonResponse(200, { entry: true, upload_max_bytes: 1_000_000, keep: 5 });
    if (url === '/accounts/acc-1/backups' && method === 'GET') return jsonResponse(200, { docs: opts.docs ?? [DONE], restores: opts.restores ?? [] });
    if (url === '/accounts/acc-1/backups' && method === 'POST') return jsonResponse(202, { ...DONE, _id: 'bak-00000000000000000002', status: 'queued', size: null, counts: {} });
    if ((url.endsWith('/restore') || url.includes('/backups/upload?')) && method === 'POST') {
      const [status, body] = opts.restoreReply ?? [202, { _id: 'brs-1', klass: 'BackupRestore', mode: 'new', status: 'queued' }];
      return jsonResponse(status, body);
    }
    if (url === '/accounts/acc-1') return jsonResponse(200, { _id: 'acc-1', _rev: '1-a', name: 'Ann Repairs', billing_email: null, 'confirmed-plan': 'pro' });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const open = () => renderPage(<BackupsPage />, '/account/acc-1/backups', '/account/:account_id/backups');

describe('BackupsPage', () => {
  it("lists the group's backups with date, kind, status, records, files with their bytes and size, a download link and the plan's schedule", async () => {
    stubApi('usr-admin');
    open();
    const row = await screen.findByTestId('backup-row');
    expect(within(row).getByText('Manual')).toBeTruthy();
    expect(within(row).getByText('Done')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText('13 kB')).toBeTruthy();
    expect(within(row).getByText('3 files (240 kB)')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/accounts/acc-1/backups/bak-00000000000000000001/download');
    expect(screen.getByText(/made weekly on the Professional plan\. The last 5 are kept\./)).toBeTruthy();
  });

  it('shows each backup as a card on a phone, with its status, records, files with their bytes, size and actions', async () => {
    phoneWindow();
    stubApi('usr-admin');
    open();
    const card = await screen.findByTestId('backup-row');
    expect(screen.getByTestId('backups-cards')).toBeTruthy();
    expect(screen.queryByTestId('backups-table')).toBeNull();
    expect(within(card).getByText('Done')).toBeTruthy();
    expect(within(card).getByTestId('backup-summary').textContent).toBe('Manual · 42 records · 3 files (240 kB) · 13 kB');
    expect(within(card).getByRole('link', { name: 'Download' })).toBeTruthy();
  });

  it('"Back up now" posts a backup of the group', async () => {
    const calls = stubApi('usr-admin');
    open();
    fireEvent.click(await screen.findByTestId('backups-now'));
    await waitFor(() => expect(calls.some((c) => c.url === '/accounts/acc-1/backups' && c.method === 'POST')).toBe(true));
  });

  it('restores into a new group at once, and over the group only once its name is typed exactly', async () => {
    const calls = stubApi('usr-admin');
    open();
    fireEvent.click(await screen.findByTestId('backup-restore'));
    const dialog = await screen.findByTestId('restore-dialog');
    expect(within(dialog).getByText('Into a new group named "Ann Repairs (restored)"; this group stays as it is')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText(/Over this group/));
    const submit = within(dialog).getByTestId('restore-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type the group name, Ann Repairs, to confirm'), { target: { value: 'ann repairs' } });
    expect(within(dialog).getByText('The name does not match')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type the group name, Ann Repairs, to confirm'), { target: { value: 'Ann Repairs' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/restore'))?.body).toEqual({ mode: 'replace', confirm: 'Ann Repairs' }));
    await waitFor(() => expect(screen.queryByTestId('restore-dialog')).toBeNull());
  });

  it("shows a refused restore's reason in words (an archive of another version)", async () => {
    stubApi('usr-admin', { restoreReply: [422, { error: 'unprocessable_entity', reason: { format: 'unknown-backup-format' } }] });
    open();
    fireEvent.click(await screen.findByTestId('backup-restore'));
    fireEvent.click(within(await screen.findByTestId('restore-dialog')).getByTestId('restore-submit'));
    expect(await screen.findByText('This archive was made by another version and cannot be restored here.')).toBeTruthy();
  });

  it("shows the files column with each archive's file count and bytes, 'No files' for none, and nothing for an archive made before files were archived", async () => {
    stubApi('usr-admin', { docs: [DONE, { ...DONE, _id: 'bak-00000000000000000003', files: 0, file_bytes: 0 }, OLD] });
    open();
    await screen.findAllByTestId('backup-row');
    expect(within(screen.getByTestId('backups-table')).getByRole('columnheader', { name: 'Files' })).toBeTruthy();
    const [withFiles, none, old] = screen.getAllByTestId('backup-row');
    expect(within(withFiles).getByTestId('backup-files').textContent).toBe('3 files (240 kB)');
    expect(within(none).getByTestId('backup-files').textContent).toBe('No files');
    expect(within(old).getByTestId('backup-files').textContent).toBe('');
  });

  it('explains a restore into a new group refused for drive storage (507): a new group has the Free plan\'s 100 MB; restore over this group or choose a bigger plan', async () => {
    stubApi('usr-admin', { restoreReply: DRIVE_REFUSAL });
    open();
    fireEvent.click(await screen.findByTestId('backup-restore'));
    fireEvent.click(within(await screen.findByTestId('restore-dialog')).getByTestId('restore-submit'));
    const alert = await screen.findByTestId('restore-drive-storage');
    expect(alert.textContent).toContain(
      "The archive's files do not fit: a new group starts on the Free plan, with 100 MB of drive storage. Restore it over this group instead, and if this group's plan has too little drive storage as well, choose a bigger plan first.",
    );
    expect(within(alert).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/checkout?account_id=acc-1');
  });

  it("explains a restore over the group refused for drive storage (507) with the group's plan's drive storage, and keeps the mode it was refused for", async () => {
    stubApi('usr-admin', { restoreReply: DRIVE_REFUSAL });
    open();
    fireEvent.click(await screen.findByTestId('backup-restore'));
    const dialog = await screen.findByTestId('restore-dialog');
    fireEvent.click(within(dialog).getByLabelText(/Over this group/));
    fireEvent.change(within(dialog).getByLabelText('Type the group name, Ann Repairs, to confirm'), { target: { value: 'Ann Repairs' } });
    fireEvent.click(within(dialog).getByTestId('restore-submit'));
    const alert = await screen.findByTestId('restore-drive-storage');
    expect(alert.textContent).toContain("The archive's files do not fit the drive storage of this group's plan (1 GB). Choose a bigger plan for the group, then restore again.");
    fireEvent.click(within(dialog).getByLabelText(/Into a new group/));
    expect(screen.getByTestId('restore-drive-storage').textContent).toContain("drive storage of this group's plan (1 GB)");
  });

  it('refuses an archive file larger than the upload bound before sending it, naming the bound', async () => {
    const calls = stubApi('usr-admin');
    open();
    await screen.findByTestId('backup-row');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(1_000_001)], 'big.tar.gz', { type: 'application/gzip' })] } });
    const dialog = await screen.findByTestId('restore-dialog');
    expect(await within(dialog).findByText('The file is larger than 1 MB.')).toBeTruthy();
    expect((within(dialog).getByTestId('restore-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.url.includes('/backups/upload'))).toBe(false);
  });

  it("says why a restore job failed for drive storage in the restores' list", async () => {
    const failed = { _id: 'brs-1', _rev: '2-a', klass: 'BackupRestore', mode: 'replace', status: 'failed', backup_id: null, target_account_id: 'acc-1', counts: {}, error: 'backup-files-exceed-drive-storage', created_at: '2026-03-02T10:00:00.000Z', updated_at: '2026-03-02T10:00:00.000Z', created_by: 'usr-admin', finished_at: '2026-03-02T10:00:01.000Z' };
    stubApi('usr-admin', { restores: [failed] });
    open();
    const row = await screen.findByTestId('restore-row');
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText(/do not fit the drive storage of this group's plan \(1 GB\)/)).toBeTruthy();
  });

  it('shows a plain member the administrators-only notice and no backups', async () => {
    stubApi('usr-member');
    open();
    expect(await screen.findByTestId('admins-only')).toBeTruthy();
    expect(screen.queryByTestId('backups-page')).toBeNull();
  });
});

describe('backups rules', () => {
  it('matches the typed name exactly, blanks around aside, never an empty one', () => {
    expect(confirmMatches('Ann Repairs', ' Ann Repairs ')).toBe(true);
    expect(confirmMatches('Ann Repairs', 'ann repairs')).toBe(false);
    expect(confirmMatches('', '')).toBe(false);
  });
  it('names the schedule per plan and the known refusals', () => {
    expect(['free', 'pro', 'corp', 'locked'].map(scheduleKey)).toEqual(['free', 'pro', 'corp', 'other']);
    expect(backupErrorKey(new ApiError(422, 'unprocessable_entity', { archive: 'not-a-backup-archive' }))).toBe('not-a-backup-archive');
    expect(backupErrorKey(new ApiError(413, 'payload_too_large', 'big'))).toBe('too_large');
    expect(backupErrorKey(new ApiError(500, 'internal_server_error', 'x'))).toBeNull();
    expect(backupErrorKey(new ApiError(507, 'insufficient_storage', 'backup-files-exceed-drive-storage'), 'new')).toBe('drive_storage_new');
    expect(backupErrorKey(new ApiError(507, 'insufficient_storage', 'backup-files-exceed-drive-storage'), 'replace')).toBe('drive_storage_replace');
    expect(backupErrorKey(new ApiError(507, 'insufficient_storage', 'something else'), 'new')).toBeNull();
  });
  it("gives a plan's drive storage, the Free plan's for an unknown one", () => {
    expect([driveStorage('free'), driveStorage('pro'), driveStorage('corp'), driveStorage(undefined), driveStorage('locked')]).toEqual([100_000_000, 1_000_000_000, 1_000_000_000, 100_000_000, 100_000_000]);
  });
});
