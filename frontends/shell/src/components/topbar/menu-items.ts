// The account menu per module (spec §2 "Menu per module"): the main items of the active module, its secondary items
// (the Others dropdown on medium and wider screens) and the admin items.
import type { ModuleName } from '../../modules/active-module';

export interface MenuItem {
  /** i18n key under nav.items */
  key: string;
  to: string;
  /** the tickets item carries the open-ticket counter */
  badge?: 'open-tickets';
}

export interface AccountMenuItems {
  main: MenuItem[];
  secondary: MenuItem[];
  admin: MenuItem[];
}

/** Account flags the menu reads (AccountConfiguration `maintenance`, default off; `rdisk`, default on). */
export interface MenuFlags {
  maintenance: boolean;
  rdisk: boolean;
}

const MAIN: Record<ModuleName, string[]> = {
  ticket: ['tickets', 'customers', 'equipment', 'handbooks'],
  notes: ['handbooks', 'disk'],
  disk: ['disk'],
  finance: ['outgos', 'incomes', 'transfers', 'exchanges'],
  reader: ['reader_items', 'reader_subscriptions', 'reader_labels'],
};

const SECONDARY: Record<ModuleName, string[]> = {
  // Board and My tickets sit first among the ticket module's secondary items (the top bar has no room for 7 buttons)
  ticket: ['ticket-board', 'my-tickets', 'estimates', 'contracts', 'maintenances', 'categories', 'disk'],
  finance: ['wallets', 'categories', 'mappings', 'disk'],
  reader: ['disk'],
  notes: [],
  disk: [],
};

// the route segment of each admin item (members live at /subscriptions)
const ADMIN: Array<[key: string, segment: string]> = [
  ['admin', 'admin'],
  ['members', 'subscriptions'],
  ['billing', 'billing'],
  ['usage', 'usage'],
];

export function accountMenuItems(module: ModuleName, accountId: string, flags: MenuFlags): AccountMenuItems {
  const base = `/account/${accountId}`;
  const item = (key: string): MenuItem => ({ key, to: `${base}/${key}`, ...(key === 'tickets' ? { badge: 'open-tickets' as const } : {}) });
  const shown = (key: string) => (key === 'maintenances' ? flags.maintenance : key === 'disk' ? flags.rdisk : true);
  return {
    main: [{ key: 'dashboard', to: base }, ...MAIN[module].map(item)],
    secondary: SECONDARY[module].filter(shown).map(item),
    admin: ADMIN.map(([key, segment]) => ({ key, to: `${base}/${segment}` })),
  };
}
