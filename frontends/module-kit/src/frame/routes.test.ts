import { describe, expect, it } from 'vitest';
import { accountPath, matchModuleRoute, routeSegments, type ModuleRoute } from './routes';

const Screen = () => null;
const ROUTES: ModuleRoute[] = [
  { path: 'tickets', name: 'tickets.index', Component: Screen },
  { path: 'tickets/new', name: 'tickets.new', Component: Screen },
  { path: 'tickets/:record_id', name: 'tickets.show', Component: Screen, klass: 'Ticket' },
  { path: 'comments/:record_id', name: 'comments.show', Component: Screen },
  { path: 'receipts/:kind/:record_id', name: 'receipts.show', Component: Screen },
  { path: 'handbooks/:handbook', name: 'handbooks.show', Component: Screen },
];
const m = (p: string) => {
  const found = matchModuleRoute(ROUTES, p);
  return found && { name: found.route.name, ...found.params };
};

describe('matchModuleRoute', () => {
  it('matches the account, the literal segments and the params, "new" before a record id', () => {
    expect(m('/account/acc-1/tickets')).toEqual({ name: 'tickets.index', account_id: 'acc-1' });
    expect(m('/account/acc-1/tickets/new')).toEqual({ name: 'tickets.new', account_id: 'acc-1' });
    expect(m('/account/acc-1/tickets/tkt-9')).toEqual({ name: 'tickets.show', account_id: 'acc-1', record_id: 'tkt-9' });
    expect(m('/account/acc-1/receipts/service/tkt-9')).toEqual({ name: 'receipts.show', account_id: 'acc-1', kind: 'service', record_id: 'tkt-9' });
    expect(m('/account/acc-1/handbooks/troca-de-%C3%B3leo')).toEqual({ name: 'handbooks.show', account_id: 'acc-1', handbook: 'troca-de-óleo' });
  });

  it('takes a record id only when it is a document id, of the route klass when it names one', () => {
    expect(m('/account/acc-1/tickets/abc')).toBeNull();
    expect(m('/account/acc-1/tickets/cmt-1')).toBeNull();
    expect(m('/account/acc-1/comments/cmt-1')).toMatchObject({ name: 'comments.show', record_id: 'cmt-1' });
    expect(m('/account/acc-1/comments/new')).toBeNull();
  });

  it('matches nothing outside an account, past a route or in another module, and keeps a malformed escape as it is', () => {
    expect(m('/tickets')).toBeNull();
    expect(m('/account/acc-1/tickets/tkt-9/extra')).toBeNull();
    expect(m('/account/acc-1/wallets')).toBeNull();
    expect(m('/account/acc-1/handbooks/50%')).toMatchObject({ handbook: '50%' });
  });

  it('lists the first segments a table serves, and writes links inside the account', () => {
    expect(routeSegments(ROUTES)).toEqual(['tickets', 'comments', 'receipts', 'handbooks']);
    expect(accountPath('acc-1', 'tickets', undefined, 'tkt-9')).toBe('/account/acc-1/tickets/tkt-9');
  });
});
