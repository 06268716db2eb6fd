import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api';
import { MODULE_REMOTES } from './module-routes';
import type { ModuleName } from './active-module';

// The module remotes the gateway serves (GET /modules): a module's menus, switch and feature flag show only when its
// remote is here, so no menu leads to "module could not be loaded".

export const deployedModulesQuery = {
  queryKey: ['deployed-modules'] as const,
  queryFn: async () => (await api.call('GET /modules')).modules,
  // a deployment changes rarely; a new module shows after a reload at the latest
  staleTime: 10 * 60_000,
};

/** The deployed remotes' names (`['tickets']`), undefined while unknown (loading or the call failed). */
export function useDeployedModules(): readonly string[] | undefined {
  return useQuery(deployedModulesQuery).data;
}

/** Whether a module's remote is deployed; false while unknown. */
export const isDeployed = (module: ModuleName, deployed: readonly string[] | undefined): boolean => !!deployed?.includes(MODULE_REMOTES[module]);
