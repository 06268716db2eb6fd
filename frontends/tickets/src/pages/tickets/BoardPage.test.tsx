import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '../../test/render';
import { phoneWindow } from '@app/ui/src/testing/phone-window';

const STATUSES = ['open', 'block', 'doing', 'review', 'done', 'cancel'];
/** the `ticket-board` view's answer for these tickets */
const boardOf = (tickets: Array<{ status: string; number: number }>) => ({
  rows: STATUSES.map((key) => ({ key, value: { cards: tickets.filter((t) => t.status === key).sort((a, b) => b.number - a.number), more: false } })),
});
const isBoard = (url: string) => url.includes('/_design/ticket-board/_view/all');

afterEach(() => vi.unstubAllGlobals());

describe('the ticket board', () => {
  it('shows six status columns; dragging a card to another column calls the status handler and moves the card', async () => {
    const tickets = [
      { _id: 'tkt-1', _rev: '1-a', klass: 'Ticket', number: 1, title: 'Printer jams', status: 'open', priority: 'high' },
      { _id: 'tkt-2', _rev: '1-a', klass: 'Ticket', number: 2, title: 'Screen flickers', status: 'doing', priority: 'low' },
    ];
    const { calls } = stubApi((call) => {
      if (isBoard(call.url)) return { body: boardOf(tickets) };
      const m = /\/_design\/ticket-status\/_update\/(\w+)\/(tkt-\d+)$/.exec(call.url);
      if (m && call.method === 'PUT') {
        const t = tickets.find((x) => x._id === m[2])!;
        t.status = m[1];
        return { body: { ok: true, id: t._id, rev: '2-b', doc: t } };
      }
      return undefined;
    });
    renderAt('/account/acc-1/ticket-board');
    for (const s of ['open', 'block', 'doing', 'review', 'done', 'cancel']) expect(await screen.findByTestId(`board-column-${s}`)).toBeTruthy();
    const open = screen.getByTestId('board-column-open');
    const done = screen.getByTestId('board-column-done');
    const card = await within(open).findByTestId('board-card-1');
    expect(within(screen.getByTestId('board-column-doing')).getByText('#2 Screen flickers')).toBeTruthy();

    fireEvent.dragStart(card);
    fireEvent.dragOver(done);
    fireEvent.drop(done);

    // the card moves at once, and stays after the columns reload
    expect(await within(done).findByTestId('board-card-1')).toBeTruthy();
    expect(within(open).queryByTestId('board-card-1')).toBeNull();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/acc-1/_design/ticket-status/_update/done/tkt-1');
    await waitFor(() => expect(calls.filter((c) => isBoard(c.url)).length).toBeGreaterThan(1));
    expect(within(done).getByTestId('board-card-1')).toBeTruthy();
    expect(within(open).queryByTestId('board-card-1')).toBeNull();
  });

  it('does not call the handler when a card is dropped on its own column', async () => {
    const { calls } = stubApi((call) =>
      isBoard(call.url) ? { body: boardOf([{ _id: 'tkt-1', _rev: '1-a', klass: 'Ticket', number: 1, title: 'A', status: 'open' } as never]) } : undefined,
    );
    renderAt('/account/acc-1/ticket-board');
    const open = await screen.findByTestId('board-column-open');
    const card = await within(open).findByTestId('board-card-1');
    fireEvent.dragStart(card);
    fireEvent.drop(open);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('the board without dragging', () => {
  it("moves a card through its menu (touch screens, keyboard)", async () => {
    const ticket = { _id: 'tkt-3', _rev: '1-a', klass: 'Ticket', number: 3, title: 'C', status: 'open' };
    const { calls } = stubApi((call) => {
      if (isBoard(call.url)) return { body: boardOf([ticket]) };
      if (call.method === 'PUT') {
        ticket.status = call.url.split('/')[5];
        return { body: { ok: true, id: 'tkt-3', rev: '2-b' } };
      }
      return undefined;
    });
    renderAt('/account/acc-1/ticket-board');
    fireEvent.click(await screen.findByTestId('card-move-3'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Review' }));
    expect(await within(screen.getByTestId('board-column-review')).findByTestId('board-card-3')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/acc-1/_design/ticket-status/_update/review/tkt-3');
  });
});


describe('the board on a phone', () => {
  it('shows one column, opening on the first one with cards, and a switcher listing every status with its count', async () => {
    phoneWindow();
    stubApi((call) =>
      isBoard(call.url)
        ? {
            body: boardOf([
              { _id: 'tkt-4', klass: 'Ticket', number: 4, title: 'D', status: 'doing' },
              { _id: 'tkt-5', klass: 'Ticket', number: 5, title: 'E', status: 'done' },
            ] as never),
          }
        : undefined,
    );
    renderAt('/account/acc-1/ticket-board');
    expect(await screen.findByTestId('board-card-4')).toBeTruthy();
    expect(screen.getByTestId('board-column-doing')).toBeTruthy();
    for (const s of ['open', 'block', 'review', 'done', 'cancel']) expect(screen.queryByTestId(`board-column-${s}`)).toBeNull();
    const switcher = screen.getByRole('textbox', { name: 'Column' }) as HTMLInputElement;
    expect(switcher.value).toBe('Doing (1)');
    fireEvent.click(switcher);
    // the dropdown's options count as hidden while Mantine's opening transition runs
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['Open (0)', 'Blocked (0)', 'Doing (1)', 'Review (0)', 'Done (1)', 'Cancelled (0)']);
    fireEvent.click(screen.getByRole('option', { name: 'Done (1)', hidden: true }));
    expect(await screen.findByTestId('board-card-5')).toBeTruthy();
    expect(screen.queryByTestId('board-column-doing')).toBeNull();
  });

  it("moves a card with its menu, stays on the emptied column and counts the card in the other one", async () => {
    phoneWindow();
    const ticket = { _id: 'tkt-6', klass: 'Ticket', number: 6, title: 'F', status: 'open' };
    const { calls } = stubApi((call) => {
      if (isBoard(call.url)) return { body: boardOf([ticket] as never) };
      if (call.method === 'PUT') {
        ticket.status = call.url.split('/')[5];
        return { body: { ok: true, id: 'tkt-6', rev: '2-b' } };
      }
      return undefined;
    });
    renderAt('/account/acc-1/ticket-board');
    fireEvent.click(await screen.findByTestId('card-move-6'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Review' }));
    await waitFor(() => expect(screen.queryByTestId('board-card-6')).toBeNull());
    expect(within(screen.getByTestId('board-column-open')).getByTestId('empty-column')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/acc-1/_design/ticket-status/_update/review/tkt-6');
    fireEvent.click(screen.getByRole('textbox', { name: 'Column' }));
    expect(await screen.findByRole('option', { name: 'Review (1)', hidden: true })).toBeTruthy();
  });
});
