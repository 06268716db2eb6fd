import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diskEn } from './i18n/en';
import { diskPtBR } from './i18n/pt-BR';
import { matchDiskRoute } from './Page';
import { DISK_SEGMENTS } from './routes';
import { renderAt, stubApi } from './test/render';

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
});
