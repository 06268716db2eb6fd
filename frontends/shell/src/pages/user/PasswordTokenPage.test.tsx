import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage, testQueryClient } from '../../test/render';
import LoginPage from './LoginPage';
import PasswordTokenPage from './PasswordTokenPage';

afterEach(() => vi.unstubAllGlobals());

function fill(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Password confirmation'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
}

describe('PasswordTokenPage', () => {
  it('after a reset (the server ended every session) forgets the cached session and opens the login page with a notice', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    const queryClient = testQueryClient();
    queryClient.setQueryData(['session'], { ok: true, userCtx: { name: 'usr-1', roles: ['usr-1', 'user'] } });
    queryClient.setQueryData(['profile', 'user', 'usr-1'], { _id: 'usr-1' });
    renderPage(<PasswordTokenPage />, '/user/password/tok%2F1', '/user/password/:token', { queryClient, routes: { '/user/login': <LoginPage /> } });
    fill('new horse battery', 'new horse battery');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByTestId('login-notice').textContent).toBe('Your password was changed and all your sessions were ended. Please log in with the new password.');
    expect(queryClient.getQueryData(['session'])).toBeUndefined();
    expect(queryClient.getQueryData(['profile', 'user', 'usr-1'])).toBeUndefined();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/_users/_password/tok%2F1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ password: 'new horse battery', password_confirmation: 'new horse battery' });
  });

  it("stays on the form with the server's field error when the reset is refused", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(422, { error: 'unprocessable_entity', reason: { password_confirmation: 'doesnt-match' } })));
    const queryClient = testQueryClient();
    queryClient.setQueryData(['session'], { ok: true, userCtx: { name: 'usr-1', roles: [] } });
    renderPage(<PasswordTokenPage />, '/user/password/tok', '/user/password/:token', { queryClient, routes: { '/user/login': <LoginPage /> } });
    fill('new horse battery', 'other');
    expect(await screen.findByText("doesn't match the password")).toBeTruthy();
    expect(screen.queryByTestId('login-notice')).toBeNull();
    expect(queryClient.getQueryData(['session'])).toBeTruthy();
  });

  it('shows the login page no notice when opened directly', () => {
    renderPage(<LoginPage />, '/user/login');
    expect(screen.queryByTestId('login-notice')).toBeNull();
  });

  it('has the notice in pt-BR', () => {
    expect(createI18n('pt-BR').t('login.password_changed')).toBe('Sua senha foi alterada e todas as suas sessões foram encerradas. Entre com a nova senha.');
  });
});
