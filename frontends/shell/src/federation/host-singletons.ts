import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { TREE_SHAKEN_SINGLETONS } from '@app/ui';

// The shell shares react-router and @tanstack/react-query tree-shaken (only the exports used, so the login page stays
// small), and Module Federation 2.9 resolves a remote's consumer of them (`import: false`) to the package's *full* copy
// (independent-packages/), never the tree-shaken one the shell loaded: another module instance, whose router and query
// client contexts the shell never fills. This plugin of the runtime hands every remote the shell's loaded copy
// instead. A remote's build checks that it imports only exports that copy carries (@app/module-kit/build), and the
// module's frame fails if it still sees other contexts (@app/module-kit ModuleFrame). docs/decisions.md, "Host
// singletons".

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];

const treeShaken = new Set<string>(TREE_SHAKEN_SINGLETONS);

/** The shell's loaded copy of a tree-shaken singleton for a remote's request, or undefined (then the runtime decides). */
export function hostCopy({ shareScopeMap, scope, pkgName, version }: Pick<ResolveShareArgs, 'shareScopeMap' | 'scope' | 'pkgName' | 'version'>) {
  if (!treeShaken.has(pkgName)) return undefined;
  const versions = shareScopeMap[scope]?.[pkgName] ?? {};
  const shared = versions[version] ?? Object.values(versions).find((s) => s.treeShaking?.lib || s.lib);
  if (shared?.treeShaking?.lib) return { shared, useTreesShaking: true };
  if (shared?.lib) return { shared, useTreesShaking: false };
  return undefined;
}

export function hostSingletonsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'servicedesk-host-singletons',
    resolveShare(args) {
      const copy = hostCopy(args);
      if (copy) args.resolver = () => copy;
      else if (treeShaken.has(args.pkgName)) console.error(`the shell has not loaded ${args.pkgName}: a module would get a copy of its own`);
      return args;
    },
  };
}
