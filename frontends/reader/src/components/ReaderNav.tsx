import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

// spec §2's reader menu: its three lists
const ITEMS = ['reader_items', 'reader_subscriptions', 'reader_labels'] as const;

/** The module's own menu (hidden in print); the tabs wrap onto more lines on a phone rather than scroll out of sight. */
export function ReaderNav({ accountId }: { accountId: string }) {
  const { t } = useTranslation('reader');
  const { pathname } = useLocation();
  const base = `/account/${accountId}`;
  return (
    <Box component="nav" className="no-print" data-testid="reader-nav" pb={4}>
      <Group gap={4} wrap="wrap">
        {ITEMS.map((item) => {
          const to = `${base}/${item}`;
          const active = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <Button key={item} component={Link} to={to} size="compact-sm" variant={active ? 'light' : 'subtle'} aria-current={active ? 'page' : undefined}>
              {t(`nav.${item}`)}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}
