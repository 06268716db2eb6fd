import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '../../test/render';
import { phoneWindow } from '@app/ui/src/testing/phone-window';

afterEach(() => vi.unstubAllGlobals());


const TICKETS = [
  { _id: 'tkt-2', _rev: '1-a', klass: 'Ticket', number: 2, title: 'Screen flickers', status: 'doing', priority: 'high', customer_name: 'Maria Silva', equipment_identifier: 'NB-001' },
  { _id: 'tkt-1', _rev: '1-a', klass: 'Ticket', number: 1, title: 'Printer jams', status: 'open', priority: 'medium' },
];
const stubTickets = () => stubApi((call) => (call.url === '/acc-1/_find' && (call.body as { selector?: { klass?: string } }).selector?.klass === 'Ticket' ? { body: { docs: TICKETS } } : undefined));

describe('the tickets list on a phone', () => {
  it('shows one card per ticket with its number and title, whole status and priority words and the customer, and no table', async () => {
    phoneWindow();
    stubTickets();
    renderAt('/account/acc-1/tickets');
    const cards = await screen.findAllByTestId('ticket-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByTestId('tickets-table')).toBeNull();
    const first = within(cards[0]);
    expect(first.getByRole('link', { name: '#2 Screen flickers' }).getAttribute('href')).toBe('/account/acc-1/tickets/tkt-2');
    expect(first.getByTestId('status-badge').textContent).toBe('Doing');
    expect(first.getByTestId('priority-badge').textContent).toBe('High');
    expect(first.getByTestId('ticket-card-customer').textContent).toBe('Customer: Maria Silva');
    expect(within(cards[1]).queryByTestId('ticket-card-customer')).toBeNull();
  });

  it('translates the status and priority words of the cards in pt-BR', async () => {
    phoneWindow();
    stubTickets();
    renderAt('/account/acc-1/tickets', 'pt-BR');
    const [card] = await screen.findAllByTestId('ticket-card');
    expect(within(card).getByTestId('status-badge').textContent).toBe('Em andamento');
    expect(within(card).getByTestId('priority-badge').textContent).toBe('Alta');
  });

  it('keeps the table on a wide screen', async () => {
    stubTickets();
    renderAt('/account/acc-1/tickets');
    expect(await screen.findByTestId('tickets-table')).toBeTruthy();
    expect(screen.queryByTestId('ticket-card')).toBeNull();
  });
});
