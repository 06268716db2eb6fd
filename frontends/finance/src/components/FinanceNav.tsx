import { ModuleNav } from '@app/module-kit';

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
];

export const FinanceNav = ({ accountId }: { accountId: string }) => <ModuleNav accountId={accountId} items={ITEMS} />;
