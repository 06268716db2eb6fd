import { routeSegments, type ModuleRoute } from '@app/module-kit';
import { lazy } from 'react';

// Every notes screen under /account/:account_id/, one table (STYLE 7): handbooks (list, new, show, edit, history; a
// handbook by id or by its address), the wiki, bookmarks (list, new, show, edit) and search. "new" is listed before
// the params so it wins.

const HandbooksListPage = lazy(() => import('./pages/handbooks/HandbooksListPage'));
const HandbookShowPage = lazy(() => import('./pages/handbooks/HandbookShowPage'));
const HandbookFormPage = lazy(() => import('./pages/handbooks/HandbookFormPage'));
const HandbookHistoryPage = lazy(() => import('./pages/handbooks/HandbookHistoryPage'));
const WikiPage = lazy(() => import('./pages/wiki/WikiPage'));
const BookmarksListPage = lazy(() => import('./pages/bookmarks/BookmarksListPage'));
const BookmarkShowPage = lazy(() => import('./pages/bookmarks/BookmarkShowPage'));
const BookmarkFormPage = lazy(() => import('./pages/bookmarks/BookmarkFormPage'));
const SearchPage = lazy(() => import('./pages/search/SearchPage'));

export type NotesRoute = ModuleRoute;

export const NOTES_ROUTES: NotesRoute[] = [
  { path: 'handbooks', name: 'handbooks.index', Component: HandbooksListPage },
  { path: 'handbooks/new', name: 'handbooks.new', Component: HandbookFormPage },
  // a handbook's id (hbk-…) or its address, now or before (old addresses lead to the current one)
  { path: 'handbooks/:handbook', name: 'handbooks.show', Component: HandbookShowPage },
  { path: 'handbooks/:handbook/edit', name: 'handbooks.edit', Component: HandbookFormPage },
  { path: 'handbooks/:handbook/history', name: 'handbooks.history', Component: HandbookHistoryPage },
  { path: 'wiki', name: 'wiki', Component: WikiPage },
  { path: 'bookmarks', name: 'bookmarks.index', Component: BookmarksListPage },
  { path: 'bookmarks/new', name: 'bookmarks.new', Component: BookmarkFormPage },
  { path: 'bookmarks/:record_id', name: 'bookmarks.show', Component: BookmarkShowPage, klass: 'Bookmark' },
  { path: 'bookmarks/:record_id/edit', name: 'bookmarks.edit', Component: BookmarkFormPage, klass: 'Bookmark' },
  { path: 'notes-search', name: 'search', Component: SearchPage },
];

/** The first path segments this remote serves (what the shell routes to it). */
export const NOTES_SEGMENTS = routeSegments(NOTES_ROUTES);
