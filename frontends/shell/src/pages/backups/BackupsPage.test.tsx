import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import BackupsPage from './BackupsPage';
import { backupErrorKey, confirmMatches, scheduleKey } from './backups.rules';
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
  error: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:02.000Z',
  created_by: 'usr-admin',
  finished_at: '2026-03-01T10:00:02.000Z',
};

function stubApi(userId: string, opts: { restoreReply?: [number, unknown] } = {}) {
  const calls: Array<{ url: string; method: string; body?: unknown }> = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: userId, roles: [] }, confirmed: true, memberships: [] });
    if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-admin'] }, members: { roles: [] } });
    if (url === '/backups/settings') return jsonResponse(200, { entry: true, upload_max_bytes: 1_000_000, keep: 5 });
    if (url === '/accounts/acc-1/backups' && method === 'GET') return jsonResponse(200, { docs: [DONE], restores: [] });
    if (url === '/accounts/acc-1/backups' && method === 'POST') return jsonResponse(202, { ...DONE, _id: 'bak-00000000000000000002', status: 'queued', size: null, counts: {} });
    if (url.endsWith('/restore') && method === 'POST') {
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
  it("lists the group's backups with date, kind, status, records and size, a download link and the plan's schedule", async () => {
    stubApi('usr-admin');
    open();
    const row = await screen.findByTestId('backup-row');
    expect(within(row).getByText('Manual')).toBeTruthy();
    expect(within(row).getByText('Done')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText('13 kB')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/accounts/acc-1/backups/bak-00000000000000000001/download');
    expect(screen.getByText(/made weekly on the Professional plan\. The last 5 are kept\./)).toBeTruthy();
  });

  it('shows each backup as a card on a phone, with its status, records, size and actions', async () => {
    phoneWindow();
    stubApi('usr-admin');
    open();
    const card = await screen.findByTestId('backup-row');
    expect(screen.getByTestId('backups-cards')).toBeTruthy();
    expect(screen.queryByTestId('backups-table')).toBeNull();
    expect(within(card).getByText('Done')).toBeTruthy();
    expect(within(card).getByText('Manual · 42 records · 13 kB')).toBeTruthy();
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
  });
});
