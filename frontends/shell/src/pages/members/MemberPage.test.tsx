import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import MemberPage from './MemberPage';

afterEach(() => vi.unstubAllGlobals());

const session = { ok: true, userCtx: { name: 'usr-1', roles: [] }, confirmed: true, user: { email: 'a@x.com', fullname: 'Ann', label: 'Ann', confirmed: true }, memberships: [] };

function stub(doc: (url: string) => Response) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/_session' ? jsonResponse(200, session) : doc(url))));
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
    expect(screen.getByText('pending')).toBeTruthy();
    expect(screen.getByTestId('flag-admin').textContent).toBe('no');
    expect(screen.getByTestId('flag-report_view').textContent).toBe('yes');
    for (const f of ['all_notifications', 'ticket_created', 'comment_created']) expect(screen.getByTestId(`flag-${f}`)).toBeTruthy();
  });
});
