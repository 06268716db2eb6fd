import { klassOfId } from '@app/proto';
import { Loader, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ContextBridge } from './app/context-bridge';
import { NotesNav } from './components/NotesNav';
import { registerTranslations } from './i18n/register';
import { setRouteName } from './lib/api';
import { NOTES_ROUTES } from './routes';
import { RouteContext, type RouteParams } from './routing';

// The notes remote's exposed page (Module Federation `notes/Page`). The shell mounts it for every notes path under
// /account/:account_id/; it matches the full location against its route table itself, so it does not depend on how
// the shell's parent route is written (/account/:account_id/* or /account/:account_id/<segment>/*).

registerTranslations();

/**
 * The route of a pathname and its params, or null. A `:record_id` must be an id of the screen's klass (`bkm-…` under
 * bookmarks): `bookmarks/abc` is "Page not found", not a failed fetch. A `:handbook` is an id or an address, which
 * the screen resolves. Written here rather than react-router's matchPath: a shared library's tree-shaken copy only has
 * the exports the shell uses, and one export more would make the remote load a second react-router.
 */
export function matchNotesRoute(pathname: string) {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'account' || !parts[1]) return null;
  const rest = parts.slice(2);
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  for (const route of NOTES_ROUTES) {
    const pattern = route.path.split('/');
    if (pattern.length !== rest.length) continue;
    const params: { account_id: string; record_id?: string; handbook?: string } = { account_id: decode(parts[1]) };
    const ok = pattern.every((p, i) => {
      if (p === ':record_id') return klassOfId((params.record_id = decode(rest[i]))) === route.klass;
      if (p === ':handbook') return !!(params.handbook = decode(rest[i]));
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
      <NotesScreens />
    </ContextBridge>
  );
}

function NotesScreens() {
  const { t, i18n } = useTranslation('notes');
  // the shell's i18next instance (the one its provider hands down) gets the namespace before anything renders
  registerTranslations(i18n);
  const { pathname } = useLocation();
  const found = useMemo(() => matchNotesRoute(pathname.replace(/\/+$/, '') || '/'), [pathname]);
  const accountId = found?.params.account_id ?? /^\/account\/([^/]+)/.exec(pathname)?.[1] ?? '';
  const params: RouteParams = {
    accountId,
    recordId: found?.params.record_id,
    handbookRef: found?.params.handbook,
    name: found ? `notes.${found.route.name}` : 'notes.not_found',
  };
  useEffect(() => setRouteName(params.name), [params.name]);
  const Component = found?.route.Component;
  return (
    <RouteContext.Provider value={params}>
      <Stack maw={1200} mx="auto" gap="md" data-testid="notes-module">
        {accountId && <NotesNav accountId={accountId} />}
        <Suspense fallback={<Loader size="sm" />}>
          {!Component ? (
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
