import { Loader, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ModuleFrame, ModuleRouteContext, type ModuleRouteBase } from './module-context';
import { matchModuleRoute, type ModuleRoute } from './routes';
import type { ModuleTexts } from './texts';

// A module remote's exposed Page (`<remote>/Page`), made from its route table. The shell mounts it for every path under
// /account/:account_id/ that the module owns; it matches the full location itself, so it does not depend on how the
// shell's parent route is written.

export interface ModulePageOptions<R extends ModuleRoute, P extends ModuleRouteBase> {
  /** the module's name: its remote, its i18n namespace, its query keys' first element, its `data-testid` (`<name>-module`) */
  module: string;
  routes: readonly R[];
  texts: ModuleTexts;
  /** the route's name for the API client's x-route-name header */
  onRoute: (name: string) => void;
  /** the module's menu row, above every screen */
  Nav: ComponentType<{ accountId: string }>;
  /** the name sent for a route (default: its name) */
  routeName?: (route: R) => string;
  /** the screen's params beyond the account, the name and a `:record_id` (useModuleRoute) */
  params?: (params: Record<string, string>) => Omit<P, keyof ModuleRouteBase>;
  /** what the module's screens sit in (the disk's upload queue) */
  Provider?: ComponentType<{ children: ReactNode }>;
  /** a screen the group cannot open now says so instead (tickets: the maintenance feature switched off) */
  Gate?: ComponentType<{ route: R; accountId: string; children: ReactNode }>;
}

const Plain = ({ children }: { children: ReactNode }) => <>{children}</>;

export function modulePage<R extends ModuleRoute, P extends ModuleRouteBase = ModuleRouteBase>(options: ModulePageOptions<R, P>): ComponentType {
  const { module, routes, texts, onRoute, Nav, routeName = (r: R) => r.name, params: extra, Provider = Plain, Gate } = options;
  texts.register();

  function Screens() {
    const { t, i18n } = useTranslation(module);
    // the shell's i18next instance (the one its provider hands down) gets the namespace before anything renders
    texts.register(i18n);
    const { pathname } = useLocation();
    const found = useMemo(() => matchModuleRoute(routes, pathname.replace(/\/+$/, '') || '/'), [pathname]);
    const accountId = found?.params.account_id ?? /^\/account\/([^/]+)/.exec(pathname)?.[1] ?? '';
    const name = found ? routeName(found.route) : `${module}.not_found`;
    useEffect(() => onRoute(name), [name]);
    const route = useMemo(
      () => ({ accountId, name, recordId: found?.params.record_id, ...extra?.(found?.params ?? {}) }),
      [accountId, name, found],
    );
    const Component = found?.route.Component;
    const screen = Component ? (
      <Component />
    ) : (
      // as the shell says it for a path no module owns (AccountModulePage)
      <Text c="dimmed" data-testid="page-not-found">
        {t('common.not_found')}
      </Text>
    );
    return (
      <ModuleRouteContext.Provider value={route}>
        <Stack maw={1200} mx="auto" gap="md" data-testid={`${module}-module`}>
          {accountId && <Nav accountId={accountId} />}
          {/* a boundary of each location's own: the shell's router navigates in a transition, which keeps a boundary's
              last screen (and its links) on view while the next one's code loads; a new boundary shows its loader */}
          <Suspense key={pathname} fallback={<Loader size="sm" />}>
            {found && Gate ? (
              <Gate route={found.route} accountId={accountId}>
                {screen}
              </Gate>
            ) : (
              screen
            )}
          </Suspense>
        </Stack>
      </ModuleRouteContext.Provider>
    );
  }

  return function Page() {
    return (
      <ModuleFrame module={module}>
        <Provider>
          <Screens />
        </Provider>
      </ModuleFrame>
    );
  };
}
