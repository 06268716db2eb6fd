import { klassOfId } from '@app/proto';
import { Loader, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ContextBridge } from './app/context-bridge';
import { FinanceNav } from './components/FinanceNav';
import { registerTranslations } from './i18n/register';
import { setRouteName } from './lib/api';
import { FINANCE_ROUTES } from './routes';
import { RouteContext, type RouteParams } from './routing';

// The finance remote's exposed page (Module Federation `finance/Page`). The shell mounts it for every finance path
// under /account/:account_id/; it matches the full location against its route table itself, so it does not depend on
// how the shell's parent route is written (/account/:account_id/* or /account/:account_id/<segment>/*).

registerTranslations();

/**
 * The route of a pathname and its params (`:name` segments), or null. A record id must be an id of the screen's
 * klass (`out-…` under outgos): `outgos/abc` is "Page not found", not a failed fetch whose message is meant for
 * developers. Written here rather than react-router's matchPath: a shared library's tree-shaken copy only has the
 * exports the shell uses, and one export more would make the remote load a second react-router (another router
 * context).
 */
export function matchFinanceRoute(pathname: string) {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'account' || !parts[1]) return null;
  const rest = parts.slice(2);
  for (const route of FINANCE_ROUTES) {
    const pattern = route.path.split('/');
    if (pattern.length !== rest.length) continue;
    const params: Record<string, string | undefined> = { account_id: decodeURIComponent(parts[1]) };
    const ok = pattern.every((p, i) => {
      if (p === ':record_id') return klassOfId((params.record_id = decodeURIComponent(rest[i]))) === route.klass;
      return p === rest[i];
    });
    if (ok) return { route, params };
  }
  return null;
}

/** The exposed page: the contexts the screens need (see ContextBridge), then the screen of the current path. */
export default function Page() {
  return (
    <ContextBridge>
      <FinanceScreens />
    </ContextBridge>
  );
}

function FinanceScreens() {
  const { t, i18n } = useTranslation('finance');
  // the shell's i18next instance (the one its provider hands down) gets the namespace before anything renders
  registerTranslations(i18n);
  const { pathname } = useLocation();
  const found = useMemo(() => matchFinanceRoute(pathname.replace(/\/+$/, '') || '/'), [pathname]);
  const accountId = found?.params.account_id ?? /^\/account\/([^/]+)/.exec(pathname)?.[1] ?? '';
  const params: RouteParams = { accountId, recordId: found?.params.record_id, name: found ? `finance.${found.route.name}` : 'finance.not_found' };
  useEffect(() => setRouteName(params.name), [params.name]);
  const Component = found?.route.Component;
  return (
    <RouteContext.Provider value={params}>
      <Stack maw={1200} mx="auto" gap="md" data-testid="finance-module">
        {accountId && <FinanceNav accountId={accountId} />}
        <Suspense fallback={<Loader size="sm" />}>
          {!Component ? (
            // as the shell says it for a path no module owns (AccountModulePage)
            <Text c="dimmed" data-testid="page-not-found">
              {t('common.not_found')}
            </Text>
          ) : (
            <Component key={pathname} />
          )}
        </Suspense>
      </Stack>
    </RouteContext.Provider>
  );
}
