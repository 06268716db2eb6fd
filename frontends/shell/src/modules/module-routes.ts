// Which module remote serves an account path (`/account/:account_id/<segment>/…`). The one table of the shell's module
// routing: the route of routes.tsx hands every account path that no shell page claims to the remote named here.
import type { ModuleName } from './active-module';

/** The Module Federation name of each module's remote (served as /modules/<remote>/mf-manifest.json). */
export const MODULE_REMOTES = {
  ticket: 'tickets',
  finance: 'finance',
  disk: 'disk',
  notes: 'notes',
  reader: 'reader',
} as const satisfies Record<ModuleName, string>;

export type RemoteName = (typeof MODULE_REMOTES)[ModuleName];

/** The first path segment under /account/:account_id/ that each remote's `./Page` routes. */
export const REMOTE_SEGMENTS: Record<RemoteName, readonly string[]> = {
  tickets: [
    'tickets',
    'ticket-board',
    'my-tickets',
    'tickets-search',
    'customers',
    'equipment',
    'categories',
    'contracts',
    'estimates',
    'maintenances',
    'maintenance',
    'comments',
    'receipts',
  ],
  finance: ['outgos', 'incomes', 'transfers', 'exchanges', 'wallets', 'wallets-upload', 'mappings', 'finance'],
  disk: ['disk'],
  notes: ['handbooks', 'wiki', 'bookmarks', 'notes-search'],
  reader: ['reader_items', 'reader_subscriptions', 'reader_labels'],
};

const BY_SEGMENT = new Map<string, RemoteName>(
  (Object.entries(REMOTE_SEGMENTS) as [RemoteName, readonly string[]][]).flatMap(([remote, segments]) => segments.map((s) => [s, remote] as const)),
);

/** The remote serving a segment (`customers` → tickets), or undefined when no module owns it. */
export function remoteForSegment(segment: string | null | undefined): RemoteName | undefined {
  return segment ? BY_SEGMENT.get(segment) : undefined;
}

/**
 * The remote serving the rest of an account path: `tickets/tkt-1/edit` → tickets. `rest` is what follows
 * /account/:account_id/ (react-router's splat); a leading slash or a query is ignored.
 */
export function remoteForAccountPath(rest: string | null | undefined): RemoteName | undefined {
  const segment = (rest ?? '').replace(/^\/+/, '').split(/[/?#]/)[0];
  return remoteForSegment(segment);
}
