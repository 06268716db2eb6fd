import { klassOfId, type Klass } from '@app/proto';
import type { ComponentType } from 'react';

// A module's screens are one table of routes under /account/:account_id/ (STYLE 7). The Page matches the full location
// against it itself, written here rather than with react-router's matchPath: the shell shares react-router
// tree-shaken, and a remote may use only the exports the shell's copy carries (docs/decisions.md, "Host singletons").

export interface ModuleRoute {
  /**
   * The path under the account (`tickets/:record_id/edit`). A `:record_id` must be a document id, of `klass` when the
   * route names one (`tickets/abc` or `comments/new` is "Page not found", not a failed fetch); any other `:param`
   * takes the segment as it is. List `new` before `:record_id` so it wins.
   */
  path: string;
  /** the route's name, sent as x-route-name */
  name: string;
  Component: ComponentType;
  /** the klass a `:record_id` must be of (its id prefix) */
  klass?: Klass;
}

export interface RouteMatch<R extends ModuleRoute> {
  route: R;
  /** `account_id` and the route's `:params`, decoded */
  params: Record<string, string>;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The route of a pathname (`/account/<id>/…`) and its params, or null. */
export function matchModuleRoute<R extends ModuleRoute>(routes: readonly R[], pathname: string): RouteMatch<R> | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'account' || !parts[1]) return null;
  const rest = parts.slice(2);
  for (const route of routes) {
    const pattern = route.path.split('/');
    if (pattern.length !== rest.length) continue;
    const params: Record<string, string> = { account_id: decode(parts[1]) };
    const ok = pattern.every((p, i) => {
      if (!p.startsWith(':')) return p === rest[i];
      const value = (params[p.slice(1)] = decode(rest[i]));
      if (p !== ':record_id') return true;
      return route.klass ? klassOfId(value) === route.klass : !!klassOfId(value);
    });
    if (ok) return { route, params };
  }
  return null;
}

/** The first path segments a route table serves (what the shell routes to the remote). */
export const routeSegments = (routes: readonly ModuleRoute[]) => [...new Set(routes.map((r) => r.path.split('/')[0]))];

/** Absolute links inside the account: accountPath('acc-1', 'tickets', id) → /account/acc-1/tickets/<id>. */
export const accountPath = (accountId: string, ...parts: Array<string | null | undefined>) =>
  [`/account/${accountId}`, ...parts.filter((p): p is string => !!p)].join('/');
