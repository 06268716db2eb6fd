import { matchModuleRoute, modulePage } from '@app/module-kit';
import { ReaderNav } from './components/ReaderNav';
import { texts } from './i18n/register';
import { setRouteName } from './lib/api';
import { READER_ROUTES } from './routes';

// The reader remote's exposed page (`reader/Page`): every reader screen under /account/:account_id/. A record id must
// be an id of the screen's klass (`rsb-…` under reader_subscriptions): `reader_subscriptions/abc` is "Page not found".

export const matchReaderRoute = (pathname: string) => matchModuleRoute(READER_ROUTES, pathname);

export default modulePage({ module: 'reader', routes: READER_ROUTES, texts, onRoute: setRouteName, Nav: ReaderNav });
