import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import ProfilePage from './ProfilePage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = {
  _id: 'usr-1',
  _rev: '2-b',
  name: 'usr-1',
  email: 'ana@example.com',
  fullname: 'Ana Lima',
  unconfirmed_email: 'ana@new.example.com',
  confirmed_at: '2025-05-01T10:00:00Z',
  newsletter: true,
  gravatar_hash: 'abc',
  created_at: '2025-05-01T10:00:00Z',
  updated_at: '2025-05-10T10:00:00Z',
};

function stub() {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, user: { email: user.email, confirmed: false } });
    if (url === '/_users/usr-1') return jsonResponse(200, user);
    return jsonResponse(200, { docs: [] });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('ProfilePage', () => {
  it('opens the tab named in ?page= and keeps the tab in the query string', async () => {
    stub();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage(<ProfilePage />, '/user/profile?page=data', '/user/profile');
    expect((await screen.findByRole('tab', { name: 'Data' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('usr-1')).toBeTruthy();
    expect(screen.getByText('2025-05-10')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByText('Ana Lima')).toBeTruthy();
    expect(screen.getByText('The new e-mail address ana@new.example.com is waiting for confirmation: open the link we sent to it.')).toBeTruthy();
    // offline: the initials in the 80px avatar, no outside image
    expect(screen.getByText('AL')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('hints that invitations need a confirmed e-mail', async () => {
    stub();
    renderPage(<ProfilePage />, '/user/profile?page=invites', '/user/profile');
    expect(await screen.findByText('Confirm your e-mail address to accept invitations.')).toBeTruthy();
    expect(await screen.findByText('You have no pending invitations.')).toBeTruthy();
  });
});
