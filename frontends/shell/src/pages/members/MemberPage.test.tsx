import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import MemberPage from './MemberPage';

afterEach(() => vi.unstubAllGlobals());

const session = { ok: true, userCtx: { name: 'usr-1', roles: [] }, confirmed: true, user: { email: 'a@x.com', fullname: 'Ann', label: 'Ann', confirmed: true }, memberships: [] };

function stub(doc: (url: string) => Response) {
  // the caller administers the group (a plain member gets the administrators-only notice)
  const admins = jsonResponse(200, { admins: { roles: ['usr-1'] }, members: { roles: [] } });
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/_session' ? jsonResponse(200, session) : url.endsWith('/_security') ? admins.clone() : doc(url))));
}

describe('MemberPage', () => {
  it('shows the not-found page for an unknown id', async () => {
    stub(() => jsonResponse(404, { error: 'not_found', reason: 'missing' }));
    renderPage(<MemberPage />, '/account/acc-1/users/sub-nope', '/account/:account_id/users/:record_id');
    expect(await screen.findByTestId('member-not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Member not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Members' }).getAttribute('href')).toBe('/account/acc-1/subscriptions');
  });

  it('shows a pending invitation with its e-mail and the five flags', async () => {
    stub(() =>
      jsonResponse(200, { _id: 'sub-2', _rev: '1-a', klass: 'Subscription', email: 'ben@example.com', status: 'pending', admin: false, report_view: true, all_notifications: false, ticket_created: true, comment_created: true }),
    );
    renderPage(<MemberPage />, '/account/acc-1/users/sub-2', '/account/:account_id/users/:record_id');
    expect(await screen.findByText('ben@example.com')).toBeTruthy();
    // the whole address, wrapped rather than cut
    expect(screen.getByTestId('member-name').hasAttribute('data-truncate')).toBe(false);
    expect(screen.getByTestId('member-name').style.overflowWrap).toBe('anywhere');
    expect(screen.getByText('pending')).toBeTruthy();
    expect(screen.getByTestId('flag-admin').textContent).toBe('no');
    expect(screen.getByTestId('flag-report_view').textContent).toBe('yes');
    for (const f of ['all_notifications', 'ticket_created', 'comment_created']) expect(screen.getByTestId(`flag-${f}`)).toBeTruthy();
  });

  it("shows an administrator the address of a member without a full name, not the masked label", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/_session') return jsonResponse(200, session);
        if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-1'] }, members: { roles: [] } });
        return jsonResponse(200, { _id: 'sub-4', _rev: '1-a', klass: 'Subscription', user_id: 'usr-4', user: { _id: 'usr-4', email: 'bob@example.com', fullname: null, label: 'b…@example.com' }, status: 'accepted' });
      }),
    );
    renderPage(<MemberPage />, '/account/acc-1/users/sub-4', '/account/:account_id/users/:record_id');
    expect(await screen.findByText('bob@example.com')).toBeTruthy();
    expect(screen.queryByText('b…@example.com')).toBeNull();
  });

  it('lets an administrator edit the flags: a PUT with the rev; the server refusing shows in the banner', async () => {
    let doc = { _id: 'sub-me', _rev: '1-a', klass: 'Subscription', user_id: 'usr-1', user: { _id: 'usr-1', label: 'Ann' }, status: 'accepted', admin: true, report_view: true, all_notifications: false, ticket_created: false, comment_created: false };
    const puts: { url: string; body: Record<string, boolean> }[] = [];
    let refuse = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/_session') return jsonResponse(200, session);
        if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-1'] }, members: { roles: [] } });
        if (init?.method === 'PUT') {
          puts.push({ url, body: JSON.parse(String(init.body)) });
          if (refuse) return jsonResponse(403, { error: 'forbidden', reason: 'You cannot change your own administrator or report access' });
          doc = { ...doc, ...JSON.parse(String(init.body)), _rev: '2-b' };
          return jsonResponse(200, { ok: true, id: doc._id, rev: doc._rev, doc });
        }
        return jsonResponse(200, doc);
      }),
    );
    renderPage(<MemberPage />, '/account/acc-1/users/sub-me', '/account/:account_id/users/:record_id');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Administrator' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You cannot change your own administrator or report access')).toBeTruthy();
    expect(puts[0].url).toBe('/acc-1/sub-me?rev=1-a');
    expect(puts[0].body).toEqual({ admin: false, report_view: true, all_notifications: false, ticket_created: false, comment_created: false });

    refuse = false;
    fireEvent.click(screen.getByRole('switch', { name: 'Administrator' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Ticket created' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('flag-ticket_created').textContent).toBe('yes'));
    expect(puts[1].body).toMatchObject({ admin: true, ticket_created: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a plain member the administrators-only notice instead of the membership', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/_session') return jsonResponse(200, session);
        if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-other'] }, members: { roles: [] } });
        return jsonResponse(200, { _id: 'sub-3', _rev: '1-a', klass: 'Subscription', user: { _id: 'usr-3', label: 'Cid' }, status: 'accepted' });
      }),
    );
    renderPage(<MemberPage />, '/account/acc-1/users/sub-3', '/account/:account_id/users/:record_id');
    expect(await screen.findByTestId('admins-only')).toBeTruthy();
    expect(screen.queryByText('Cid')).toBeNull();
  });

  it('shows an unconfirmed administrator the new button disabled with the hint', async () => {
    const unconfirmed = { ...session, confirmed: false, user: { ...session.user, confirmed: false } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/_session') return jsonResponse(200, unconfirmed);
        if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-1'] }, members: { roles: [] } });
        return jsonResponse(200, { _id: 'sub-3', _rev: '1-a', klass: 'Subscription', user: { _id: 'usr-3', label: 'Cid' }, status: 'accepted' });
      }),
    );
    renderPage(<MemberPage />, '/account/acc-1/users/sub-3', '/account/:account_id/users/:record_id');
    expect(await screen.findByText('Cid')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('member-new') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText('Confirm your e-mail to invite members.')).toBeTruthy();
  });

  it("links a confirmed administrator's New button to the invite form at subscriptions/new", async () => {
    stub(() => jsonResponse(200, { _id: 'sub-3', _rev: '1-a', klass: 'Subscription', user: { _id: 'usr-3', fullname: 'Cid', label: 'Cid' }, status: 'accepted' }));
    renderPage(<MemberPage />, '/account/acc-1/subscriptions/sub-3', '/account/:account_id/subscriptions/:record_id');
    expect(await screen.findByText('Cid')).toBeTruthy();
    expect(screen.getByTestId('member-new').getAttribute('href')).toBe('/account/acc-1/subscriptions/new');
  });

  it('opens subscriptions/{id}/edit with the flags being edited, and Cancel shows them read-only', async () => {
    stub(() =>
      jsonResponse(200, { _id: 'sub-3', _rev: '1-a', klass: 'Subscription', user: { _id: 'usr-3', fullname: 'Cid', label: 'Cid' }, status: 'accepted', report_view: true }),
    );
    renderPage(<MemberPage edit />, '/account/acc-1/subscriptions/sub-3/edit', '/account/:account_id/subscriptions/:record_id/edit');
    expect(((await screen.findByRole('switch', { name: 'Report access' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('flag-report_view').textContent).toBe('yes');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
