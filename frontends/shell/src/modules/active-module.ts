// The active module (spec §1): the module name stored in the browser session wins; else the host name suggests one;
// else ticket. The switcher lists a module only when its remote is deployed and it is enabled for the account or the
// host name suggests it.
import type { FEATURE_FLAGS } from '@app/proto';
import { MODULE_REMOTES } from './module-routes';

export const MODULES = ['ticket', 'finance', 'disk', 'notes', 'reader'] as const;
export type ModuleName = (typeof MODULES)[number];

/** sessionStorage key of the chosen module. */
export const MODULE_KEY = 'module';

/** The account-configuration flag that enables each optional module (ticket is always enabled). */
export const MODULE_FLAGS: Record<Exclude<ModuleName, 'ticket'>, (typeof FEATURE_FLAGS)[number]> = {
  finance: 'budget',
  disk: 'rdisk',
  notes: 'textnotes',
  reader: 'exoreader',
};

/** Flags enabled when the account has no document for them (spec §3: budget, rdisk, textnotes on; the others off). */
const DEFAULT_ON = new Set(['budget', 'rdisk', 'textnotes']);

export const isModuleName = (name: unknown): name is ModuleName => typeof name === 'string' && (MODULES as readonly string[]).includes(name);

/** The module a host name suggests (`finance.example.com` → finance), or undefined. */
export function hostModule(host: string | null | undefined): ModuleName | undefined {
  const first = (host ?? '').toLowerCase().split('.')[0];
  return (host ?? '').includes('.') && isModuleName(first) ? first : undefined;
}

/** The active module: the stored name when it is a module, else the host's suggestion, else ticket. */
export function activeModule(stored: string | null | undefined, host: string | null | undefined): ModuleName {
  if (isModuleName(stored)) return stored;
  return hostModule(host) ?? 'ticket';
}

/** A configuration value read as on/off: booleans, and the strings true/on/1/enabled/yes. */
export function flagOn(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return ['true', 'on', '1', 'enabled', 'yes'].includes(String(value).toLowerCase());
}

/** Whether a module is switched on for the account: its flag's value in the configuration, else the flag's default. */
export function moduleFlagOn(config: Record<string, unknown> | undefined, name: Exclude<ModuleName, 'ticket'>): boolean {
  const flag = MODULE_FLAGS[name];
  return flagOn(config?.[flag], DEFAULT_ON.has(flag));
}

/**
 * The modules the switcher lists, in a fixed order: ticket always; another module when its remote is deployed
 * (`deployed`: GET /modules; unknown lists none) and its flag is on in the account's configuration (key → value;
 * absent keys take their default) or the host name suggests it. Without an account (no configuration known) only
 * ticket and the host's suggestion are listed.
 */
export function switcherModules(
  config: Record<string, unknown> | undefined,
  host: string | null | undefined,
  deployed: readonly string[] | undefined,
): ModuleName[] {
  const suggested = hostModule(host);
  return MODULES.filter((name) => {
    if (name === 'ticket') return true;
    if (!deployed?.includes(MODULE_REMOTES[name])) return false;
    if (name === suggested) return true;
    return !!config && moduleFlagOn(config, name);
  });
}

/**
 * The deployed modules an administrator may switch on from the switcher (issue 28: a module switched off was found
 * only on the admin page's features card): those the switcher does not list because their flag is off. Empty until
 * both the configuration and the deployed remotes are known.
 */
export function switchedOffModules(
  config: Record<string, unknown> | undefined,
  host: string | null | undefined,
  deployed: readonly string[] | undefined,
): Exclude<ModuleName, 'ticket'>[] {
  if (!config || !deployed) return [];
  const listed = switcherModules(config, host, deployed);
  return MODULES.filter((name): name is Exclude<ModuleName, 'ticket'> => name !== 'ticket' && deployed.includes(MODULE_REMOTES[name]) && !listed.includes(name));
}
