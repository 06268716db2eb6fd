import { routeSegments, type ModuleRoute } from '@app/module-kit';
import { lazy } from 'react';

// Every reader screen under /account/:account_id/ (spec §2: index, show, new and edit of reader_subscriptions and
// reader_labels; reader_items has only index, the feed, and show), one table (STYLE 7). "new" is listed before
// ":record_id" so it wins.

const ItemsPage = lazy(() => import('./pages/items/ItemsPage'));
const ItemShowPage = lazy(() => import('./pages/items/ItemShowPage'));
const SubscriptionsListPage = lazy(() => import('./pages/subscriptions/SubscriptionsListPage'));
const SubscriptionShowPage = lazy(() => import('./pages/subscriptions/SubscriptionShowPage'));
const SubscriptionFormPage = lazy(() => import('./pages/subscriptions/SubscriptionFormPage'));
const LabelsListPage = lazy(() => import('./pages/labels/LabelsListPage'));
const LabelShowPage = lazy(() => import('./pages/labels/LabelShowPage'));
const LabelFormPage = lazy(() => import('./pages/labels/LabelFormPage'));

export type ReaderRoute = ModuleRoute;

export const READER_ROUTES: ReaderRoute[] = [
  { path: 'reader_items', name: 'reader_items.index', Component: ItemsPage },
  { path: 'reader_items/:record_id', name: 'reader_items.show', Component: ItemShowPage, klass: 'ReaderItem' },
  { path: 'reader_subscriptions', name: 'reader_subscriptions.index', Component: SubscriptionsListPage },
  { path: 'reader_subscriptions/new', name: 'reader_subscriptions.new', Component: SubscriptionFormPage },
  { path: 'reader_subscriptions/:record_id', name: 'reader_subscriptions.show', Component: SubscriptionShowPage, klass: 'ReaderSubscription' },
  { path: 'reader_subscriptions/:record_id/edit', name: 'reader_subscriptions.edit', Component: SubscriptionFormPage, klass: 'ReaderSubscription' },
  { path: 'reader_labels', name: 'reader_labels.index', Component: LabelsListPage },
  { path: 'reader_labels/new', name: 'reader_labels.new', Component: LabelFormPage },
  { path: 'reader_labels/:record_id', name: 'reader_labels.show', Component: LabelShowPage, klass: 'ReaderLabel' },
  { path: 'reader_labels/:record_id/edit', name: 'reader_labels.edit', Component: LabelFormPage, klass: 'ReaderLabel' },
];

/** The first path segments this remote serves (what the shell routes to it). */
export const READER_SEGMENTS = routeSegments(READER_ROUTES);
