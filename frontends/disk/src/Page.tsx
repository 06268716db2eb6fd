import { Alert, Loader, Stack } from '@mantine/core';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ContextBridge } from './app/context-bridge';
import { DiskNav } from './components/DiskNav';
import { UploadsProvider } from './hooks/uploads';
import { registerTranslations } from './i18n/register';
import { setRouteName } from './lib/api';
import { DISK_ROUTES } from './routes';
import { RouteContext, type RouteParams } from './routing';

// The disk remote's exposed page (Module Federation `disk/Page`). The shell mounts it for every disk path under
// /account/:account_id/; it matches the full location against its route table itself, so it does not depend on how
// the shell's parent route is written (/account/:account_id/* or /account/:account_id/disk/*).

registerTranslations();

/**
 * The route of a pathname and its params (`:name` segments), or null. Written here rather than react-router's
 * matchPath: a shared library's tree-shaken copy only has the exports the shell uses, and one export more would make
 * the remote load a second react-router (another router context).
 */
export function matchDiskRoute(pathname: string) {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'account' || !parts[1]) return null;
  const rest = parts.slice(2);
  for (const route of DISK_ROUTES) {
    const pattern = route.path.split('/');
    if (pattern.length !== rest.length) continue;
    const params: Record<string, string | undefined> = { account_id: decodeURIComponent(parts[1]) };
    const ok = pattern.every((p, i) => {
      if (p.startsWith(':')) return (params[p.slice(1)] = decodeURIComponent(rest[i])), true;
      return p === rest[i];
    });
    if (ok) return { route, params };
  }
  return null;
}

/** The exposed page: the contexts the screens need (see ContextBridge), the upload queue, the current screen. */
export default function Page() {
  return (
    <ContextBridge>
      <UploadsProvider>
        <DiskScreens />
      </UploadsProvider>
    </ContextBridge>
  );
}

function DiskScreens() {
  const { t, i18n } = useTranslation('disk');
  // the shell's i18next instance (the one its provider hands down) gets the namespace before anything renders
  registerTranslations(i18n);
  const { pathname } = useLocation();
  const found = useMemo(() => matchDiskRoute(pathname.replace(/\/+$/, '') || '/'), [pathname]);
  const accountId = found?.params.account_id ?? /^\/account\/([^/]+)/.exec(pathname)?.[1] ?? '';
  const params: RouteParams = { accountId, dirId: found?.params.dir_id, name: found ? found.route.name : 'disk.not_found' };
  useEffect(() => setRouteName(params.name), [params.name]);
  const Component = found?.route.Component;
  return (
    <RouteContext.Provider value={params}>
      <Stack maw={1200} mx="auto" gap="md" data-testid="disk-module">
        {accountId && <DiskNav accountId={accountId} />}
        <Suspense fallback={<Loader size="sm" />}>{!Component ? <Alert color="gray">{t('common.not_found')}</Alert> : <Component key={pathname} />}</Suspense>
      </Stack>
    </RouteContext.Provider>
  );
}
