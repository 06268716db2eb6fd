// The packages the web shell and the module remotes hold once per page (docs/decisions.md, "Host singletons"): each keeps
// state that every screen must see alike (React's renderer, the router's location, the query cache, the i18n instance,
// Mantine's theme), so a remote uses the shell's copy and ships none of its own. Read by both sides' Module Federation
// configuration (@app/module-kit/build: the shell's `shared` and the remotes' preset) and by the shell's runtime plugin
// that hands a remote the shell's loaded copy (frontends/shell/src/federation/host-singletons.ts). Browser-safe.

/** How the shell offers a singleton: in its build's `shared` list, or registered at run time (`registerShared`). */
export type HostSingletonProvision = 'build' | 'runtime';

export interface HostSingleton {
  provided: HostSingletonProvision;
  /**
   * The shell shares this package tree-shaken (only the exports it uses, plus these): a remote may import only these
   * exports of it, which its build checks. Absent: the whole package is shared.
   */
  remoteExports?: readonly string[];
}

/** react-router's exports a module's screens may use (declarative mode: no data routers, no loaders). */
const ROUTER_EXPORTS = [
  'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes', 'useNavigate', 'useParams', 'useLocation', 'useSearchParams',
  'useMatch', 'useHref', 'useResolvedPath', 'useOutletContext', 'useInRouterContext', 'matchPath', 'matchRoutes',
  'generatePath', 'createSearchParams', 'resolvePath', 'useRoutes',
] as const;

/** @tanstack/react-query's exports a module's screens may use. */
const QUERY_EXPORTS = [
  'QueryClient', 'QueryClientProvider', 'QueryClientContext', 'useQuery', 'useQueries', 'useInfiniteQuery', 'useMutation',
  'useQueryClient', 'useIsFetching', 'useIsMutating', 'useMutationState', 'keepPreviousData', 'skipToken', 'queryOptions',
  'infiniteQueryOptions',
] as const;

export const HOST_SINGLETONS = {
  react: { provided: 'build' },
  'react-dom': { provided: 'build' },
  'react-router': { provided: 'build', remoteExports: ROUTER_EXPORTS },
  '@tanstack/react-query': { provided: 'build', remoteExports: QUERY_EXPORTS },
  i18next: { provided: 'build' },
  'react-i18next': { provided: 'build' },
  // bundled by the shell and registered at run time: as a build-time shared module it is one 81 kB-gzip chunk that
  // the login page would load whole (frontends/shell/src/federation/load-module.ts shareMantine)
  '@mantine/core': { provided: 'runtime' },
} as const satisfies Record<string, HostSingleton>;

export type HostSingletonName = keyof typeof HOST_SINGLETONS;

export const HOST_SINGLETON_NAMES = Object.keys(HOST_SINGLETONS) as HostSingletonName[];

/** The singletons the shell shares tree-shaken (a remote gets the shell's loaded, tree-shaken copy of each). */
export const TREE_SHAKEN_SINGLETONS = HOST_SINGLETON_NAMES.filter((name) => 'remoteExports' in HOST_SINGLETONS[name]);

/**
 * Packages a remote may not bundle at all, beyond the singletons: the insides of one (react-query's query-core, React's
 * scheduler), which would be a second copy of the singleton's state. React's JSX runtime is the exception: it holds no
 * state and reaches React through the shared `react`.
 */
export const HOST_ONLY_PACKAGES = [...HOST_SINGLETON_NAMES, '@tanstack/query-core', 'scheduler'] as const;
