import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFeatures } from '../hooks/account';

/**
 * The module's own menu (hidden in print): tickets, board, mine, search, the records, the maintenance area. The tabs
 * wrap onto more lines rather than scroll sideways: a phone shows no scrollbar, so the scrolled row looked cut off and
 * its last tabs went unfound.
 */
export function ModuleNav({ accountId }: { accountId: string }) {
  const { t } = useTranslation('tickets');
  const { maintenance } = useFeatures(accountId);
  const { pathname } = useLocation();
  const base = `/account/${accountId}`;
  const items = [
    'tickets',
    'ticket-board',
    'my-tickets',
    'tickets-search',
    'customers',
    'equipment',
    'categories',
    'contracts',
    'estimates',
    ...(maintenance ? ['maintenances', 'maintenance'] : []),
  ];
  return (
    <Box component="nav" className="no-print" data-testid="tickets-nav" pb={4}>
      <Group gap={4} wrap="wrap">
        {items.map((segment) => {
          const to = `${base}/${segment}`;
          const active = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <Button key={segment} component={Link} to={to} size="compact-sm" variant={active ? 'light' : 'subtle'} style={{ flexShrink: 0 }}>
              {t(`nav.${segment}`)}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}
