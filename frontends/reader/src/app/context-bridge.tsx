import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useSyncExternalStore, type ReactNode } from 'react';
import { Router, useInRouterContext, type Navigator, type To } from 'react-router';
import { isApiError } from '@app/ui';

/**
 * When the remote runs on another copy of react-router or @tanstack/react-query than the shell (the shell shares them
 * tree-shaken, and Module Federation 2.9 hands a remote the full copy from the shell's independent-packages instead of
 * the shell's loaded one: the contexts of the shell's copy are then invisible here), this bridge gives the screens the
 * contexts they need: a router driven by the real URL whose navigations go to the shell's router (pushState + a
 * popstate event, which the shell's browser router listens to), and a query client of the remote's own. When the
 * copies are the shell's (or in tests) it adds nothing.
 */
export function ContextBridge({ children }: { children: ReactNode }) {
  const inRouter = useInRouterContext();
  const queryClient = useContext(QueryClientContext);
  let out = children;
  if (!queryClient) out = <QueryClientProvider client={fallbackQueryClient()}>{out}</QueryClientProvider>;
  if (!inRouter) out = <WindowRouter>{out}</WindowRouter>;
  return <>{out}</>;
}

let client: QueryClient | undefined;
function fallbackQueryClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: {
      queries: { retry: (count, err) => count < 2 && !(isApiError(err) && err.status > 0), refetchOnWindowFocus: false },
    },
  });
  return client;
}

const href = (to: To) => (typeof to === 'string' ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`);

interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

/** A navigation the shell's router follows: the entry is written like react-router's own, then announced. */
function move(kind: 'push' | 'replace', to: To, state?: unknown): void {
  const current = (window.history.state ?? {}) as Partial<HistoryEntry>;
  const entry: HistoryEntry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx: (current.idx ?? 0) + (kind === 'push' ? 1 : 0) };
  if (kind === 'push') window.history.pushState(entry, '', href(to));
  else window.history.replaceState(entry, '', href(to));
  window.dispatchEvent(new PopStateEvent('popstate', { state: entry }));
}

export const windowNavigator: Navigator = {
  createHref: href,
  push: (to, state) => move('push', to, state),
  replace: (to, state) => move('replace', to, state),
  go: (delta) => window.history.go(delta),
};

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const snapshot = () => window.location.href;

/** A controlled <Router> on window.location (re-rendered by popstate and by the shell re-rendering the page). */
function WindowRouter({ children }: { children: ReactNode }) {
  useSyncExternalStore(subscribe, snapshot);
  const { pathname, search, hash } = window.location;
  const entry = (window.history.state ?? {}) as Partial<HistoryEntry>;
  return (
    <Router location={{ pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' }} navigator={windowNavigator}>
      {children}
    </Router>
  );
}
