// The admin page's tiles per module (spec §2 "Admin page"): each links to its list and counts its klass
// (count-by-klass); the disk files tile counts the disk's files (its usage view: files are not counted records); members,
// billing and usage always; the sub-groups tile only when the account has sub groups. A tile whose list belongs to a
// module remote not deployed is left out (it would open "module could not be loaded").
import type { ModuleName } from '../../modules/active-module';
import { MODULE_REMOTES, remoteForSegment } from '../../modules/module-routes';

export interface AdminTile {
  /** i18n key under nav.items */
  key: string;
  to: string;
  /** the klass counted by count-by-klass; absent for tiles with their own figure */
  klass?: string;
  /** billing and usage show the account's totals */
  totals?: boolean;
  /** counts the disk's files (the disk usage view) */
  disk?: boolean;
  /** the label's i18n key when it is not nav.items.<key> */
  label?: string;
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
const DISK_SEGMENT = 'disk';

/**
 * `deployed`: the deployed module remotes (GET /modules); absent while unknown, when only the tiles of the active
 * module's own remote are given.
 */
export function adminTiles(module: ModuleName, accountId: string, hasSubGroups: boolean, deployed?: readonly string[]): AdminTile[] {
  const base = `/account/${accountId}`;
  const specs: TileSpec[] = [
    ...(module === 'reader' ? READER : []),
    ...(module === 'finance' ? FINANCE : []),
    ...(module === 'ticket' ? TICKET : []),
    ...(module === 'ticket' || module === 'notes' ? [HANDBOOKS] : []),
  ];
  const loads = (segment: string) => {
    const remote = remoteForSegment(segment);
    return !remote || (deployed ? deployed.includes(remote) : remote === MODULE_REMOTES[module]);
  };
  const disk = (module === 'ticket' || module === 'disk' || module === 'notes') && loads(DISK_SEGMENT);
  return [
    ...specs.filter(([, segment]) => loads(segment)).map(([key, segment, klass]) => ({ key, to: `${base}/${segment}`, klass })),
    ...(disk ? [{ key: 'disk', to: `${base}/${DISK_SEGMENT}`, disk: true, label: 'admin.tiles.disk_files' }] : []),
    { key: 'members', to: `${base}/subscriptions`, klass: 'Subscription' },
    { key: 'billing', to: `${base}/billing`, totals: true },
    { key: 'usage', to: `${base}/usage`, totals: true },
    ...(hasSubGroups ? [{ key: 'groups', to: `${base}/groups` }] : []),
  ];
}
