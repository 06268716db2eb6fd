import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import NewsletterPage from './NewsletterPage';

afterEach(() => vi.unstubAllGlobals());

type Call = { method: string; url: string; body?: Record<string, unknown> };

/**
 * The identity calls of the page, as a tiny server: the user (newsletter flag), the `newsletter-topics` setting in
 * the user's db, the profile PUT (password 'pw') and the setting's POST and PUT.
 */
function stubIdentity(start: { newsletter: boolean; topics?: unknown }) {
  const calls: Call[] = [];
  let user = { _id: 'usr-1', _rev: '1-a', email: 'ann@x.com', fullname: 'Ann', newsletter: start.newsletter };
  let setting: Record<string, unknown> | null = start.topics === undefined ? null : { _id: 'ucn-1', _rev: '1-s', klass: 'UserConfiguration', key: 'newsletter-topics', value: start.topics };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, memberships: [] });
      if (url === '/_users/usr-1') return jsonResponse(200, user);
      if (url.startsWith('/_users/usr-1?') && method === 'PUT') {
        if (body?.current_password !== 'pw') return jsonResponse(422, { error: 'unprocessable_entity', reason: { current_password: 'is-invalid' } });
        user = { ...user, _rev: '2-a', newsletter: body.newsletter as boolean };
        return jsonResponse(200, { ok: true, id: 'usr-1', rev: user._rev });
      }
      if (url === '/usr-1/_find') return jsonResponse(200, { docs: setting ? [setting] : [] });
      if (url === '/usr-1' && method === 'POST') {
        setting = { _id: 'ucn-1', _rev: '1-s', ...body };
        return jsonResponse(201, { ok: true, id: 'ucn-1', rev: '1-s' });
      }
      if (url.startsWith('/usr-1/ucn-1?') && method === 'PUT') {
        setting = { ...setting, ...body, _rev: '2-s' };
        return jsonResponse(200, { ok: true, id: 'ucn-1', rev: '2-s' });
      }
      return jsonResponse(404, { error: 'not_found', reason: 'missing' });
    }),
  );
  return { calls, stored: () => ({ newsletter: user.newsletter, topics: setting?.value }) };
}

const switchOf = async (name: string) => (await screen.findByRole('switch', { name: new RegExp(`^${name}`) })) as HTMLInputElement;
const save = (password: string) => {
  fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
};

describe('NewsletterPage', () => {
  it('stores each topic: with only Tips on, the flag is on and Product news stays off when the page is opened again', async () => {
    const server = stubIdentity({ newsletter: true });
    const first = renderPage(<NewsletterPage />, '/user/newsletter');
    // a newsletter turned on without stored topics shows every topic on
    expect((await switchOf('Product news')).checked).toBe(true);
    expect((await switchOf('Tips')).checked).toBe(true);
    fireEvent.click(await switchOf('Product news'));
    save('pw');
    expect(await screen.findByText('Your preferences were saved.')).toBeTruthy();
    expect(server.stored()).toEqual({ newsletter: true, topics: ['tips'] });
    first.unmount();

    renderPage(<NewsletterPage />, '/user/newsletter');
    await waitFor(async () => expect((await switchOf('Tips')).checked).toBe(true));
    expect((await switchOf('Product news')).checked).toBe(false);
  });

  it('updates the stored topics and turns the flag off when every topic is off', async () => {
    const server = stubIdentity({ newsletter: true, topics: ['product'] });
    renderPage(<NewsletterPage />, '/user/newsletter');
    expect((await switchOf('Product news')).checked).toBe(true);
    expect((await switchOf('Tips')).checked).toBe(false);
    fireEvent.click(await switchOf('Product news'));
    save('pw');
    expect(await screen.findByText('Your preferences were saved.')).toBeTruthy();
    expect(server.stored()).toEqual({ newsletter: false, topics: [] });
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/_users/usr-1?rev=1-a', '/usr-1/ucn-1?rev=1-s']);
  });

  it('stores nothing when the current password is wrong, and says so under the field', async () => {
    const server = stubIdentity({ newsletter: false });
    renderPage(<NewsletterPage />, '/user/newsletter');
    expect((await switchOf('Tips')).checked).toBe(false);
    fireEvent.click(await switchOf('Tips'));
    save('wrong');
    expect(await screen.findByText('is invalid')).toBeTruthy();
    expect(server.stored()).toEqual({ newsletter: false, topics: undefined });
    // no write of the topics setting either
    expect(server.calls.filter((c) => c.url === '/usr-1' || c.url.startsWith('/usr-1/ucn-'))).toEqual([]);
  });
});
