import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

// the notes screens: handbooks (spec §2's notes menu), the wiki, bookmarks and search
const ITEMS = [
  { key: 'handbooks', path: 'handbooks' },
  { key: 'wiki', path: 'wiki' },
  { key: 'bookmarks', path: 'bookmarks' },
  { key: 'search', path: 'notes-search' },
] as const;

/** The module's own menu (hidden in print); the tabs wrap onto more lines on a phone rather than scroll out of sight. */
export function NotesNav({ accountId }: { accountId: string }) {
  const { t } = useTranslation('notes');
  const { pathname } = useLocation();
  const base = `/account/${accountId}`;
  return (
    <Box component="nav" className="no-print" data-testid="notes-nav" pb={4}>
      <Group gap={4} wrap="wrap">
        {ITEMS.map((item) => {
          const to = `${base}/${item.path}`;
          const active = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <Button key={item.key} component={Link} to={to} size="compact-sm" variant={active ? 'light' : 'subtle'} aria-current={active ? 'page' : undefined}>
              {t(`nav.${item.key}`)}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}
