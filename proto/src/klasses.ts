// The klass registry of spec §3: every kind of document, its id prefix and the service that owns it.
// The gateway routes a document call by the klass in a selector or body, or by the prefix of an id.

export type ServiceName = 'identity' | 'accounts' | 'tickets' | 'finance' | 'disk' | 'notes' | 'reader';

export interface KlassInfo {
  prefix: string;
  service: ServiceName;
  /** counted for usage and the Free-plan limit (spec §3 Counter) */
  counted: boolean;
}

export const KLASSES = {
  User: { prefix: 'usr', service: 'identity', counted: false },
  UserConfiguration: { prefix: 'ucn', service: 'identity', counted: false },
  UserToken: { prefix: 'utk', service: 'identity', counted: false },

  Account: { prefix: 'acc', service: 'accounts', counted: true },
  AccountConfiguration: { prefix: 'acn', service: 'accounts', counted: false },
  Phone: { prefix: 'pho', service: 'accounts', counted: false },
  Address: { prefix: 'adr', service: 'accounts', counted: false },
  Subscription: { prefix: 'sub', service: 'accounts', counted: true },
  PlanPrice: { prefix: 'prc', service: 'accounts', counted: false },
  DocumentChange: { prefix: 'dch', service: 'accounts', counted: false },
  /** a backup's archive record (proto backup.ts), and a restore's */
  Backup: { prefix: 'bak', service: 'accounts', counted: false },
  BackupRestore: { prefix: 'brs', service: 'accounts', counted: false },

  Ticket: { prefix: 'tkt', service: 'tickets', counted: true },
  TicketChecklist: { prefix: 'tck', service: 'tickets', counted: false },
  Comment: { prefix: 'cmt', service: 'tickets', counted: true },
  Customer: { prefix: 'cus', service: 'tickets', counted: true },
  Equipment: { prefix: 'eqp', service: 'tickets', counted: true },
  Category: { prefix: 'cat', service: 'tickets', counted: true },
  Contract: { prefix: 'ctr', service: 'tickets', counted: true },
  ContractItem: { prefix: 'cti', service: 'tickets', counted: false },
  Estimate: { prefix: 'est', service: 'tickets', counted: true },
  Maintenance: { prefix: 'mnt', service: 'tickets', counted: true },

  Wallet: { prefix: 'wal', service: 'finance', counted: true },
  WalletBalance: { prefix: 'wbl', service: 'finance', counted: false },
  Income: { prefix: 'inc', service: 'finance', counted: true },
  Outgo: { prefix: 'out', service: 'finance', counted: true },
  Transfer: { prefix: 'trf', service: 'finance', counted: true },
  Exchange: { prefix: 'exc', service: 'finance', counted: true },
  Mapping: { prefix: 'map', service: 'finance', counted: false },
  /** a bank statement's import (wallets-upload): its options, progress and outcome */
  CsvImport: { prefix: 'csv', service: 'finance', counted: false },
  // Crystal's payload is not shown in the spec; it is registered so its prefix is reserved.
  Crystal: { prefix: 'cry', service: 'finance', counted: false },

  CloudFile: { prefix: 'cfl', service: 'disk', counted: false },

  Handbook: { prefix: 'hbk', service: 'notes', counted: true },
  /** spec §3 "Bookmark entry" */
  Bookmark: { prefix: 'bkm', service: 'notes', counted: false },

  ReaderSubscription: { prefix: 'rsb', service: 'reader', counted: false },
  ReaderLabel: { prefix: 'rlb', service: 'reader', counted: false },
  ReaderItem: { prefix: 'rit', service: 'reader', counted: false },
} as const satisfies Record<string, KlassInfo>;

export type Klass = keyof typeof KLASSES;
export const KLASS_NAMES = Object.keys(KLASSES) as Klass[];

const byPrefix = new Map<string, Klass>(KLASS_NAMES.map((k) => [KLASSES[k].prefix, k]));

export function isKlass(name: unknown): name is Klass {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(KLASSES, name);
}

/** The klass an id belongs to, from its `xxx-` prefix; undefined for an unknown prefix. */
export function klassOfId(id: string): Klass | undefined {
  const dash = id.indexOf('-');
  return dash > 0 ? byPrefix.get(id.slice(0, dash)) : undefined;
}

export function serviceOfKlass(klass: Klass): ServiceName {
  return KLASSES[klass].service;
}
