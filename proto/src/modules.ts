import { z } from 'zod';
import type { Klass } from './klasses';

// The modules a group switches on and off (spec §3 account configuration: budget, rdisk, textnotes on by default,
// exoreader off; ACCOUNT_CONFIG_DEFAULTS), and what of the API each one holds. A module switched off for a group
// refuses its API there (403 with a reason that says how an administrator switches it on), not only its menus (issue
// 26 #5: the reader answered with exoreader off). The gateway checks it once per call, with the group's switches that
// the membership resolution brings (accounts.membership.resolve → `modules`). The ticket module is always on.

export const MODULE_SWITCHES = ['budget', 'rdisk', 'textnotes', 'exoreader'] as const;
export type ModuleSwitch = (typeof MODULE_SWITCHES)[number];

/** The module each switch turns on, as people name it. */
export const MODULE_OF_SWITCH: Record<ModuleSwitch, 'finance' | 'disk' | 'notes' | 'reader'> = { budget: 'finance', rdisk: 'disk', textnotes: 'notes', exoreader: 'reader' };

/** Switched on when the group has no setting for it (spec §3). */
export const MODULE_SWITCH_DEFAULTS: Record<ModuleSwitch, boolean> = { budget: true, rdisk: true, textnotes: true, exoreader: false };

/** A group's switches, as accounts.membership.resolve answers them. */
export const ModuleSwitches = z.object({ budget: z.boolean(), rdisk: z.boolean(), textnotes: z.boolean(), exoreader: z.boolean() });
export type ModuleSwitches = z.infer<typeof ModuleSwitches>;

/**
 * The klasses only that module shows: their documents are refused while it is off. Handbooks are not the notes
 * module's alone (the ticket module lists them too, spec §2), so a group without notes keeps them; its bookmarks,
 * wiki search and bookmark files go.
 */
export const MODULE_KLASSES: Record<ModuleSwitch, readonly Klass[]> = {
  budget: ['Wallet', 'WalletBalance', 'Income', 'Outgo', 'Transfer', 'Exchange', 'Mapping', 'CsvImport', 'Crystal'],
  rdisk: ['CloudFile'],
  textnotes: ['Bookmark'],
  exoreader: ['ReaderSubscription', 'ReaderLabel', 'ReaderItem'],
};

/** Design documents (views, update handlers: `<design>` or `<design>/<name>`) that belong to a module. */
export const MODULE_DESIGNS: Record<ModuleSwitch, readonly string[]> = {
  budget: ['money', 'finance', 'imports', 'mappings'],
  rdisk: ['disk'],
  textnotes: ['bookmarks', 'notes'],
  exoreader: ['reader', 'status/read', 'status/unread', 'status/star', 'status/unstar'],
};

/** The switch a klass's documents need, or null (always there). */
export function switchOfKlass(klass: Klass): ModuleSwitch | null {
  for (const s of MODULE_SWITCHES) if (MODULE_KLASSES[s].includes(klass)) return s;
  return null;
}

/**
 * Views of a module's design that are the group's, not the module's: the disk's use counts in the plan's storage
 * (the usage and admin pages show it whatever is switched on).
 */
export const GROUP_VIEWS: readonly string[] = ['disk/usage'];

/** The switch a view or update handler needs, or null. */
export function switchOfDesign(design: string, name: string): ModuleSwitch | null {
  if (GROUP_VIEWS.includes(`${design}/${name}`)) return null;
  for (const s of MODULE_SWITCHES) if (MODULE_DESIGNS[s].includes(`${design}/${name}`) || MODULE_DESIGNS[s].includes(design)) return s;
  return null;
}

/** A setting's value read as on or off: booleans, numbers, and the strings true/on/1/enabled/yes (else off). */
export function switchOn(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return ['true', 'on', '1', 'enabled', 'yes'].includes(String(value).toLowerCase());
}

/** A group's switches from its settings (key → value; a key it has no setting for takes its default). */
export function moduleSwitchesOf(values: Partial<Record<string, unknown>>): ModuleSwitches {
  return {
    budget: switchOn(values.budget, MODULE_SWITCH_DEFAULTS.budget),
    rdisk: switchOn(values.rdisk, MODULE_SWITCH_DEFAULTS.rdisk),
    textnotes: switchOn(values.textnotes, MODULE_SWITCH_DEFAULTS.textnotes),
    exoreader: switchOn(values.exoreader, MODULE_SWITCH_DEFAULTS.exoreader),
  };
}

/** The reason of the 403 a switched-off module's API answers. */
export const moduleOffReason = (s: ModuleSwitch): string =>
  `The ${MODULE_OF_SWITCH[s]} module is switched off for this group: an administrator switches it on in the admin page's features, or sets the group's AccountConfiguration "${s}" to true`;
