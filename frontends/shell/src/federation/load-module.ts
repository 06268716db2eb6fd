import { loadRemote, registerGlobalPlugins, registerRemotes, registerShared } from '@module-federation/enhanced/runtime';
import type { ModuleExpose } from '@app/ui';
import { hostSingletonsPlugin } from './host-singletons';

// Module remotes (tickets, finance, disk, notes, reader) are registered at run time from their manifest, so the shell
// is built once and a module ships on its own. The manifest URL follows /modules/<name>/.

export interface RemoteModule {
  name: string;
  /** URL of the remote's mf-manifest.json (or remoteEntry.js) */
  entry: string;
}

/** @mantine/core's version, set at build time (rsbuild.config.ts source.define). */
declare const MANTINE_VERSION: string;

const registered = new Set<string>();
let mantineShared: Promise<void> | undefined;

export function manifestUrl(name: string): string {
  return `/modules/${name}/mf-manifest.json`;
}

/**
 * The shell's @mantine/core offered to the remotes as the singleton (contract: the remotes run on the shell's Mantine
 * theme). It is not in the build's `shared` list: a shared module is one chunk with every component the shell uses,
 * which the login page would load whole (81 kB gzip); bundled normally, the shell loads per page only what it uses.
 * Registered with `lib` before the first remote starts, so it counts as loaded and a remote's own copy of the same
 * version never replaces it; the full library (the rest of the components) loads only then.
 */
export function shareMantine(): Promise<void> {
  mantineShared ??= import('@mantine/core').then((mantine) => {
    registerShared({
      '@mantine/core': { version: MANTINE_VERSION, scope: 'default', lib: () => mantine, shareConfig: { singleton: true, requiredVersion: false } },
    });
  });
  return mantineShared;
}

/**
 * Every remote's runtime, made when the remote first loads, takes the shell's loaded copies of react-router and
 * react-query (host-singletons.ts); registering it again changes nothing.
 */
export function offerHostCopies(): void {
  registerGlobalPlugins([hostSingletonsPlugin()]);
}

/** Loads `<name>/<expose>` of a module remote, registering the remote on first use. */
export async function loadModule<T = unknown>(name: string, expose: ModuleExpose = 'Page', entry = manifestUrl(name)): Promise<T> {
  await shareMantine();
  offerHostCopies();
  if (!registered.has(name)) {
    registerRemotes([{ name, entry }]);
    registered.add(name);
  }
  const loaded = await loadRemote<T>(`${name}/${expose}`);
  if (loaded == null) throw new Error(`module ${name} did not load`);
  return loaded;
}
