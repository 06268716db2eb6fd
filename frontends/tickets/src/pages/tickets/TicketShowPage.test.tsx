import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceHostLiveChanges, followHostLiveChanges } from '@app/ui';
import { formatDateTime } from '../../lib/format';
import { renderAt, selectorOf, settings, stubApi, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const TICKET = {
  _id: 'tkt-5',
  _rev: '3-c',
  klass: 'Ticket',
  number: 5,
  title: 'Fan noise',
  content: 'Fan noise\nwhen hot',
  status: 'open',
  priority: 'medium',
  checklist: [
    { text: 'Clean the fan', checked: false },
    { text: 'Replace thermal paste', checked: true },
  ],
  status_events: [{ status: 'open', from: null, user_id: 'usr-me', user_label: 'Ann', at: '2026-03-04T10:00:00.000Z' }],
};

function api(config: Record<string, unknown>, ticket: Record<string, unknown> = TICKET) {
  return stubApi((call: Call) => {
    if (selectorOf(call).klass === 'AccountConfiguration') return { body: { docs: settings(config) } };
    if (call.method === 'GET' && call.url === '/acc-1/tkt-5') return { body: ticket };
    if (call.method === 'PUT' && call.url.includes('/_design/')) return { body: { ok: true, id: 'tkt-5', rev: '4-d' } };
    return undefined;
  });
}

describe('the ticket page', () => {
  it('hides the checklist while the checklist feature is off', async () => {
    api({});
    renderAt('/account/acc-1/tickets/tkt-5');
    expect(await screen.findByTestId('ticket-content')).toBeTruthy();
    expect(screen.queryByTestId('checklist')).toBeNull();
  });

  it('shows the checklist with the feature on; ticking an item calls the checklist handler', async () => {
    const { calls } = api({ checklist: true });
    renderAt('/account/acc-1/tickets/tkt-5');
    const checklist = await screen.findByTestId('checklist');
    expect(within(checklist).getByText('Checklist (1/2)')).toBeTruthy();
    fireEvent.click(within(checklist).getByRole('checkbox', { name: 'Clean the fan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/acc-1/_design/ticket-checklist/_update/toggle/tkt-5');
    expect(put.body).toEqual({ index: 0, checked: true });
  });

  it('changes the status to any other one through the status handler, and lists the status history', async () => {
    const { calls } = api({});
    renderAt('/account/acc-1/tickets/tkt-5');
    const history = await screen.findByTestId('status-history');
    expect(within(history).getAllByRole('row')).toHaveLength(2);
    expect(within(history).getByText('Ann')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    for (const s of ['block', 'doing', 'review', 'done', 'cancel']) expect(await screen.findByTestId(`status-action-${s}`)).toBeTruthy();
    expect(screen.queryByTestId('status-action-open')).toBeNull();
    fireEvent.click(screen.getByTestId('status-action-review'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.url).toBe('/acc-1/_design/ticket-status/_update/review/tkt-5');
  });

  it('links the contract receipt only for a ticket with a contract (on-demand) and always with "always"', async () => {
    api({});
    const first = renderAt('/account/acc-1/tickets/tkt-5');
    expect(await screen.findByRole('link', { name: 'Receipt' })).toBeTruthy();
    expect(screen.queryByTestId('contract-receipt-link')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    api({}, { ...TICKET, contract_id: 'ctr-1' });
    const second = renderAt('/account/acc-1/tickets/tkt-5');
    expect((await screen.findByTestId('contract-receipt-link')).getAttribute('href')).toBe('/account/acc-1/receipts/contract/tkt-5');
    second.unmount();
    vi.unstubAllGlobals();

    api({ 'contract-receipt': 'always' });
    renderAt('/account/acc-1/tickets/tkt-5');
    expect(await screen.findByTestId('contract-receipt-link')).toBeTruthy();
  });

  it('adds a comment to the ticket', async () => {
    const { calls } = api({});
    renderAt('/account/acc-1/tickets/tkt-5');
    fireEvent.change(await screen.findByRole('textbox', { name: 'New comment' }), { target: { value: 'Fan cleaned' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')!.body).toEqual({ klass: 'Comment', ticket_id: 'tkt-5', content: 'Fan cleaned' });
  });

  function withComments(...contents: string[]) {
    return stubApi((call: Call) => {
      const klass = selectorOf(call).klass;
      if (klass === 'AccountConfiguration') return { body: { docs: settings({}) } };
      if (klass === 'Comment')
        return { body: { docs: contents.map((content, i) => ({ _id: `cmt-${i}`, _rev: '1-a', klass: 'Comment', ticket_id: 'tkt-5', content, created_at: '2026-03-04T10:00:00.000Z' })) } };
      if (call.method === 'GET' && call.url === '/acc-1/tkt-5') return { body: TICKET };
      return undefined;
    });
  }

  it('shows bold, italic, code and links of a comment formatted, links opening apart with rel noopener, line breaks kept', async () => {
    withComments('Ready in **3 dias**, _maybe_ *sooner*\nsee `SN-1` and [the manual](https://example.com/m?a=1) or snake_case_name');
    renderAt('/account/acc-1/tickets/tkt-5');
    const text = await screen.findByTestId('comment-text');
    expect(text.textContent).toBe('Ready in 3 dias, maybe sooner\nsee SN-1 and the manual or snake_case_name');
    expect(text.querySelector('strong')!.textContent).toBe('3 dias');
    expect([...text.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['maybe', 'sooner']);
    expect(text.querySelector('code')!.textContent).toBe('SN-1');
    const link = within(text).getByRole('link', { name: 'the manual' });
    expect(link.getAttribute('href')).toBe('https://example.com/m?a=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('shows <script> and <img onerror> of a comment as text: no element is made and nothing runs', async () => {
    const w = window as unknown as { hacked?: boolean };
    delete w.hacked;
    const raw = '<script>window.hacked = true</script> <img src="x" onerror="window.hacked = true"> **<b>bold</b>**';
    withComments(raw, '[click](javascript:window.hacked=true) [data](data:text/html,<script>alert(1)</script>)');
    renderAt('/account/acc-1/tickets/tkt-5');
    const [first, second] = await screen.findAllByTestId('comment-text');
    expect(first.textContent).toBe('<script>window.hacked = true</script> <img src="x" onerror="window.hacked = true"> <b>bold</b>');
    expect(first.querySelector('script, img, b')).toBeNull();
    expect(first.querySelector('strong')!.textContent).toBe('<b>bold</b>');
    // only http(s) and mailto addresses become links
    expect(second.textContent).toBe('[click](javascript:window.hacked=true) [data](data:text/html,<script>alert(1)</script>)');
    expect(second.querySelector('a, script')).toBeNull();
    expect(w.hacked).toBeUndefined();
  });

  it('tells under the comment box which markdown marks show formatted', async () => {
    api({});
    renderAt('/account/acc-1/tickets/tkt-5');
    expect(await screen.findByText('**bold**, *italic*, `code` and [links](https://…) show formatted')).toBeTruthy();
  });
});

describe("the ticket's delete", () => {
  it("asks in the app's dialog with the ticket's number and title, then deletes and opens the tickets list", async () => {
    const { calls } = stubApi((call: Call) => {
      if (call.method === 'GET' && call.url === '/acc-1/tkt-5') return { body: TICKET };
      if (call.method === 'DELETE') return { body: { ok: true, id: 'tkt-5', rev: '4-d' } };
      return undefined;
    });
    renderAt('/account/acc-1/tickets/tkt-5');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this ticket?' });
    expect(within(dialog).getByTestId('confirm-dialog-message').textContent).toContain('“#5 Fan noise”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/acc-1/tkt-5?rev=3-c'));
    expect(await screen.findByRole('heading', { name: 'Tickets' })).toBeTruthy();
  });
});

describe('the open ticket page and live changes (issue 31)', () => {
  it("shows the customer's answer on the status page in its History as soon as the shell announces the change, no reload", async () => {
    let ticket: Record<string, unknown> = TICKET;
    const { calls } = stubApi((call: Call) => {
      if (selectorOf(call).klass === 'AccountConfiguration') return { body: { docs: settings({}) } };
      if (call.method === 'GET' && call.url === '/acc-1/tkt-5') return { body: ticket };
      return undefined;
    });
    const { queryClient } = renderAt('/account/acc-1/tickets/tkt-5');
    const stop = followHostLiveChanges(queryClient, 'tickets');
    const history = await screen.findByTestId('status-history');
    expect(within(history).queryByTestId('customer-event')).toBeNull();
    ticket = {
      ...TICKET,
      _rev: '4-d',
      customer_events: [{ kind: 'estimate-approved', estimate_id: 'est-1', estimate_number: 7, note: 'Go ahead', at: '2026-03-05T10:00:00.000Z' }],
    };
    const reads = calls.filter((c) => c.url === '/acc-1/tkt-5').length;
    announceHostLiveChanges({ accountId: 'acc-1', klasses: ['Estimate', 'Ticket'] });
    const row = await within(history).findByTestId('customer-event');
    stop();
    expect(calls.filter((c) => c.url === '/acc-1/tkt-5').length).toBe(reads + 1);
    expect(row.textContent).toContain('Estimate #7 approved: “Go ahead”');
    expect(row.textContent).toContain('Customer (status page)');
    expect(row.textContent).toContain(formatDateTime('2026-03-05T10:00:00.000Z', 'en'));
  });
});
