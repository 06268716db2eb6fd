import { QueryClientContext } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { useInRouterContext } from 'react-router';

// The frame every exposed part of a module remote renders in (its Page, the reader's dashboard card): the module's
// name for the kit's parts (their texts' namespace, the module's query keys), on the shell's router and query client.

const ModuleContext = createContext<string | undefined>(undefined);

/** The name of the module rendering (its i18n namespace and its query keys' first element). */
export function useModuleName(): string {
  const module = useContext(ModuleContext);
  if (!module) throw new Error('a module part rendered outside its ModuleFrame');
  return module;
}

/** A module remote runs on another copy of a host singleton than the shell (docs/decisions.md, "Host singletons"). */
export class HostSingletonError extends Error {
  constructor(module: string, pkg: string) {
    super(`the ${module} module does not see the shell's ${pkg}: it runs on another copy of it than the shell`);
    this.name = 'HostSingletonError';
  }
}

/**
 * The module's parts run on the shell's react-router and @tanstack/react-query (host singletons: the remote ships no
 * copy of its own, and the shell's runtime plugin hands it the shell's loaded ones), so the screens navigate with the
 * shell's router and their queries live in the shell's cache, where its live updates and counters reach them. Without
 * those contexts the remote got another copy: it fails here, where the shell shows the module error, rather than
 * running on a router and a cache of its own.
 */
export function ModuleFrame({ module, children }: { module: string; children: ReactNode }) {
  const inRouter = useInRouterContext();
  const queryClient = useContext(QueryClientContext);
  if (!inRouter) throw new HostSingletonError(module, 'react-router');
  if (!queryClient) throw new HostSingletonError(module, '@tanstack/react-query');
  return <ModuleContext.Provider value={module}>{children}</ModuleContext.Provider>;
}

/** The module's screen being shown: its account and its route's name, and the params its Page adds (ModulePageOptions). */
export interface ModuleRouteBase {
  accountId: string;
  /** the route's name, sent as x-route-name */
  name: string;
  /** a `:record_id` of the route */
  recordId?: string;
}

export const ModuleRouteContext = createContext<ModuleRouteBase>({ accountId: '', name: '' });

/** The screen's route, typed as the module's own (a module's routing.tsx: `useModuleRoute<RouteParams>()`). */
export const useModuleRoute = <P extends ModuleRouteBase = ModuleRouteBase>() => useContext(ModuleRouteContext) as P;
