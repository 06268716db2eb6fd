import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

// Module remotes (tickets, finance, disk, notes, reader) are registered at run time from their manifest, so the shell
// is built once and a module ships on its own. None exists yet: the manifest URL follows /modules/<name>/.

export interface RemoteModule {
  name: string;
  /** URL of the remote's mf-manifest.json (or remoteEntry.js) */
  entry: string;
}

const registered = new Set<string>();

export function manifestUrl(name: string): string {
  return `/modules/${name}/mf-manifest.json`;
}

/** Loads `<name>/<expose>` of a module remote, registering the remote on first use. */
export async function loadModule<T = unknown>(name: string, expose = 'App', entry = manifestUrl(name)): Promise<T> {
  if (!registered.has(name)) {
    registerRemotes([{ name, entry }]);
    registered.add(name);
  }
  const loaded = await loadRemote<T>(`${name}/${expose}`);
  if (loaded == null) throw new Error(`module ${name} did not load`);
  return loaded;
}
