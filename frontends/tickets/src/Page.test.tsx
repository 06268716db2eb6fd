import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketsEn } from './i18n/en';
import { ticketsPtBR } from './i18n/pt-BR';
import { matchTicketsRoute } from './Page';
import { TICKETS_SEGMENTS } from './routes';
import { renderAt, selectorOf, settings, stubApi } from './test/render';

afterEach(() => vi.unstubAllGlobals());

describe('the tickets Page', () => {
  it('matches every path of the contract, "new" before a record id', () => {
    const m = (p: string) => {
      const found = matchTicketsRoute(p);
      return found && { name: found.route.name, ...found.params };
    };
    expect(m('/account/acc-1/tickets')).toEqual({ name: 'tickets.index', account_id: 'acc-1' });
    expect(m('/account/acc-1/tickets/new')).toEqual({ name: 'tickets.new', account_id: 'acc-1' });
    expect(m('/account/acc-1/tickets/tkt-9')).toEqual({ name: 'tickets.show', account_id: 'acc-1', record_id: 'tkt-9' });
    expect(m('/account/acc-1/tickets/tkt-9/edit')).toMatchObject({ name: 'tickets.edit', record_id: 'tkt-9' });
    expect(m('/account/acc-1/receipts/service/tkt-9')).toMatchObject({ name: 'receipts.show', kind: 'service', record_id: 'tkt-9' });
    expect(m('/account/acc-1/comments/cmt-1')).toMatchObject({ name: 'comments.show', record_id: 'cmt-1' });
    for (const p of ['ticket-board', 'my-tickets', 'tickets-search', 'maintenance', 'customers/new', 'equipment/eqp-1/edit', 'categories', 'contracts/ctr-1', 'estimates/new', 'maintenances'])
      expect(m(`/account/acc-1/${p}`)).not.toBeNull();
    expect(m('/account/acc-1/wallets')).toBeNull();
    expect(TICKETS_SEGMENTS.sort()).toEqual(
      ['categories', 'comments', 'contracts', 'customers', 'equipment', 'estimates', 'maintenance', 'maintenances', 'my-tickets', 'receipts', 'ticket-board', 'tickets', 'tickets-search'].sort(),
    );
  });

  it('matches no route for a record id that is no document id: comments/new, tickets/abc', () => {
    expect(matchTicketsRoute('/account/acc-1/comments/new')).toBeNull();
    expect(matchTicketsRoute('/account/acc-1/tickets/abc')).toBeNull();
    expect(matchTicketsRoute('/account/acc-1/customers/new/edit')).toBeNull();
    expect(matchTicketsRoute('/account/acc-1/receipts/service/new')).toBeNull();
  });

  it('shows comments/new (comments are shown only) as the friendly "Page not found", without asking the server for it', async () => {
    const { calls } = stubApi(() => undefined);
    renderAt('/account/acc-1/comments/new');
    expect((await screen.findByTestId('page-not-found')).textContent).toBe('Page not found.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/acc-1/new'))).toBe(false);
    // the module's menu stays, so the way back is there
    expect(screen.getByTestId('tickets-nav')).toBeTruthy();
  });

  it('says "Página não encontrada." for an unknown tickets path in pt-BR', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/comments/new', 'pt-BR');
    expect((await screen.findByTestId('page-not-found')).textContent).toBe('Página não encontrada.');
  });

  it('hides the maintenance menu items and area while the maintenance feature is off', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/maintenance');
    expect(await screen.findByTestId('feature-off')).toBeTruthy();
    const nav = screen.getByTestId('tickets-nav');
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Maintenance area' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Maintenances' })).toBeNull();
  });

  it('shows the maintenance area with the feature on: due and overdue ones, warranty end, a new ticket prefilled', async () => {
    const { calls } = stubApi((call) => {
      if (selectorOf(call).klass === 'AccountConfiguration') return { body: { docs: settings({ maintenance: 'true' }) } };
      if (selectorOf(call).klass === 'Maintenance')
        return {
          body: {
            docs: [
              { _id: 'mnt-1', klass: 'Maintenance', next_maintenance: '2000-01-10', equipment_id: 'eqp-1', category_id: 'cat-1', warranty_ends_at: '2000-02-01' },
              { _id: 'mnt-2', klass: 'Maintenance', next_maintenance: '2999-01-10', equipment_id: 'eqp-1' },
            ],
          },
        };
      return undefined;
    });
    renderAt('/account/acc-1/maintenance');
    const rows = await screen.findAllByTestId('maintenance-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('overdue')).toBeTruthy();
    expect(within(rows[0]).getByText(/2000-02-01/)).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: 'New ticket from this maintenance' }).getAttribute('href')).toBe(
      '/account/acc-1/tickets/new?equipment_id=eqp-1&category_id=cat-1&maintenance_id=mnt-1',
    );
    const nav = screen.getByTestId('tickets-nav');
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Maintenance area' })).toBeTruthy());
    const find = calls.find((c) => selectorOf(c).klass === 'Maintenance')!;
    expect((find.body as { sort: unknown }).sort).toEqual([{ next_maintenance: 'asc' }]);
    expect(selectorOf(find).next_maintenance).toHaveProperty('$lte');
  });

  it('has every English text in Portuguese too', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(ticketsPtBR).sort()).toEqual(keys(ticketsEn).sort());
  });
});
