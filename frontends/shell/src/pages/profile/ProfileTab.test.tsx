import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage } from '../../test/render';
import { publicUser } from '../../test/fixtures';
import { ProfileTab } from './ProfileTab';

afterEach(() => vi.unstubAllGlobals());

const user = publicUser({ _rev: '2-b', fullname: 'Ana Lima', confirmed_at: '2025-05-01T10:00:00Z' });

function save(currentPassword: string) {
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ana Souza' } });
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: currentPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('ProfileTab', () => {
  it('says to wait after too many wrong current passwords (429)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(429, { error: 'too_many_requests', reason: 'Too many requests, please try again later' })));
    renderPage(<ProfileTab user={user} />, '/user/profile');
    save('guess 11');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests');
    expect(alert.textContent).toContain('Too many failed password attempts. Wait a minute, then try again.');
  });

  it('shows a wrong current password under its field, with no banner', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(422, { error: 'unprocessable_entity', reason: { current_password: 'is-invalid' } })));
    renderPage(<ProfileTab user={user} />, '/user/profile');
    save('guess 1');
    expect(await screen.findByText('is invalid')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('has the 429 message in pt-BR', () => {
    expect(createI18n('pt-BR').t('profile.too_many_attempts')).toBe('Muitas tentativas com a senha errada. Aguarde um minuto e tente de novo.');
  });
});
