import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import MembersPage from './MembersPage';

afterEach(() => vi.unstubAllGlobals());

const session = { ok: true, userCtx: { name: 'usr-1', roles: [] }, confirmed: true, user: { email: 'ann@example.com', fullname: 'Ann', label: 'Ann', confirmed: true }, memberships: [] };

// what the accounts service answers: administrators get the addresses, plain members only masked labels
const adminDocs = [
  { _id: 'sub-1', _rev: '1-a', klass: 'Subscription', user_id: 'usr-1', user: { _id: 'usr-1', email: 'ann@example.com', fullname: 'Ann', label: 'Ann' }, status: 'accepted', admin: true },
  { _id: 'sub-2', _rev: '1-a', klass: 'Subscription', user_id: 'usr-2', user: { _id: 'usr-2', email: 'bob@example.com', fullname: null, label: 'b…@example.com' }, status: 'accepted' },
  { _id: 'sub-3', _rev: '1-a', klass: 'Subscription', email: 'eli@example.com', status: 'pending' },
];
const memberDocs = [
  { _id: 'sub-1', _rev: '1-a', klass: 'Subscription', user_id: 'usr-1', user: { _id: 'usr-1', fullname: 'Ann', label: 'Ann' }, status: 'accepted', admin: true },
  { _id: 'sub-2', _rev: '1-a', klass: 'Subscription', user_id: 'usr-2', user: { _id: 'usr-2', fullname: null, label: 'b…@example.com' }, status: 'accepted' },
];

function stub(admins: string[], docs: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/_session') return jsonResponse(200, session);
      if (url.endsWith('/_security')) return jsonResponse(200, { admins: { roles: admins }, members: { roles: [] } });
      return jsonResponse(200, { docs });
    }),
  );
}

const names = () => screen.getAllByRole('link').map((a) => a.textContent);

describe('MembersPage', () => {
  it("shows an administrator the address of a member without a full name instead of the masked label", async () => {
    stub(['usr-1'], adminDocs);
    renderPage(<MembersPage />, '/account/acc-1/subscriptions', '/account/:account_id/subscriptions');
    expect(await screen.findByRole('link', { name: 'bob@example.com' })).toBeTruthy();
    expect(names()).toEqual(['Ann', 'bob@example.com', 'eli@example.com']);
    expect(screen.queryByText('b…@example.com')).toBeNull();
  });

  it('shows a plain member the administrators-only notice instead of the list', async () => {
    stub(['usr-other'], memberDocs);
    renderPage(<MembersPage />, '/account/acc-1/subscriptions', '/account/:account_id/subscriptions');
    expect(await screen.findByTestId('admins-only')).toBeTruthy();
    expect(screen.getByText('Only administrators')).toBeTruthy();
    expect(screen.queryByText('b…@example.com')).toBeNull();
    expect(screen.queryByLabelText('E-mail to invite')).toBeNull();
  });

  it('names an invitation without an address "Pending invitation", never by its sub- id', async () => {
    stub(['usr-1'], [...adminDocs.slice(0, 2), { _id: 'sub-3', _rev: '1-a', klass: 'Subscription', status: 'pending' }]);
    renderPage(<MembersPage />, '/account/acc-1/subscriptions', '/account/:account_id/subscriptions');
    expect(await screen.findByRole('link', { name: 'Pending invitation' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/sub-\d/);
  });
});
