import { Alert } from '@mantine/core';
import { matchModuleRoute, modulePage } from '@app/module-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleNav } from './components/ModuleNav';
import { useFeatures } from './hooks/account';
import { texts } from './i18n/register';
import { setRouteName } from './lib/api';
import { TICKETS_ROUTES, type TicketsRoute } from './routes';
import type { RouteParams } from './routing';

// The tickets remote's exposed page (`tickets/Page`): every tickets-module screen under /account/:account_id/. A
// record id must be a document id (a known klass prefix such as `cmt-`): `comments/new` (comments are shown only,
// spec §2) or `tickets/abc` is "Page not found", not a failed fetch whose message is meant for developers.

export const matchTicketsRoute = (pathname: string) => matchModuleRoute(TICKETS_ROUTES, pathname);

/** A maintenance screen while the group's maintenance feature is off says so instead. */
function FeatureGate({ route, accountId, children }: { route: TicketsRoute; accountId: string; children: ReactNode }) {
  const { t } = useTranslation('tickets');
  const features = useFeatures(accountId);
  if (route.feature !== 'maintenance' || features.isPending || features.maintenance) return <>{children}</>;
  return (
    <Alert color="gray" data-testid="feature-off">
      {t('features.maintenance_off')}
    </Alert>
  );
}

export default modulePage<TicketsRoute, RouteParams>({
  module: 'tickets',
  routes: TICKETS_ROUTES,
  texts,
  onRoute: setRouteName,
  Nav: ModuleNav,
  routeName: (route) => `tickets.${route.name}`,
  params: (p) => ({ kind: p.kind }),
  Gate: FeatureGate,
});
