import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage } from '../../test/render';
import LoginPage from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('renders the form with the email focused and the links', () => {
    renderPage(<LoginPage />, '/user/login');
    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Remember me')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/user/password/new');
    expect(screen.getByRole('link', { name: 'Create your profile' }).getAttribute('href')).toBe('/user/register');
    expect(screen.getByRole('link', { name: "Didn't receive the confirmation e-mail?" }).getAttribute('href')).toBe('/user/confirm/new');
  });

  it('shows the 401 reason in the error banner', async () => {
    const fetch = vi.fn(async () => jsonResponse(401, { error: 'unauthorized', reason: 'Email or password is incorrect' }));
    vi.stubGlobal('fetch', fetch);
    renderPage(<LoginPage />, '/user/login');
    fill('ana@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unauthorized');
    expect(alert.textContent).toContain('Email or password is incorrect');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('submits username and password (not remember-me), applies the locale and goes home', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return jsonResponse(200, { ok: true, name: 'usr-1', roles: [] });
      return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, locale: 'pt-BR', confirmed: true, memberships: [] });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage(<LoginPage />, '/user/login');
    fireEvent.click(screen.getByLabelText('Remember me'));
    fill('ana@example.com', 'correct horse 1');
    await screen.findByTestId('elsewhere');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/_session');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ana@example.com', password: 'correct horse 1' });
    await waitFor(() => expect(document.documentElement.lang).toBe('pt-BR'));
  });

  it('checks the fields before calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage(<LoginPage />, '/user/login');
    fill('not-an-email', '');
    expect(await screen.findByText('is not a valid e-mail address')).toBeTruthy();
    expect(screen.getByTestId('login-missing').textContent).toBe('Please provide username and password');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says "Please provide username and password" for an empty password (spec §8), in Portuguese too', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage(<LoginPage />, '/user/login');
    fill('ana@example.com', '');
    expect((await screen.findByTestId('login-missing')).textContent).toBe('Please provide username and password');
    expect(screen.queryByText('Required')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(createI18n('pt-BR').t('errors.reason.Please-provide-username-and-password')).toBe('Por favor, informe usuário e senha');
  });
});
