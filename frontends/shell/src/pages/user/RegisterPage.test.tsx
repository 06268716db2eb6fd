import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    fireEvent.change(screen.getByLabelText(/^Password confirmation/), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));

    expect(await screen.findByText("doesn't match the password")).toBeTruthy();
    expect(screen.getByText('must be accepted')).toBeTruthy();
    expect(screen.getByText('has already been taken')).toBeTruthy();
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ email: 'ana@example.com', fullname: 'Ana', password: 'correct horse 1', password_confirmation: 'other', accept: false });
  });
});
