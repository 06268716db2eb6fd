import { routeSegments, type ModuleRoute } from '@app/module-kit';
import { lazy } from 'react';
import { ENTITIES, type EntityDef } from './pages/records/entities';
import { CustomerExtra, EquipmentExtra, EstimateActions, EstimateExtra, MaintenanceActions } from './pages/records/extras';
import { RecordFormPage } from './pages/records/RecordFormPage';
import { RecordListPage } from './pages/records/RecordListPage';
import { RecordShowPage } from './pages/records/RecordShowPage';

// Every tickets-module screen under /account/:account_id/ (the brief's path list), one table (STYLE 7). Paths are
// relative to the account; "new" is listed before ":record_id" so it wins.

const TicketsListPage = lazy(() => import('./pages/tickets/TicketsListPage'));
const MyTicketsPage = lazy(() => import('./pages/tickets/TicketsListPage').then((m) => ({ default: m.MyTicketsPage })));
const TicketShowPage = lazy(() => import('./pages/tickets/TicketShowPage'));
const TicketFormPage = lazy(() => import('./pages/tickets/TicketFormPage'));
const BoardPage = lazy(() => import('./pages/tickets/BoardPage'));
const SearchPage = lazy(() => import('./pages/tickets/SearchPage'));
const MaintenanceAreaPage = lazy(() => import('./pages/maintenance/MaintenanceAreaPage'));
const CommentShowPage = lazy(() => import('./pages/comments/CommentShowPage'));
const ReceiptPage = lazy(() => import('./pages/receipts/ReceiptPage'));

export interface TicketsRoute extends ModuleRoute {
  /** the feature flag the screen needs */
  feature?: 'maintenance';
}

function recordRoutes(def: EntityDef, feature?: 'maintenance'): TicketsRoute[] {
  const s = def.segment;
  const extra =
    def.klass === 'Customer'
      ? (d: Parameters<typeof CustomerExtra>[0]['doc']) => <CustomerExtra doc={d} />
      : def.klass === 'Equipment'
        ? (d: Parameters<typeof EquipmentExtra>[0]['doc']) => <EquipmentExtra doc={d} />
        : def.klass === 'Estimate'
          ? (d: Parameters<typeof EstimateExtra>[0]['doc']) => <EstimateExtra doc={d} />
          : undefined;
  const actions =
    def.klass === 'Maintenance'
      ? (d: Parameters<typeof MaintenanceActions>[0]['doc']) => <MaintenanceActions doc={d} />
      : def.klass === 'Estimate'
        ? (d: Parameters<typeof EstimateActions>[0]['doc']) => <EstimateActions doc={d} />
        : undefined;
  return [
    { path: s, name: `${s}.index`, Component: () => <RecordListPage def={def} />, feature },
    { path: `${s}/new`, name: `${s}.new`, Component: () => <RecordFormPage def={def} />, feature },
    { path: `${s}/:record_id`, name: `${s}.show`, Component: () => <RecordShowPage def={def} extra={extra} actions={actions} />, feature },
    { path: `${s}/:record_id/edit`, name: `${s}.edit`, Component: () => <RecordFormPage def={def} />, feature },
  ];
}

export const TICKETS_ROUTES: TicketsRoute[] = [
  { path: 'tickets', name: 'tickets.index', Component: TicketsListPage },
  { path: 'tickets/new', name: 'tickets.new', Component: TicketFormPage },
  { path: 'tickets/:record_id', name: 'tickets.show', Component: TicketShowPage },
  { path: 'tickets/:record_id/edit', name: 'tickets.edit', Component: TicketFormPage },
  { path: 'ticket-board', name: 'ticket-board', Component: BoardPage },
  { path: 'my-tickets', name: 'my-tickets', Component: MyTicketsPage },
  { path: 'tickets-search', name: 'tickets-search', Component: SearchPage },
  ...recordRoutes(ENTITIES.customers),
  ...recordRoutes(ENTITIES.equipment),
  ...recordRoutes(ENTITIES.categories),
  ...recordRoutes(ENTITIES.contracts),
  ...recordRoutes(ENTITIES.estimates),
  ...recordRoutes(ENTITIES.maintenances, 'maintenance'),
  { path: 'maintenance', name: 'maintenance', Component: MaintenanceAreaPage },
  { path: 'comments/:record_id', name: 'comments.show', Component: CommentShowPage },
  { path: 'receipts/:kind/:record_id', name: 'receipts.show', Component: ReceiptPage },
];

/** The first path segments this remote serves (what the shell routes to it). */
export const TICKETS_SEGMENTS = routeSegments(TICKETS_ROUTES);
