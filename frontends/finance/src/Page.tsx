import { matchModuleRoute, modulePage } from '@app/module-kit';
import { FinanceNav } from './components/FinanceNav';
import { texts } from './i18n/register';
import { setRouteName } from './lib/api';
import { FINANCE_ROUTES } from './routes';

// The finance remote's exposed page (`finance/Page`): every finance screen under /account/:account_id/. A record id
// must be an id of the screen's klass (`out-…` under outgos): `outgos/abc` is "Page not found".

export const matchFinanceRoute = (pathname: string) => matchModuleRoute(FINANCE_ROUTES, pathname);

export default modulePage({
  module: 'finance',
  routes: FINANCE_ROUTES,
  texts,
  onRoute: setRouteName,
  Nav: FinanceNav,
  routeName: (route) => `finance.${route.name}`,
});
