import { matchModuleRoute, modulePage } from '@app/module-kit';
import { DiskNav } from './components/DiskNav';
import { UploadsProvider } from './hooks/uploads';
import { texts } from './i18n/register';
import { setRouteName } from './lib/api';
import { DISK_ROUTES, type DiskRoute } from './routes';
import type { RouteParams } from './routing';

// The disk remote's exposed page (`disk/Page`): every disk screen under /account/:account_id/, with the upload queue
// that outlives a screen.

export const matchDiskRoute = (pathname: string) => matchModuleRoute(DISK_ROUTES, pathname);

export default modulePage<DiskRoute, RouteParams>({
  module: 'disk',
  routes: DISK_ROUTES,
  texts,
  onRoute: setRouteName,
  Nav: DiskNav,
  params: (p) => ({ dirId: p.dir_id }),
  Provider: UploadsProvider,
});
