import { Menu } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../test/render';
import { ModuleSwitches } from './ModuleSwitches';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const doc = (key: string, value: unknown) => ({ _id: `acn-${key}`, _rev: '1-a', klass: 'AccountConfiguration', key, value });

describe('module switches in the user menu', () => {
  const answer = (deployed: string[]) =>
    vi.fn(async (url: string) => {
      if (String(url).endsWith('/modules')) return jsonResponse(200, { modules: deployed });
      if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-bob', roles: [] }, confirmed: true, memberships: [] });
      if (url === '/acc-1/_security') return jsonResponse(200, { admins: { roles: ['usr-admin'] }, members: { roles: [] } });
      return jsonResponse(200, { docs: [doc('budget', false), doc('exoreader', true)] });
    });
  const open = () =>
    renderPage(
      <Menu opened>
        <Menu.Target>
          <button type="button">menu</button>
        </Menu.Target>
        <Menu.Dropdown>
          <ModuleSwitches accountId="acc-1" />
        </Menu.Dropdown>
      </Menu>,
      '/account/acc-1',
      '/account/:account_id',
    );

  it("lists ticket and the account's enabled modules that are deployed; choosing one stores it in sessionStorage", async () => {
    vi.stubGlobal('fetch', answer(['disk', 'notes', 'reader', 'tickets']));
    open();
    await vi.waitFor(() => expect(document.querySelector('[data-module="reader"]')).not.toBeNull());
    const names = [...document.querySelectorAll('[data-module]')].map((el) => el.getAttribute('data-module'));
    expect(names).toEqual(['ticket', 'disk', 'notes', 'reader']);
    expect(document.querySelector('[data-module="ticket"]')?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByText('Reader'));
    expect(sessionStorage.getItem('module')).toBe('reader');
  });

  it('lists only ticket when no other module is deployed, whatever the flags', async () => {
    const fetch = answer(['tickets']);
    vi.stubGlobal('fetch', fetch);
    open();
    await vi.waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/modules'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect([...document.querySelectorAll('[data-module]')].map((el) => el.getAttribute('data-module'))).toEqual(['ticket']);
  });

  it('offers an administrator the switched-off modules with "Switch on": one press turns the flag on and opens the module', async () => {
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith('/modules')) return jsonResponse(200, { modules: ['disk', 'notes', 'reader', 'tickets'] });
        if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-admin', roles: [] }, confirmed: true, memberships: [] });
        if (url === '/acc-1/_security') return jsonResponse(200, { admins: { roles: ['usr-admin'] }, members: { roles: [] } });
        if (url === '/acc-1' && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return jsonResponse(201, { ok: true, id: 'acn-new', rev: '1-b' });
        }
        return jsonResponse(200, { docs: [doc('textnotes', false)] });
      }),
    );
    open();
    // reader (exoreader off by default) and notes (textnotes off) are switched off; disk is on by default
    await vi.waitFor(() => expect([...document.querySelectorAll('[data-module-off]')].map((el) => el.getAttribute('data-module-off'))).toEqual(['notes', 'reader']));
    expect([...document.querySelectorAll('[data-module]')].map((el) => el.getAttribute('data-module'))).toEqual(['ticket', 'disk']);
    expect(screen.getByText('Switched off in this group')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-module-off="reader"]')!);
    await vi.waitFor(() => expect(sessionStorage.getItem('module')).toBe('reader'));
    expect(posts).toEqual([{ klass: 'AccountConfiguration', key: 'exoreader', value: true }]);
  });

  it('offers a plain member no switched-off module', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (String(url).endsWith('/modules')) return jsonResponse(200, { modules: ['reader', 'tickets'] });
      if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-bob', roles: [] }, confirmed: true, memberships: [] });
      if (url === '/acc-1/_security') return jsonResponse(200, { admins: { roles: ['usr-admin'] }, members: { roles: [] } });
      return jsonResponse(200, { docs: [] });
    });
    vi.stubGlobal('fetch', fetch);
    open();
    await vi.waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/acc-1/_security')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('[data-module-off]')).toBeNull();
  });
});

