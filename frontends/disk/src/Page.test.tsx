import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@app/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diskEn } from './i18n/en';
import { diskPtBR } from './i18n/pt-BR';
import { registerTranslations } from './i18n/register';
import Page, { matchDiskRoute } from './Page';
import { DISK_SEGMENTS } from './routes';
import { renderAt, rows, selectorOf, stubApi } from './test/render';

afterEach(() => vi.unstubAllGlobals());

describe('the disk Page', () => {
  it('matches disk and disk/:dir_id to the same screen, and the named screens before a folder id', () => {
    const m = (p: string) => {
      const found = matchDiskRoute(p);
      return found && { name: found.route.name, ...found.params };
    };
    expect(m('/account/acc-1/disk')).toEqual({ name: 'disk.index', account_id: 'acc-1' });
    expect(m('/account/acc-1/disk/cfl-9')).toEqual({ name: 'disk.folder', account_id: 'acc-1', dir_id: 'cfl-9' });
    expect(matchDiskRoute('/account/acc-1/disk')?.route.Component).toBe(matchDiskRoute('/account/acc-1/disk/cfl-9')?.route.Component);
    expect(m('/account/acc-1/disk/trash')).toMatchObject({ name: 'disk.trash' });
    expect(m('/account/acc-1/disk/starred')).toMatchObject({ name: 'disk.starred' });
    expect(m('/account/acc-1/disk/webdav')).toMatchObject({ name: 'disk.webdav' });
    expect(m('/account/acc-1/disk/cfl-9/extra')).toBeNull();
    expect(m('/account/acc-1/tickets')).toBeNull();
    expect(DISK_SEGMENTS).toEqual(['disk']);
  });

  it('shows its menu (files, starred, trash, WebDAV) with the current screen marked', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/trash');
    const nav = await screen.findByTestId('disk-nav');
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Disk', '/account/acc-1/disk'],
      ['Starred', '/account/acc-1/disk/starred'],
      ['Trash', '/account/acc-1/disk/trash'],
      ['WebDAV', '/account/acc-1/disk/webdav'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Trash' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Disk' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks "Disk" in the menu inside a folder', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/cfl-3');
    const nav = await screen.findByTestId('disk-nav');
    expect(within(nav).getByRole('link', { name: 'Disk' }).getAttribute('aria-current')).toBe('page');
  });

  it('says "not found" for a path it does not serve', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/cfl-1/nope');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('has every English text in Portuguese too', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(diskPtBR).sort()).toEqual(keys(diskEn).sort());
  });

  it("works on copies of react-router and react-query without the shell's contexts (the context bridge)", async () => {
    stubApi((call) => {
      if (call.url.startsWith('/acc-1/_design/disk/_view/path')) return rows([{ key: 'cfl-1', value: { name: 'Projects' } }]);
      const root = call.url.endsWith('/_find') && selectorOf(call).dir_id === null && (selectorOf(call).kind as { $in: string[] }).$in.includes('dir');
      return root ? { body: { docs: [{ _id: 'cfl-1', _rev: '1-a', klass: 'CloudFile', kind: 'dir', name: 'Projects', dir_id: null }] } } : undefined;
    });
    const i18n = createI18n('en');
    registerTranslations(i18n);
    window.history.replaceState(null, '', '/account/acc-1/disk');
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <Page />
        </MantineProvider>
      </I18nextProvider>,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Projects' }));
    expect(window.location.pathname).toBe('/account/acc-1/disk/cfl-1');
    // the folder's own listing: its name, and the 'show ..' row back to the root
    await waitFor(() => expect(screen.getByTestId('disk-title').textContent).toBe('Projects'));
    expect(within(await screen.findByTestId('up-row')).getByRole('link').getAttribute('href')).toBe('/account/acc-1/disk');
  });
});
