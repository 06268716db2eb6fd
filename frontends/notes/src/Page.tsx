import { matchModuleRoute, modulePage } from '@app/module-kit';
import { NotesNav } from './components/NotesNav';
import { texts } from './i18n/register';
import { setRouteName } from './lib/api';
import { NOTES_ROUTES, type NotesRoute } from './routes';
import type { RouteParams } from './routing';

// The notes remote's exposed page (`notes/Page`): every notes screen under /account/:account_id/. A `:record_id` must
// be an id of the screen's klass (`bkm-…` under bookmarks); a `:handbook` is an id or an address, which the screen
// resolves.

export const matchNotesRoute = (pathname: string) => matchModuleRoute(NOTES_ROUTES, pathname);

export default modulePage<NotesRoute, RouteParams>({
  module: 'notes',
  routes: NOTES_ROUTES,
  texts,
  onRoute: setRouteName,
  Nav: NotesNav,
  routeName: (route) => `notes.${route.name}`,
  params: (p) => ({ handbookRef: p.handbook }),
});
