import type { Klass } from '@app/proto';

// Where each kind of record is shown (spec §2 timeline: a row links to its record). One table for the web app: the
// shell's pages and the module remotes' first path segments (the shell's modules/module-routes.ts routes those
// segments to their remote). Kinds without a page of their own (technical ones) have none.

/** The path under /account/:account_id/ of a record of each kind: `:id` is the record's id. */
export const RECORD_PATHS: Partial<Record<Klass, string>> = {
  // the shell's pages: the group and its settings on the admin page, a membership on the member page
  Account: 'admin',
  AccountConfiguration: 'admin',
  Phone: 'admin',
  Address: 'admin',
  Subscription: 'users/:id',
  // the tickets remote
  Ticket: 'tickets/:id',
  Comment: 'comments/:id',
  Customer: 'customers/:id',
  Equipment: 'equipment/:id',
  Category: 'categories/:id',
  Contract: 'contracts/:id',
  Estimate: 'estimates/:id',
  Maintenance: 'maintenances/:id',
  // the finance remote
  Wallet: 'wallets/:id',
  Income: 'incomes/:id',
  Outgo: 'outgos/:id',
  Transfer: 'transfers/:id',
  Exchange: 'exchanges/:id',
  Mapping: 'mappings/:id',
  // the notes remote
  Handbook: 'handbooks/:id',
  Bookmark: 'bookmarks/:id',
  // the reader remote
  ReaderSubscription: 'reader_subscriptions/:id',
  ReaderLabel: 'reader_labels/:id',
  ReaderItem: 'reader_items/:id',
};

/** The web app's path of a record (`/account/acc-1/tickets/tkt-1`), or undefined when its kind has no page. */
export function recordPath(accountId: string, klass: string, id: string): string | undefined {
  const path = Object.prototype.hasOwnProperty.call(RECORD_PATHS, klass) ? RECORD_PATHS[klass as Klass] : undefined;
  if (!path || !accountId) return undefined;
  return `/account/${encodeURIComponent(accountId)}/${path.replace(':id', encodeURIComponent(id))}`;
}
