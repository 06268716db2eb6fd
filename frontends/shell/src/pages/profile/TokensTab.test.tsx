import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import { TokensTab } from './TokensTab';

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'sdt_0123456789abcdef';

describe('TokensTab', () => {
  it('shows the secret once after create, then only the listed token', async () => {
    let tokens: unknown[] = [];
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/usr-1/_find') return jsonResponse(200, { docs: tokens });
      if (url === '/usr-1' && init.method === 'POST') {
        const body = JSON.parse(init.body as string);
        const doc = { _id: 'utk-1', _rev: '1-a', ...body, active: true, created_at: '2025-05-10T12:00:00Z' };
        tokens = [doc];
        return jsonResponse(201, { ok: true, id: 'utk-1', rev: '1-a', doc: { ...doc, token: SECRET } });
      }
      return jsonResponse(404, { error: 'not_found' });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage(<TokensTab userId="usr-1" />, '/user/profile');
    expect(await screen.findByText('No active tokens.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'backup script' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Read and write' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText('Copy this token now: it will not be shown again.')).toBeTruthy();
    expect(await screen.findByText('backup script')).toBeTruthy();
    expect(screen.getByText('read, write')).toBeTruthy();
    expect(screen.getByText('2025-05-10')).toBeTruthy();
    const created = fetch.mock.calls.find(([url, init]) => url === '/usr-1' && init.method === 'POST')!;
    expect(JSON.parse(created[1].body as string)).toEqual({ klass: 'UserToken', description: 'backup script', permissions: ['read', 'write'] });

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(screen.getByText('backup script')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('asked for a WebDAV token: opens with write preselected, says why, and leads back with the new token', async () => {
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/usr-1/_find') return jsonResponse(200, { docs: [] });
      if (url === '/usr-1' && init.method === 'POST') {
        const body = JSON.parse(init.body as string);
        return jsonResponse(201, { ok: true, id: 'utk-2', rev: '1-a', doc: { _id: 'utk-2', ...body, active: true, token: SECRET } });
      }
      return jsonResponse(404, { error: 'not_found' });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage(<TokensTab userId="usr-1" />, '/user/profile?page=user_tokens&access=write&for=webdav&return=%2Faccount%2Facc-1%2Fdisk%2Fwebdav', '/user/profile');
    expect(await screen.findByTestId('token-purpose')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Read and write' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'WebDAV');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const back = await screen.findByTestId('token-back');
    expect(back.getAttribute('href')).toBe('/account/acc-1/disk/webdav');
    expect(back.textContent).toBe('Back to the WebDAV setup with this token');
    const created = fetch.mock.calls.find(([url, init]) => url === '/usr-1' && init.method === 'POST')!;
    expect(JSON.parse(created[1].body as string)).toEqual({ klass: 'UserToken', description: 'WebDAV', permissions: ['read', 'write'] });
  });

  it('refuses a way back to another site', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { docs: [] })));
    renderPage(<TokensTab userId="usr-1" />, '/user/profile?page=user_tokens&access=write&return=%2F%2Fevil.example%2F', '/user/profile');
    expect(await screen.findByText('No active tokens.')).toBeTruthy();
    expect(screen.queryByTestId('token-purpose')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Read and write' })).toHaveProperty('checked', true);
  });
});
