import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import StartPage from './StartPage';

afterEach(() => vi.unstubAllGlobals());

const invite = {
  _id: 'sub-1',
  _rev: '1-a',
  klass: 'Subscription',
  account_id: 'acc-1',
  account_name: 'Assistência Técnica Irmãos Figueiredo & Filhos',
  email: 'eve@example.com',
  status: 'pending',
  bookmark: false,
};

function stub(confirmed: boolean, memberships: unknown[]) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/_session')
      return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, confirmed, user: { email: 'eve@example.com', confirmed }, memberships });
    if (url === '/usr-1/_find') return jsonResponse(200, { docs: [invite] });
    if (url === '/_users/_confirmation') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const pending = { account_id: 'acc-1', subscription_id: 'sub-1', account_name: invite.account_name, bookmark: false, status: 'pending' };

describe('StartPage (the first landing after login)', () => {
  it('tells an unconfirmed user without a group to confirm first, and resends the confirmation to their address', async () => {
    const fetch = stub(false, []);
    renderPage(<StartPage />, '/app', '/app');
    expect(await screen.findByText('Confirm your e-mail address first')).toBeTruthy();
    expect(screen.getByText(/their invitation shows here once you confirm/)).toBeTruthy();
    // creating a group stays reachable, but only as a link below
    expect(screen.getByRole('link', { name: /Create a group profile/ }).getAttribute('href')).toBe('/account/new');
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send the confirmation e-mail again' }));
    expect(await screen.findByTestId('start-resent')).toBeTruthy();
    const post = fetch.mock.calls.find(([url]) => url === '/_users/_confirmation');
    expect(post?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: 'eve@example.com' });
  });

  it('shows a confirmed user without a group the invitations, with the whole group name and the accept button', async () => {
    stub(true, [pending]);
    renderPage(<StartPage />, '/app', '/app');
    expect(await screen.findByText('You have been invited')).toBeTruthy();
    expect((await screen.findByTestId('membership-name')).textContent).toBe(invite.account_name);
    expect(screen.getByRole('button', { name: 'Accept invitation' }).hasAttribute('disabled')).toBe(false);
  });

  it('hands a confirmed user without group or invitation to the home routing (create a group)', async () => {
    stub(true, []);
    renderPage(<StartPage />, '/app', '/app');
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeTruthy());
  });
});
