import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import MemberNewPage from './MemberNewPage';

afterEach(() => vi.unstubAllGlobals());

const session = (confirmed: boolean) => ({
  ok: true,
  userCtx: { name: 'usr-1', roles: [] },
  confirmed,
  user: { email: 'a@x.com', fullname: 'Ann', label: 'Ann', confirmed },
  memberships: [],
});

/** The gateway for the page: the session, the group's administrators, and the invitation's POST. */
function stub({ admin = 'usr-1', confirmed = true } = {}) {
  const posts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/_session') return jsonResponse(200, session(confirmed));
      if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: [admin] }, members: { roles: [] } });
      if (init?.method === 'POST' && url === '/acc-1') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return jsonResponse(201, { ok: true, id: 'sub-9', rev: '1-a' });
      }
      return jsonResponse(404, { error: 'not_found', reason: 'missing' });
    }),
  );
  return posts;
}

const open = () => renderPage(<MemberNewPage />, '/account/acc-1/subscriptions/new', '/account/:account_id/subscriptions/new');

describe('MemberNewPage (subscriptions/new)', () => {
  it('invites by e-mail as the members page does and links to the new invitation and the members list', async () => {
    const posts = stub();
    open();
    expect(await screen.findByRole('heading', { name: 'Invite a member' })).toBeTruthy();
    const input = screen.getByLabelText('E-mail to invite');
    fireEvent.change(input, { target: { value: '  ben@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent to ben@example.com')).toBeTruthy();
    expect(posts).toEqual([{ url: '/acc-1', body: { klass: 'Subscription', email: 'ben@example.com' } }]);
    expect(screen.getByTestId('open-invitation').getAttribute('href')).toBe('/account/acc-1/users/sub-9');
    expect(screen.getByRole('link', { name: 'All members' }).getAttribute('href')).toBe('/account/acc-1/subscriptions');
  });

  it('shows the server refusing the address under the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/_session') return jsonResponse(200, session(true));
        if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: ['usr-1'] }, members: { roles: [] } });
        return jsonResponse(422, { error: 'unprocessable_entity', reason: { email: 'is-invalid' } });
      }),
    );
    open();
    fireEvent.change(await screen.findByLabelText('E-mail to invite'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('is invalid')).toBeTruthy();
    expect(screen.queryByTestId('open-invitation')).toBeNull();
  });

  it('keeps the form disabled with the hint until the administrator confirmed their e-mail', async () => {
    stub({ confirmed: false });
    open();
    expect(await screen.findByText('Confirm your e-mail to invite members.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('E-mail to invite') as HTMLInputElement).disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Invite' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a plain member the administrators-only notice instead of the form', async () => {
    const posts = stub({ admin: 'usr-other' });
    open();
    expect(await screen.findByTestId('admins-only')).toBeTruthy();
    expect(screen.queryByLabelText('E-mail to invite')).toBeNull();
    expect(posts).toEqual([]);
  });
});
