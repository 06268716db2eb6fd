import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage } from '../../test/render';
import ConfirmTokenPage from './ConfirmTokenPage';

afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage(<ConfirmTokenPage />, '/user/confirm/tok1', '/user/confirm/:token');

describe('ConfirmTokenPage', () => {
  it('says a used or expired link in words, never the raw token_missing, and offers log in and a new confirmation e-mail', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { error: 'token_missing', reason: 'Token already used or expired, please request a new one' })));
    open();
    const notice = await screen.findByTestId('confirm-link-used');
    expect(notice.textContent).toBe('This link was already used or has expiredIf you already confirmed your address, just log in. If not, ask for a new confirmation e-mail below.');
    expect(screen.getByRole('heading', { name: 'E-mail confirmation' })).toBeTruthy();
    expect(screen.queryByText('Confirming your e-mail…')).toBeNull();
    expect(document.body.textContent).not.toContain('token_missing');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/user/login');
    expect(screen.getByRole('link', { name: 'Resend the confirmation e-mail' }).getAttribute('href')).toBe('/user/confirm/new');
  });

  it('confirms the address with the token once and says so', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    open();
    expect(await screen.findByText('Your e-mail address is confirmed. You can log in now.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'E-mail confirmed' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[0]).toBe('/_users/_confirm/tok1');
  });

  it('has the used-link texts in pt-BR', () => {
    const t = createI18n('pt-BR').t;
    expect(t('confirm.link_used_title')).toBe('Este link já foi usado ou expirou');
    expect(t('confirm.link_used')).toBe('Se você já confirmou seu endereço, é só entrar. Se não, peça abaixo um novo e-mail de confirmação.');
    expect(t('errors.title.token_missing')).toBe('Link já usado ou expirado');
  });
});
