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
  it("lists ticket and the account's enabled modules; choosing one stores it in sessionStorage", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { docs: [doc('budget', false), doc('exoreader', true)] })));
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
    await vi.waitFor(() => expect(document.querySelector('[data-module="reader"]')).not.toBeNull());
    const names = [...document.querySelectorAll('[data-module]')].map((el) => el.getAttribute('data-module'));
    expect(names).toEqual(['ticket', 'disk', 'notes', 'reader']);
    expect(document.querySelector('[data-module="ticket"]')?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByText('Reader'));
    expect(sessionStorage.getItem('module')).toBe('reader');
  });
});
