import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { renderAt, selectorOf, stubApi } from '../../test/render';
import { EMPTY_SEARCH, searchSelector } from './SearchPage';

afterEach(() => vi.unstubAllGlobals());

describe('advanced search', () => {
  it('builds the selector of the contract: lowercase escaped text on search, $in for several choices', () => {
    expect(searchSelector(EMPTY_SEARCH)).toEqual({});
    expect(searchSelector({ ...EMPTY_SEARCH, text: ' Fan (CPU) ', status: ['open', 'doing'], priority: ['high'], customer_id: 'cus-1', technical_id: 'usr-1' })).toEqual({
      search: { $regex: 'fan \\(cpu\\)' },
      status: { $in: ['open', 'doing'] },
      priority: 'high',
      customer_id: 'cus-1',
      technical_id: 'usr-1',
    });
  });

  it('the text box takes at most 100 characters, whose escaped pattern stays within the server’s 200', async () => {
    stubApi(() => ({ body: { docs: [] } }));
    renderAt('/account/acc-1/tickets-search');
    expect((await screen.findByRole('textbox', { name: 'Text' })).getAttribute('maxlength')).toBe('100');
    expect((searchSelector({ ...EMPTY_SEARCH, text: '('.repeat(100) }).search as { $regex: string }).$regex).toHaveLength(200);
  });

  it('sends the text, filters, page size, sort and direction; pages with skip', async () => {
    const tickets = Array.from({ length: 10 }, (_, i) => ({ _id: `tkt-${i}`, _rev: '1-a', klass: 'Ticket', number: i + 1, title: `T${i}`, status: 'open' }));
    const { calls } = stubApi((call) => (selectorOf(call).klass === 'Ticket' ? { body: { docs: tickets } } : undefined));
    renderAt('/account/acc-1/tickets-search');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Text' }), { target: { value: 'Fan' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Blocked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => selectorOf(c).search)).toBe(true));
    const find = calls.filter((c) => selectorOf(c).search).pop()!;
    expect(find.body).toMatchObject({ selector: { klass: 'Ticket', search: { $regex: 'fan' }, status: 'block' }, sort: [{ number: 'desc' }], limit: 25, skip: 0 });
    // fewer than a page came back: no next page
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('shows the found tickets as cards on a phone (the tickets list layout), not a six-column table', async () => {
    phoneWindow();
    const tickets = [{ _id: 'tkt-2', _rev: '1-a', klass: 'Ticket', number: 2, title: 'Screen flickers', status: 'doing', priority: 'high', customer_name: 'Maria Silva' }];
    stubApi((call) => (selectorOf(call).klass === 'Ticket' ? { body: { docs: tickets } } : undefined));
    renderAt('/account/acc-1/tickets-search');
    const [card] = await screen.findAllByTestId('ticket-card');
    expect(screen.queryByTestId('tickets-table')).toBeNull();
    expect(card.textContent).toContain('#2 Screen flickers');
    expect(card.textContent).toContain('Doing');
    expect(card.textContent).toContain('High');
    expect(card.textContent).toContain('Customer: Maria Silva');
  });

  it('keeps the table on a wide screen', async () => {
    stubApi((call) => (selectorOf(call).klass === 'Ticket' ? { body: { docs: [{ _id: 'tkt-1', _rev: '1-a', klass: 'Ticket', number: 1, title: 'T', status: 'open' }] } } : undefined));
    renderAt('/account/acc-1/tickets-search');
    expect(await screen.findByTestId('tickets-table')).toBeTruthy();
    expect(screen.queryByTestId('ticket-card')).toBeNull();
  });
});
