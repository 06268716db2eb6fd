import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import { PasswordModal } from './PasswordModal';

afterEach(() => vi.unstubAllGlobals());

describe('PasswordModal', () => {
  it("shows the server's doesnt-match under the confirmation", async () => {
    const fetch = vi.fn(async () => jsonResponse(422, { error: 'unprocessable_entity', reason: { password_confirmation: 'doesnt-match' } }));
    vi.stubGlobal('fetch', fetch);
    renderPage(<PasswordModal opened onClose={() => undefined} onChanged={() => undefined} user={{ _id: 'usr-1', _rev: '3-x' }} />, '/user/profile');
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'new secret 1' } });
    fireEvent.change(screen.getByLabelText(/^Password confirmation/), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'old secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    const error = await screen.findByText("doesn't match the password");
    const confirmation = screen.getByLabelText(/^Password confirmation/);
    // the message sits in the confirmation's own input wrapper, not under another field
    const wrapper = (el: Element) => el.closest('.mantine-InputWrapper-root, .mantine-PasswordInput-root');
    expect(wrapper(error)).toBeTruthy();
    expect(wrapper(error)).toBe(wrapper(confirmation));
    expect(screen.getAllByText("doesn't match the password")).toHaveLength(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/_users/usr-1?rev=3-x');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ password: 'new secret 1', password_confirmation: 'other', current_password: 'old secret' });
  });

  it('says to wait after too many wrong current passwords (429), not which field was wrong', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(429, { error: 'too_many_requests', reason: 'Too many requests, please try again later' })));
    renderPage(<PasswordModal opened onClose={() => undefined} onChanged={() => undefined} user={{ _id: 'usr-1', _rev: '3-x' }} />, '/user/profile');
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'new secret 1' } });
    fireEvent.change(screen.getByLabelText(/^Password confirmation/), { target: { value: 'new secret 1' } });
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'guess 11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests');
    expect(alert.textContent).toContain('Too many failed password attempts. Wait a minute, then try again.');
  });
});
