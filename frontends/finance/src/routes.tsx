import { routeSegments, type ModuleRoute } from '@app/module-kit';
import { lazy } from 'react';
import { KINDS, type KindDef } from './lib/records';

// Every finance screen under /account/:account_id/ (spec §2: index, show, new and edit of outgos, incomes, transfers,
// exchanges, wallets and mappings; wallets-upload; and the month view), one table (STYLE 7). "new" is listed before
// ":record_id" so it wins.

const WalletsListPage = lazy(() => import('./pages/wallets/WalletsListPage'));
const WalletShowPage = lazy(() => import('./pages/wallets/WalletShowPage'));
const WalletFormPage = lazy(() => import('./pages/wallets/WalletFormPage'));
const RecordsListPage = lazy(() => import('./pages/records/RecordsListPage'));
const RecordShowPage = lazy(() => import('./pages/records/RecordShowPage'));
const RecordFormPage = lazy(() => import('./pages/records/RecordFormPage'));
const MonthPage = lazy(() => import('./pages/month/MonthPage'));
const ImportPage = lazy(() => import('./pages/imports/ImportPage'));
const MappingsListPage = lazy(() => import('./pages/mappings/MappingsListPage'));
const MappingShowPage = lazy(() => import('./pages/mappings/MappingShowPage'));
const MappingFormPage = lazy(() => import('./pages/mappings/MappingFormPage'));

export type FinanceRoute = ModuleRoute;

function recordRoutes(kind: KindDef): FinanceRoute[] {
  const s = kind.segment;
  return [
    { path: s, name: `${s}.index`, Component: () => <RecordsListPage kind={kind} /> },
    { path: `${s}/new`, name: `${s}.new`, Component: () => <RecordFormPage kind={kind} /> },
    { path: `${s}/:record_id`, name: `${s}.show`, Component: () => <RecordShowPage kind={kind} />, klass: kind.klass },
    { path: `${s}/:record_id/edit`, name: `${s}.edit`, Component: () => <RecordFormPage kind={kind} />, klass: kind.klass },
  ];
}

export const FINANCE_ROUTES: FinanceRoute[] = [
  ...recordRoutes(KINDS.outgos),
  ...recordRoutes(KINDS.incomes),
  ...recordRoutes(KINDS.transfers),
  ...recordRoutes(KINDS.exchanges),
  { path: 'wallets', name: 'wallets.index', Component: WalletsListPage },
  { path: 'wallets/new', name: 'wallets.new', Component: WalletFormPage },
  { path: 'wallets/:record_id', name: 'wallets.show', Component: WalletShowPage, klass: 'Wallet' },
  { path: 'wallets/:record_id/edit', name: 'wallets.edit', Component: WalletFormPage, klass: 'Wallet' },
  { path: 'wallets-upload', name: 'wallets-upload', Component: ImportPage },
  { path: 'mappings', name: 'mappings.index', Component: MappingsListPage },
  { path: 'mappings/new', name: 'mappings.new', Component: MappingFormPage },
  { path: 'mappings/:record_id', name: 'mappings.show', Component: MappingShowPage, klass: 'Mapping' },
  { path: 'mappings/:record_id/edit', name: 'mappings.edit', Component: MappingFormPage, klass: 'Mapping' },
  { path: 'finance/month', name: 'month', Component: MonthPage },
];

/** The first path segments this remote serves (what the shell routes to it). */
export const FINANCE_SEGMENTS = routeSegments(FINANCE_ROUTES);
