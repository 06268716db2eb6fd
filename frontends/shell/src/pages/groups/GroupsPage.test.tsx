import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import GroupsPage from './GroupsPage';

afterEach(() => vi.unstubAllGlobals());

function stub({ plan, parent, groups }: { plan: string; parent?: string; groups: { _id: string; name: string }[] }) {
  const list = [...groups];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-admin', roles: [] }, confirmed: true, memberships: [] });
    if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-admin'] }, members: { roles: [] } });
    if (url === '/accounts/acc-1/groups') return jsonResponse(200, { docs: list });
    if (url === '/accounts/acc-1') return jsonResponse(200, { _id: 'acc-1', _rev: '1-a', name: 'Corp', 'confirmed-plan': plan });
    if (url === '/acc-1/_find')
      return jsonResponse(200, { docs: parent ? [{ _id: 'acn-p', _rev: '1-a', klass: 'AccountConfiguration', key: 'parent-account-id', value: parent }] : [] });
    if (url === '/accounts' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string };
      list.push({ _id: 'acc-new', name: body.name });
      return jsonResponse(201, { ok: true, id: 'acc-new', rev: '1-b' });
    }
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('GroupsPage', () => {
  it('lists the sub groups and lets the administrator of a corporate group create one', async () => {
    const fetch = stub({ plan: 'corp', groups: [{ _id: 'acc-2', name: 'Branch North' }] });
    renderPage(<GroupsPage />, '/account/acc-1/groups', '/account/:account_id/groups');
    expect((await screen.findByText('Branch North')).getAttribute('href')).toBe('/account/acc-2');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Branch South' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Sub group Branch South created.')).toBeTruthy();
    const post = fetch.mock.calls.find(([url, init]) => url === '/accounts' && (init as RequestInit | undefined)?.method === 'POST');
    expect(JSON.parse(String((post![1] as RequestInit).body))).toEqual({ name: 'Branch South', parent_account_id: 'acc-1' });
    await waitFor(() => expect(screen.getAllByTestId('sub-group').map((e) => e.textContent)).toEqual(['Branch North', 'Branch South']));
  });

  it('offers no new form to a group that is not corporate or is a sub group itself', async () => {
    stub({ plan: 'pro', groups: [] });
    const { unmount } = renderPage(<GroupsPage />, '/account/acc-1/groups', '/account/:account_id/groups');
    expect(await screen.findByText('No sub groups yet.')).toBeTruthy();
    expect(await screen.findByTestId('groups-corporate-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    unmount();
    stub({ plan: 'corp', parent: 'acc-0', groups: [] });
    renderPage(<GroupsPage />, '/account/acc-1/groups', '/account/:account_id/groups');
    expect(await screen.findByTestId('groups-corporate-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });
});
