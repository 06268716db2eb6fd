import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { renderAt, selectorOf, settings, stubApi, type Call } from '../test/render';

// Every list of the tickets module whose query failed shows only the error card with "Try again": never "Nothing
// here yet." (or an empty board) under it, which said the opposite of the truth.

afterEach(() => vi.unstubAllGlobals());

const FAILED = { status: 500, body: { error: 'internal_server_error', reason: 'The query took too long and was stopped' } };

/** The lists of `klasses` fail; the maintenance feature is on; records and tickets read by id exist. */
function failing(klasses: string[], board = false) {
  return stubApi((call: Call) => {
    const klass = selectorOf(call).klass as string | undefined;
    if (klass === 'AccountConfiguration') return { body: { docs: settings({ maintenance: true }) } };
    if (klass && klasses.includes(klass)) return FAILED;
    if (call.url.includes('/_design/ticket-board/')) return board ? FAILED : { body: { rows: [] } };
    // the open-ticket priority counts answer (their own failure is not this test's)
    if (call.url.includes('/_view/')) return { body: { rows: [] } };
    if (call.method === 'GET' && call.url === '/acc-1/cus-1') return { body: { _id: 'cus-1', _rev: '1-a', klass: 'Customer', name: 'Maria Silva' } };
    if (call.method === 'GET' && call.url === '/acc-1/tkt-5') return { body: { _id: 'tkt-5', _rev: '1-a', klass: 'Ticket', number: 5, title: 'Fan noise', status: 'open' } };
    return undefined;
  });
}

async function expectOnlyErrorCards(count: number) {
  // a lazy screen's first load takes seconds on a busy machine
  await waitFor(() => expect(screen.getAllByTestId('retry')).toHaveLength(count), { timeout: 8000 });
  for (const alert of screen.getAllByRole('alert')) expect(alert.textContent).toContain('Internal server error');
  expect(screen.queryByText('Nothing here yet.')).toBeNull();
  expect(screen.queryByTestId('empty-list')).toBeNull();
}

// the first render of a file loads the lazy routes: more than 5 s when the machine is busy
describe('a list whose query failed', { timeout: 20_000 }, () => {
  it.each([
    ['tickets', 'Ticket'],
    ['my-tickets', 'Ticket'],
    ['tickets-search', 'Ticket'],
    ['customers', 'Customer'],
    ['equipment', 'Equipment'],
    ['categories', 'Category'],
    ['contracts', 'Contract'],
    ['estimates', 'Estimate'],
    ['maintenances', 'Maintenance'],
    ['maintenance', 'Maintenance'],
  ])('%s shows only the error card with Try again, no empty state', async (path, klass) => {
    failing([klass]);
    renderAt(`/account/acc-1/${path}`);
    await expectOnlyErrorCards(1);
  });

  it('the tickets list on a phone shows only the error card, no empty cards text', async () => {
    phoneWindow();
    failing(['Ticket']);
    renderAt('/account/acc-1/tickets');
    await expectOnlyErrorCards(1);
    expect(screen.queryByTestId('ticket-cards')).toBeNull();
  });

  it("a customer's equipment, contracts and tickets each show only their error card", async () => {
    failing(['Equipment', 'Contract', 'Ticket']);
    renderAt('/account/acc-1/customers/cus-1');
    await expectOnlyErrorCards(3);
  });

  it("a ticket's estimates and comments show their error card with Try again", async () => {
    failing(['Estimate', 'Comment']);
    renderAt('/account/acc-1/tickets/tkt-5');
    await expectOnlyErrorCards(2);
  });

  it('the board shows only the error card, neither empty columns nor an empty phone column', async () => {
    failing([], true);
    renderAt('/account/acc-1/ticket-board');
    await expectOnlyErrorCards(1);
    expect(screen.queryByTestId('board')).toBeNull();
  });

  it('Try again asks again and shows the rows once the query answers', async () => {
    let fail = true;
    const { calls } = stubApi((call: Call) => {
      if (selectorOf(call).klass !== 'Customer') return undefined;
      return fail ? FAILED : { body: { docs: [{ _id: 'cus-1', _rev: '1-a', klass: 'Customer', name: 'Maria Silva' }] } };
    });
    renderAt('/account/acc-1/customers');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    const table = await screen.findByTestId('list-customers');
    expect(within(table).getByRole('link', { name: 'Maria Silva' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => selectorOf(c).klass === 'Customer')).toHaveLength(2);
  });

  it('says Tentar de novo in pt-BR', async () => {
    failing(['Customer']);
    renderAt('/account/acc-1/customers', 'pt-BR');
    expect(await screen.findByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
    expect(screen.queryByText('Nada aqui ainda.')).toBeNull();
  });
});
