import type { ApiError } from './client';

// A module remote bundles its own copy of this library, so its API client cannot see the shell's listeners through a
// module variable. The shell puts its hooks on the page (one well-known global) and every client made with
// `hostHookOptions()` calls them: a remote's 401 opens the shell's re-login modal, a newer x-app-version raises the
// shell's new-version banner.

export interface HostHooks {
  onError?: (err: ApiError, path: string, method: string) => void;
  onVersionChange?: (current: string, loaded: string) => void;
}

const KEY = Symbol.for('servicedesk.host-api-hooks');
type Holder = { [KEY]?: HostHooks };

/** The shell installs its hooks once, before any remote loads. */
export function provideHostHooks(hooks: HostHooks): void {
  (globalThis as Holder)[KEY] = hooks;
}

export function hostHooks(): HostHooks | undefined {
  return (globalThis as Holder)[KEY];
}

/** Client options that forward errors and version changes to whatever hooks the host installed (none: nothing). */
export function hostHookOptions(): Required<Pick<HostHooks, 'onError' | 'onVersionChange'>> {
  return {
    onError: (err, path, method) => hostHooks()?.onError?.(err, path, method),
    onVersionChange: (current, loaded) => hostHooks()?.onVersionChange?.(current, loaded),
  };
}
