import { fireEvent, screen } from '@testing-library/react';
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
  const NEW = { '/account/:account_id/groups/new': <GroupsPage page="new" /> };

  it('lists the sub groups, links an administrator of a corporate group to the new page, which creates one', async () => {
    const fetch = stub({ plan: 'corp', groups: [{ _id: 'acc-2', name: 'Branch North' }] });
    renderPage(<GroupsPage />, '/account/acc-1/groups', '/account/:account_id/groups', { routes: NEW });
    expect((await screen.findByText('Branch North')).getAttribute('href')).toBe('/account/acc-2');
    fireEvent.click(await screen.findByTestId('groups-new-link'));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Branch South' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Sub group Branch South created.')).toBeTruthy();
    const post = fetch.mock.calls.find(([url, init]) => url === '/accounts' && (init as RequestInit | undefined)?.method === 'POST');
    expect(JSON.parse(String((post![1] as RequestInit).body))).toEqual({ name: 'Branch South', parent_account_id: 'acc-1' });
    // the new page leads back to the index once there are sub groups
    expect((await screen.findByRole('link', { name: 'Sub groups' })).getAttribute('href')).toBe('/account/acc-1/groups');
  });

  it('offers the index only when the group has sub groups (spec §2): without any it opens the new page', async () => {
    stub({ plan: 'corp', groups: [] });
    renderPage(<GroupsPage />, '/account/acc-1/groups', '/account/:account_id/groups', { routes: NEW });
    expect(await screen.findByRole('heading', { name: 'New sub group' })).toBeTruthy();
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sub groups' })).toBeNull();
    expect(screen.queryByText('No sub groups yet.')).toBeNull();
  });

  it('offers no new form to a group that is not corporate or is a sub group itself', async () => {
    stub({ plan: 'pro', groups: [] });
    const { unmount } = renderPage(<GroupsPage page="new" />, '/account/acc-1/groups/new', '/account/:account_id/groups/new');
    expect(await screen.findByTestId('groups-corporate-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    unmount();
    stub({ plan: 'corp', parent: 'acc-0', groups: [{ _id: 'acc-3', name: 'Sibling' }] });
    renderPage(<GroupsPage />, '/account/acc-1/groups', '/account/:account_id/groups');
    expect(await screen.findByText('Sibling')).toBeTruthy();
    expect(screen.queryByTestId('groups-new-link')).toBeNull();
  });
});
