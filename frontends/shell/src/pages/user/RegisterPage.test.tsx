import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage } from '../../test/render';
import RegisterPage from './RegisterPage';

afterEach(() => vi.unstubAllGlobals());

describe('RegisterPage', () => {
  it('shows the server field errors under their fields', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(422, {
        error: 'unprocessable_entity',
        reason: { password_confirmation: 'doesnt-match', accept: 'must-be-accepted', email: 'has-already-been-taken' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage(<RegisterPage />, '/user/register');
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms-and-conditions.html');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText(/^Password\s*\*?$/), { target: { value: 'correct horse 1' } });
    fireEvent.change(screen.getByLabelText(/^Password confirmation/), { target: { value: 'correct horse 1' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));

    expect(await screen.findByText("doesn't match the password")).toBeTruthy();
    expect(screen.getByText('must be accepted')).toBeTruthy();
    expect(screen.getByText('has already been taken')).toBeTruthy();
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ email: 'ana@example.com', fullname: 'Ana', password: 'correct horse 1', password_confirmation: 'correct horse 1', accept: true });
  });

  it('does not send the form while the accept box is unticked (spec §5: it must be accepted)', async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { ok: true, _id: 'usr-new' }));
    vi.stubGlobal('fetch', fetch);
    renderPage(<RegisterPage />, '/user/register');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password\s*\*?$/), { target: { value: 'correct horse 1' } });
    fireEvent.change(screen.getByLabelText(/^Password confirmation/), { target: { value: 'correct horse 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText('must be accepted')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks that the passwords match before sending', async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { ok: true, _id: 'usr-new' }));
    vi.stubGlobal('fetch', fetch);
    renderPage(<RegisterPage />, '/user/register');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password\s*\*?$/), { target: { value: 'correct horse 1' } });
    fireEvent.change(screen.getByLabelText(/^Password confirmation/), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByText("doesn't match the password")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates a profile without a password (spec §5: name and password are optional), saying how to set one later', async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { ok: true, _id: 'usr-new' }));
    vi.stubGlobal('fetch', fetch);
    renderPage(<RegisterPage />, '/user/register');
    expect(screen.getByText('Optional: without one, set it later with “Forgot your password?” on the login page.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ email: 'ana@example.com', password: '', password_confirmation: '', accept: true });
  });

  // an address that already has a profile gets the same 201 (its owner a mail instead): the screen claims only the mail
  it('after registering says to check the mail, the same for any address, without claiming a profile was created', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(201, { ok: true, _id: 'usr-new' })));
    renderPage(<RegisterPage />, '/user/register');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password\s*\*?$/), { target: { value: 'correct horse 1' } });
    fireEvent.change(screen.getByLabelText(/^Password confirmation/), { target: { value: 'correct horse 1' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    const text = screen.getByTestId('register-sent').textContent;
    expect(text).toBe('We sent an e-mail to ana@example.com: open the link in it to confirm your address. If the address already has a profile, the e-mail tells you how to log in.');
    expect(document.body.textContent).not.toMatch(/created/i);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/user/login');
  });

  it('has the after-registration texts in pt-BR', () => {
    const t = createI18n('pt-BR').t;
    expect(t('register.sent_title')).toBe('Confira seu e-mail');
    expect(t('register.sent', { email: 'ana@example.com' })).toBe(
      'Enviamos um e-mail para ana@example.com: abra o link nele para confirmar o endereço. Se o endereço já tiver um perfil, o e-mail explica como entrar.',
    );
  });
});
