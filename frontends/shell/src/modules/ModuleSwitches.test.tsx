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
    vi.fn(async (url: string) => (String(url).endsWith('/modules') ? jsonResponse(200, { modules: deployed }) : jsonResponse(200, { docs: [doc('budget', false), doc('exoreader', true)] })));
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
});
