// The admin page's tiles per module (spec §2 "Admin page"): each links to its list and counts its klass
// (count-by-klass); members, billing and usage always; the sub-groups tile only when the account has sub groups.
import type { ModuleName } from '../../modules/active-module';

export interface AdminTile {
  /** i18n key under nav.items */
  key: string;
  to: string;
  /** the klass counted by count-by-klass; absent for tiles with their own figure */
  klass?: string;
  /** billing and usage show the account's totals */
  totals?: boolean;
}

type TileSpec = [key: string, segment: string, klass: string];

const READER: TileSpec[] = [
  ['reader_items', 'reader_items', 'ReaderItem'],
  ['reader_subscriptions', 'reader_subscriptions', 'ReaderSubscription'],
  ['reader_labels', 'reader_labels', 'ReaderLabel'],
];
const FINANCE: TileSpec[] = [
  ['outgos', 'outgos', 'Outgo'],
  ['incomes', 'incomes', 'Income'],
  ['transfers', 'transfers', 'Transfer'],
  ['exchanges', 'exchanges', 'Exchange'],
  ['wallets', 'wallets', 'Wallet'],
];
const TICKET: TileSpec[] = [
  ['tickets', 'tickets', 'Ticket'],
  // comments have no list of their own (spec §2: comments/{record_id} is show only): they are read on their tickets
  ['comments', 'tickets', 'Comment'],
  ['customers', 'customers', 'Customer'],
  ['equipment', 'equipment', 'Equipment'],
  ['maintenances', 'maintenances', 'Maintenance'],
  ['estimates', 'estimates', 'Estimate'],
  ['categories', 'categories', 'Category'],
  ['contracts', 'contracts', 'Contract'],
];
const HANDBOOKS: TileSpec = ['handbooks', 'handbooks', 'Handbook'];
const DISK: TileSpec = ['disk', 'disk', 'CloudFile'];

export function adminTiles(module: ModuleName, accountId: string, hasSubGroups: boolean): AdminTile[] {
  const base = `/account/${accountId}`;
  const specs: TileSpec[] = [
    ...(module === 'reader' ? READER : []),
    ...(module === 'finance' ? FINANCE : []),
    ...(module === 'ticket' ? TICKET : []),
    ...(module === 'ticket' || module === 'notes' ? [HANDBOOKS] : []),
    ...(module === 'ticket' || module === 'disk' || module === 'notes' ? [DISK] : []),
  ];
  return [
    ...specs.map(([key, segment, klass]) => ({ key, to: `${base}/${segment}`, klass })),
    { key: 'members', to: `${base}/subscriptions`, klass: 'Subscription' },
    { key: 'billing', to: `${base}/billing`, totals: true },
    { key: 'usage', to: `${base}/usage`, totals: true },
    ...(hasSubGroups ? [{ key: 'groups', to: `${base}/groups` }] : []),
  ];
}
