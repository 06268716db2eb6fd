import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage } from '../../test/render';
import ProfilePage from './ProfilePage';
import { publicUser } from '../../test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = publicUser({
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
});

function stub(record = user) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, user: { email: user.email, confirmed: false } });
    if (url === '/_users/usr-1') return jsonResponse(200, record);
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

  it('tells an unconfirmed user that invitations show once the e-mail is confirmed, with the resend link, and not that there are none', async () => {
    stub();
    renderPage(<ProfilePage />, '/user/profile?page=invites', '/user/profile');
    const notice = await screen.findByTestId('invites-confirm-notice');
    expect(notice.textContent).toContain('Invitations sent to your e-mail address show here once you confirm it.');
    expect(screen.getByRole('link', { name: 'Send the confirmation again' }).getAttribute('href')).toBe('/user/confirm/new');
    // the notice shows once the list has loaded; the server lists no invitation by address before the confirmation,
    // so "none" would not be true
    expect(screen.queryByText('You have no pending invitations.')).toBeNull();
  });

  it('shows a confirmed user no notice, and says when there are no invitations', async () => {
    stub({ ...user, unconfirmed_email: null });
    renderPage(<ProfilePage />, '/user/profile?page=invites', '/user/profile');
    expect(await screen.findByText('You have no pending invitations.')).toBeTruthy();
    expect(screen.queryByTestId('invites-confirm-notice')).toBeNull();
  });

  it('has the notice in pt-BR', () => {
    const t = createI18n('pt-BR').t;
    expect(t('profile.invites_confirm_hint')).toBe('Os convites enviados para o seu e-mail aparecem aqui depois que você o confirmar.');
    expect(t('profile.invites_resend')).toBe('Enviar a confirmação de novo');
  });
});
