import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const ITEMS = [
  { key: 'files', path: 'disk' },
  { key: 'starred', path: 'disk/starred' },
  { key: 'trash', path: 'disk/trash' },
  { key: 'webdav', path: 'disk/webdav' },
] as const;

/** The module's own menu row: the files (root and folders), the starred ones, the trash, the WebDAV setup. */
export function DiskNav({ accountId }: { accountId: string }) {
  const { t } = useTranslation('disk');
  const { pathname } = useLocation();
  const base = `/account/${accountId}`;
  const current = pathname.replace(/\/+$/, '');
  // a folder (disk/cfl-…) is under "files"; the named screens are their own
  const named = ITEMS.find((i) => i.key !== 'files' && current === `${base}/${i.path}`);
  return (
    <Box component="nav" data-testid="disk-nav" style={{ overflowX: 'auto' }} pb={4}>
      <Group gap={4} wrap="nowrap">
        {ITEMS.map((item) => {
          const to = `${base}/${item.path}`;
          const active = named ? named.key === item.key : item.key === 'files' && (current === to || current.startsWith(`${to}/`));
          return (
            <Button key={item.key} component={Link} to={to} size="compact-sm" variant={active ? 'light' : 'subtle'} style={{ flexShrink: 0 }} aria-current={active ? 'page' : undefined}>
              {t(`nav.${item.key}`)}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}
