import { isKlass, KLASSES } from '@app/proto';
import type { ApiError } from './client';

// A module remote bundles its own copy of this library, so its API client cannot see the shell's listeners through a
// module variable. The shell puts its hooks on the page (one well-known global) and every client made with
// `hostHookOptions()` calls them: a remote's 401 opens the shell's re-login modal, a newer x-app-version raises the
// shell's new-version banner. (A remote's queries live in the shell's query cache, react-query being a host singleton:
// its writes refresh the shell's counters there, with no hook.)

export interface HostHooks {
  onError?: (err: ApiError, path: string, method: string) => void;
  onVersionChange?: (current: string, loaded: string) => void;
}

/** The queries a write anywhere can make stale beyond the module's own: counters, priority bars, recent changes. */
export function isCountersQuery(queryKey: readonly unknown[]): boolean {
  const first = queryKey[0];
  // whole words: 'account' is not a counter
  return typeof first === 'string' && /(^|-)(count|changes)(-|$)|priority/i.test(first);
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

/** What the shell's live stream saw change in a group, once per burst: the klasses, or 'reset' (reload everything). */
export interface HostLiveChanges {
  accountId: string;
  klasses: readonly string[] | 'reset';
}
type LiveListener = (changes: HostLiveChanges) => void;

// The other direction: the shell's live updates reach a query cache other than the shell's (a module's component tests
// run on one; in the browser a module's queries live in the shell's cache, whose live rules refresh them). The
// listeners live on the page under a well-known symbol, so every copy of this library sees one set.
const LIVE_KEY = Symbol.for('servicedesk.host-live-changes');
const liveListeners = (): Set<LiveListener> => ((globalThis as { [LIVE_KEY]?: Set<LiveListener> })[LIVE_KEY] ??= new Set());

/** A remote follows the shell's live changes until the returned function is called. */
export function onHostLiveChanges(listener: LiveListener): () => void {
  liveListeners().add(listener);
  return () => liveListeners().delete(listener);
}

/** Called by the shell after it has refreshed its own queries. */
export function announceHostLiveChanges(changes: HostLiveChanges): void {
  for (const l of [...liveListeners()]) l(changes);
}

/** What a remote's own query cache must offer followHostLiveChanges (react-query's QueryClient, whichever copy). */
export interface LiveQueryCache {
  invalidateQueries(filters: { predicate: (query: { queryKey: readonly unknown[] }) => boolean; refetchType?: 'none' }): Promise<unknown>;
}

/**
 * A remote's own query cache follows the shell's live changes: when a change of a group touches a klass of this
 * module's service (or the stream was reset), the module's queries of that group (keys `[<module>, …, accountId, …]`)
 * refetch if on screen; a one-record query (`[<module>, 'doc', …]`, what an edit form saves from with its revision) is
 * only marked stale, so it is read again when next opened and never replaced under the user's hands.
 */
export function followHostLiveChanges(cache: LiveQueryCache, module: string): () => void {
  return onHostLiveChanges(({ accountId, klasses }) => {
    if (klasses !== 'reset' && !klasses.some((k) => isKlass(k) && KLASSES[k].service === module)) return;
    const ours = (key: readonly unknown[]) => key[0] === module && key.includes(accountId);
    void cache.invalidateQueries({ predicate: (q) => ours(q.queryKey) && q.queryKey[1] !== 'doc' });
    void cache.invalidateQueries({ predicate: (q) => ours(q.queryKey) && q.queryKey[1] === 'doc', refetchType: 'none' });
  });
}
