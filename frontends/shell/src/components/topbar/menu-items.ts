// The account menu per module (spec §2 "Menu per module"): the main items of the active module, its secondary items
// (the Others dropdown on medium and wider screens) and the admin items. An item of a module whose remote is not
// deployed is left out (it would open "module could not be loaded"), and so are the admin items for a plain member.
import { configValues, useAccountConfig } from '../../modules/account-config';
import { flagOn, type ModuleName } from '../../modules/active-module';
import { useDeployedModules } from '../../modules/deployed-modules';
import { MODULE_REMOTES, remoteForSegment } from '../../modules/module-routes';
import { useActiveModule } from '../../modules/module-store';
import { useIsAdmin } from '../../pages/admin/admin-data';
import { useBackupSettings } from '../../pages/backups/backups-data';
import { useMayReadReports } from '../../pages/reports/reports-data';

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
  /**
   * The deployed module remotes (GET /modules). Absent while unknown: only the items of the active module's own
   * remote are given, so nothing that may not load is promised meanwhile.
   */
  deployed?: readonly string[];
  /** Whether the user administers the group; false leaves the admin items out (absent: they are given). */
  isAdmin?: boolean;
  /** the adminnoop entry (the backups page): hidden in production (GET /backups/settings `entry`) */
  adminnoop?: boolean;
  /** the user may read the group's reports (an administrator, or a membership with report_view) */
  reports?: boolean;
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
  // each module's menu holds its own things: finance's categories are those of its revenues and expenses (the month
  // view by category), not the tickets module's categories (colours, checklists) at /categories
  finance: ['wallets', 'finance_categories', 'mappings', 'disk'],
  reader: ['disk'],
  // the wiki index and the bookmarks (beyond the spec's menu: the notes module's other screens)
  notes: ['wiki', 'bookmarks'],
  disk: [],
};

// the path of an item whose key is not its page's first path segment
const PATHS: Record<string, string> = { finance_categories: 'finance/month' };

// the route segment of each admin item (members live at /subscriptions)
const ADMIN: Array<[key: string, segment: string]> = [
  ['admin', 'admin'],
  ['members', 'subscriptions'],
  ['billing', 'billing'],
  ['usage', 'usage'],
];

// spec §2: "An adminnoop entry holds backup and reports and is hidden in production"
const ADMINNOOP: [key: string, segment: string] = ['adminnoop', 'backups'];
// …its reports, next to it; also the only admin item of a member with report_view (spec §6)
const REPORTS: [key: string, segment: string] = ['reports', 'reports'];

export function accountMenuItems(module: ModuleName, accountId: string, flags: MenuFlags): AccountMenuItems {
  const base = `/account/${accountId}`;
  const item = (key: string): MenuItem => ({ key, to: `${base}/${PATHS[key] ?? key}`, ...(key === 'tickets' ? { badge: 'open-tickets' as const } : {}) });
  // the first path segment of an item's page (its key, or PATHS's) names the remote serving it
  const loads = (key: string) => {
    const remote = remoteForSegment((PATHS[key] ?? key).split('/')[0]);
    return !remote || (flags.deployed ? flags.deployed.includes(remote) : remote === MODULE_REMOTES[module]);
  };
  const shown = (key: string) => loads(key) && (key === 'maintenances' ? flags.maintenance : key === 'disk' ? flags.rdisk : true);
  return {
    main: [{ key: 'dashboard', to: base }, ...MAIN[module].filter(loads).map(item)],
    secondary: SECONDARY[module].filter(shown).map(item),
    admin: (flags.isAdmin === false
      ? flags.adminnoop && flags.reports
        ? [REPORTS]
        : []
      : [...ADMIN, ...(flags.adminnoop ? [ADMINNOOP, REPORTS] : [])]
    ).map(([key, segment]) => ({ key, to: `${base}/${segment}` })),
  };
}

/**
 * The account menu as the top bar shows it: the active module's items whose remote is deployed, the account's
 * maintenance and rdisk flags, and the admin items for administrators only (hidden until that is known).
 */
export function useAccountMenuItems(accountId: string): AccountMenuItems {
  const module = useActiveModule();
  const values = configValues(useAccountConfig(accountId).data);
  const deployed = useDeployedModules();
  const { isAdmin, isPending } = useIsAdmin(accountId);
  const backups = useBackupSettings();
  const reports = useMayReadReports(accountId);
  return accountMenuItems(module, accountId, {
    adminnoop: backups.data?.entry === true,
    reports,
    maintenance: flagOn(values?.maintenance, false),
    rdisk: flagOn(values?.rdisk, true),
    deployed,
    isAdmin: isAdmin && !isPending,
  });
}
