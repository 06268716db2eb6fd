import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

// spec §2's finance menu (outgos, incomes, transfers, exchanges), then wallets and mappings (under Others in the shell),
// the statement import (wallets-upload) and the month view
const ITEMS = [
  { key: 'outgos', path: 'outgos' },
  { key: 'incomes', path: 'incomes' },
  { key: 'transfers', path: 'transfers' },
  { key: 'exchanges', path: 'exchanges' },
  { key: 'wallets', path: 'wallets' },
  { key: 'imports', path: 'wallets-upload' },
  { key: 'mappings', path: 'mappings' },
  { key: 'month', path: 'finance/month' },
] as const;

/** The module's own menu (hidden in print); the tabs wrap onto more lines on a phone rather than scroll out of sight. */
export function FinanceNav({ accountId }: { accountId: string }) {
  const { t } = useTranslation('finance');
  const { pathname } = useLocation();
  const base = `/account/${accountId}`;
  return (
    <Box component="nav" className="no-print" data-testid="finance-nav" pb={4}>
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
