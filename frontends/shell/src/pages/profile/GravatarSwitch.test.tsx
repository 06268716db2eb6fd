import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@app/ui';
import { jsonResponse, renderPage } from '../../test/render';
import { publicUser } from '../../test/fixtures';
import { ProfileTab } from './ProfileTab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = publicUser({ _id: 'usr-1', _rev: '2-b', name: 'usr-1', email: 'ana@example.com', fullname: 'Ana Lima', gravatar_hash: 'abc123' });

/** An online browser (jsdom has no navigator.webdriver): the only case where the gravatar could be fetched at all. */
function online() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
}

function stub(setting: Record<string, unknown> | null) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/usr-1/_find') return jsonResponse(200, { docs: setting ? [setting] : [] });
    if (init?.method === 'POST' && url === '/usr-1') return jsonResponse(201, { ok: true, id: 'ucn-9', rev: '1-a' });
    return jsonResponse(200, { docs: [] });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the profile avatar and the gravatar setting', () => {
  it('shows initials and no outside image by default (no gravatar setting), the switch off', async () => {
    online();
    stub(null);
    renderPage(<ProfileTab user={user} />, '/user/profile');
    const toggle = (await screen.findByRole('switch', { name: /Show my Gravatar picture/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    expect(screen.getByText('AL')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows the gravatar image when the user turned the setting on', async () => {
    online();
    stub({ _id: 'ucn-1', _rev: '1-a', klass: 'UserConfiguration', key: 'gravatar', value: true });
    renderPage(<ProfileTab user={user} />, '/user/profile');
    await waitFor(() => expect(document.querySelector('img')?.getAttribute('src')).toBe('https://www.gravatar.com/avatar/abc123?s=80&d=identicon'));
    expect((screen.getByRole('switch', { name: /Show my Gravatar picture/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('saves the choice as the user configuration `gravatar`', async () => {
    online();
    const fetch = stub(null);
    renderPage(<ProfileTab user={user} />, '/user/profile');
    const toggle = (await screen.findByRole('switch', { name: /Show my Gravatar picture/ })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => url === '/usr-1' && init?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([url, i]) => url === '/usr-1' && i?.method === 'POST')!;
    expect(JSON.parse(init!.body as string)).toEqual({ klass: 'UserConfiguration', key: 'gravatar', value: true });
  });

  it('has the switch texts in pt-BR', () => {
    expect(createI18n('pt-BR').t('profile.gravatar_label')).toBe('Mostrar minha foto do Gravatar');
  });
});
