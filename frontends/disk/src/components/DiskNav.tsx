import { ModuleNav, type NavActive } from '@app/module-kit';

// the files (root and folders), the starred ones, the trash, the WebDAV setup
const ITEMS = [
  { key: 'files', path: 'disk' },
  { key: 'starred', path: 'disk/starred' },
  { key: 'trash', path: 'disk/trash' },
  { key: 'webdav', path: 'disk/webdav' },
];

/** A folder (disk/cfl-…) is under "files"; the named screens are their own. */
const active: NavActive = (item, pathname, base) => {
  const current = pathname.replace(/\/+$/, '');
  const named = ITEMS.find((i) => i.key !== 'files' && current === `${base}/${i.path}`);
  const to = `${base}/${item.path}`;
  return named ? named.key === item.key : item.key === 'files' && (current === to || current.startsWith(`${to}/`));
};

export const DiskNav = ({ accountId }: { accountId: string }) => <ModuleNav accountId={accountId} items={ITEMS} active={active} />;
