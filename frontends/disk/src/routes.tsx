import { routeSegments, type ModuleRoute } from '@app/module-kit';
import { lazy } from 'react';

// Every disk screen under /account/:account_id/, one table (STYLE 7). disk and disk/:dir_id are the same screen (spec
// §2); the named screens are listed before ":dir_id" so they win (folder ids start with cfl-).

const DiskPage = lazy(() => import('./pages/disk/DiskPage'));
const StarredPage = lazy(() => import('./pages/disk/DiskPage').then((m) => ({ default: m.StarredPage })));
const TrashPage = lazy(() => import('./pages/trash/TrashPage'));
const WebDavPage = lazy(() => import('./pages/webdav/WebDavPage'));

export type DiskRoute = ModuleRoute;

export const DISK_ROUTES: DiskRoute[] = [
  { path: 'disk', name: 'disk.index', Component: DiskPage },
  { path: 'disk/starred', name: 'disk.starred', Component: StarredPage },
  { path: 'disk/trash', name: 'disk.trash', Component: TrashPage },
  { path: 'disk/webdav', name: 'disk.webdav', Component: WebDavPage },
  { path: 'disk/:dir_id', name: 'disk.folder', Component: DiskPage },
];

/** The first path segments this remote serves (what the shell routes to it). */
export const DISK_SEGMENTS = routeSegments(DISK_ROUTES);
