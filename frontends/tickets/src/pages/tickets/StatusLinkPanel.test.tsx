import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceHostLiveChanges, followHostLiveChanges } from '@app/ui';
import { renderAt, selectorOf, settings, statusLinkReply, stubApi, type Call } from '../../test/render';

// The ticket page's status link for the customer (issue 31): the address to copy, its QR code, Send to the customer,
// Renew and Revoke for administrators; the customer's answers in the ticket's history and on its estimates; the
// receipt's print view with the address and QR code on both copies.

afterEach(() => vi.unstubAllGlobals());

const TICKET = {
  _id: 'tkt-5',
  _rev: '3-c',
  klass: 'Ticket',
  number: 5,
  title: 'Fan noise',
  content: 'Fan noise',
  status: 'doing',
  priority: 'medium',
  status_events: [
    { status: 'open', from: null, user_id: 'usr-me', user_label: 'Ann', at: '2026-03-04T10:00:00.000Z' },
    { status: 'doing', from: 'open', user_id: 'usr-me', user_label: 'Ann', at: '2026-03-06T10:00:00.000Z' },
  ],
  customer_events: [{ kind: 'estimate-approved', estimate_id: 'est-1', estimate_number: 7, note: 'Go ahead', at: '2026-03-05T10:00:00.000Z' }],
};

const ESTIMATE = {
  _id: 'est-1',
  _rev: '2-a',
  klass: 'Estimate',
  number: 7,
  description: 'New fan',
  ticket_id: 'tkt-5',
  total: 120,
  items: [{ description: 'Fan', quantity: 1, value: 120 }],
  customer_answer: { decision: 'approved', note: 'Go ahead', at: '2026-03-05T10:00:00.000Z', via: 'status-link', link: 'Xy12Ab34Cd56', ip: '198.51.100.7' },
  past_answers: [{ decision: 'declined', note: null, at: '2026-03-04T12:00:00.000Z', via: 'status-link', link: 'Xy12Ab34Cd56', ip: '198.51.100.7' }],
};

const NEW_URL = 'http://app.test/s/ZZZZZZZZZZZZZZZZZZZZZZZZ';

/** The gateway as the ticket page reads it; the link as the server keeps it, changed by Renew and Revoke. */
function api(opts: { admin?: boolean; link?: Record<string, unknown> } = {}) {
  let link = statusLinkReply(opts.link);
  return stubApi((call: Call) => {
    const klass = selectorOf(call).klass;
    if (klass === 'AccountConfiguration') return { body: { docs: settings({}) } };
    if (klass === 'Estimate') return { body: { docs: [ESTIMATE] } };
    if (call.method === 'GET' && call.url === '/acc-1/tkt-5') return { body: TICKET };
    if (call.method === 'GET' && call.url === '/acc-1/est-1') return { body: ESTIMATE };
    if (call.url === '/acc-1/_security') return { body: { admins: { roles: opts.admin ? ['usr-me'] : ['usr-other'] }, members: { roles: opts.admin ? [] : ['usr-me'] } } };
    const base = '/acc-1/tickets/tkt-5/status-link';
    if (call.method === 'GET' && call.url.startsWith(base)) return { body: link };
    if (call.method === 'POST' && call.url === `${base}/_mail`) return { body: { ...link, mailed_to: 'maria@example.com' } };
    if (call.method === 'POST' && call.url.startsWith(`${base}/_renew`)) return { body: (link = statusLinkReply({ url: NEW_URL })) };
    if (call.method === 'DELETE' && call.url === base) return { body: (link = statusLinkReply({ state: 'revoked', url: null, qr: null, revoked_at: '2026-03-07T10:00:00.000Z' })) };
    return undefined;
  });
}

describe('the status link on the ticket page', () => {
  it('shows the address to copy and its QR code; Copy puts the address on the clipboard', async () => {
    api();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAt('/account/acc-1/tickets/tkt-5');
    const panel = await screen.findByTestId('status-link');
    expect(within(panel).getByText('Customer status page')).toBeTruthy();
    expect(((await within(panel).findByTestId('status-link-url')) as HTMLInputElement).value).toBe('http://app.test/s/AbCdEfGhIjKlMnOpQrStUvWx');
    expect(within(panel).getByTestId('status-link-state').textContent).toBe('Active');
    expect(within(panel).getByRole('img', { name: 'QR code of the status page' }).querySelector('path')!.getAttribute('d')).toBe('M0 0h7v1h-7z');
    expect(within(panel).getByTestId('status-link-until').textContent).toBe('The page works until 30 days after the ticket is done.');
    fireEvent.click(within(panel).getByTestId('status-link-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://app.test/s/AbCdEfGhIjKlMnOpQrStUvWx'));
    expect(await within(panel).findByText('Copied')).toBeTruthy();
  });

  it('asks the browser’s time zone for a link made now', async () => {
    const { calls } = api();
    renderAt('/account/acc-1/tickets/tkt-5');
    await screen.findByTestId('status-link-url');
    const get = calls.find((c) => c.url.startsWith('/acc-1/tickets/tkt-5/status-link'))!;
    expect(get.url).toBe(`/acc-1/tickets/tkt-5/status-link?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
  });

  it('sends the link to the customer and says to whom; without an address the button is off and says why', async () => {
    const { calls } = api();
    const first = renderAt('/account/acc-1/tickets/tkt-5');
    fireEvent.click(await screen.findByTestId('status-link-mail'));
    expect((await screen.findByTestId('status-link-mailed')).textContent).toBe('Sent to maria@example.com.');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1/tickets/tkt-5/status-link/_mail')).toBe(true);
    first.unmount();
    vi.unstubAllGlobals();

    api({ link: { can_mail: false } });
    renderAt('/account/acc-1/tickets/tkt-5');
    await waitFor(() => expect((screen.getByTestId('status-link-mail') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText('The customer has no e-mail address to send it to.')).toBeTruthy();
  });

  it('offers Renew and Revoke to administrators only', async () => {
    const { calls } = api({ admin: false });
    const member = renderAt('/account/acc-1/tickets/tkt-5');
    await screen.findByTestId('status-link-url');
    // the group's administrators are known (not only still loading)
    await waitFor(() => expect(calls.some((c) => c.url === '/acc-1/_security')).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('status-link-renew')).toBeNull();
    expect(screen.queryByTestId('status-link-revoke')).toBeNull();
    member.unmount();
    vi.unstubAllGlobals();

    api({ admin: true });
    renderAt('/account/acc-1/tickets/tkt-5');
    expect(await screen.findByTestId('status-link-renew')).toBeTruthy();
    expect(screen.getByTestId('status-link-revoke')).toBeTruthy();
  });

  it('revokes after asking: the address goes, the page says it was revoked and Revoke leaves', async () => {
    const { calls } = api({ admin: true });
    renderAt('/account/acc-1/tickets/tkt-5');
    fireEvent.click(await screen.findByTestId('status-link-revoke'));
    expect(await screen.findByText('Revoke the status link?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('status-link-state').textContent).toBe('Revoked'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/acc-1/tickets/tkt-5/status-link']);
    expect(screen.queryByTestId('status-link-url')).toBeNull();
    expect(screen.getByTestId('status-link-revoked').textContent).toContain('This link was revoked');
    expect(screen.queryByTestId('status-link-revoke')).toBeNull();
    expect(screen.queryByRole('img', { name: 'QR code of the status page' })).toBeNull();
  });

  it('stays revoked when a read of the link sent before the revoke is answered after it', async () => {
    let answerLate!: () => void;
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    const { calls, fetch } = api({ admin: true });
    // the second read of the link is answered (as the link was when it came) only when the test says so
    let reads = 0;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const answer = fetch(url, init);
      if ((init?.method ?? 'GET') === 'GET' && url.startsWith('/acc-1/tickets/tkt-5/status-link') && ++reads === 2) await late;
      return answer;
    });
    const { queryClient } = renderAt('/account/acc-1/tickets/tkt-5');
    const stop = followHostLiveChanges(queryClient, 'tickets');
    fireEvent.click(await screen.findByTestId('status-link-revoke'));
    // a change the page hears of (the customer's answer) reads the link again: that read waits
    announceHostLiveChanges({ accountId: 'acc-1', klasses: ['Ticket'] });
    await waitFor(() => expect(reads).toBe(2));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('status-link-state').textContent).toBe('Revoked'));
    answerLate();
    stop();
    // read again once revoked: revoked still, and the late answer never shown
    await waitFor(() => expect(reads).toBe(3));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByTestId('status-link-state').textContent).toBe('Revoked');
    expect(screen.getByTestId('status-link-revoked').textContent).toContain('This link was revoked');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('renews after asking: the new address shows', async () => {
    const { calls } = api({ admin: true });
    renderAt('/account/acc-1/tickets/tkt-5');
    fireEvent.click(await screen.findByTestId('status-link-renew'));
    expect(await screen.findByText('Renew the status link?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect((screen.getByTestId('status-link-url') as HTMLInputElement).value).toBe(NEW_URL));
    expect(calls.some((c) => c.method === 'POST' && c.url.startsWith('/acc-1/tickets/tkt-5/status-link/_renew'))).toBe(true);
  });

  it('says when an expired link stopped', async () => {
    api({ link: { state: 'expired', expires_at: '2026-04-05T10:00:00.000Z' } });
    renderAt('/account/acc-1/tickets/tkt-5');
    expect((await screen.findByTestId('status-link-until')).textContent).toBe('The page stopped on 2026-04-05, 30 days after the ticket was done. Reopen the ticket to show it again.');
    expect((screen.getByTestId('status-link-mail') as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Portuguese', async () => {
    api({ admin: true });
    renderAt('/account/acc-1/tickets/tkt-5', 'pt-BR');
    const panel = await screen.findByTestId('status-link');
    expect(await within(panel).findByText('Página de acompanhamento do cliente')).toBeTruthy();
    expect(await within(panel).findByText('Enviar ao cliente')).toBeTruthy();
    expect(within(panel).getByText('Revogar link')).toBeTruthy();
  });
});

describe('the customer’s answers in the shop', () => {
  it('the ticket’s history lists the answer among the status changes, by time; its estimate shows the answer', async () => {
    api();
    renderAt('/account/acc-1/tickets/tkt-5');
    const history = await screen.findByTestId('status-history');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Open'), expect.stringContaining('Estimate #7 approved: “Go ahead”'), expect.stringContaining('Doing')]);
    expect(within(history).getByTestId('customer-event').textContent).toContain('Customer (status page)');
    expect((await screen.findByTestId('estimate-answer')).textContent).toBe('Approved by the customer');
  });

  it('the estimate’s page shows the answer, how it came and from where, and the answers set aside by an edit', async () => {
    api();
    renderAt('/account/acc-1/estimates/est-1');
    const section = await screen.findByTestId('customer-answer');
    expect(section.textContent).toContain('Approved by the customer');
    expect(section.textContent).toContain('Go ahead');
    expect(section.textContent).toContain('the status page (link Xy12Ab34Cd56)');
    expect(section.textContent).toContain('198.51.100.7');
    expect(section.textContent).toContain('Earlier answers (the estimate changed since)');
    expect(section.textContent).toContain('Declined by the customer');
  });
});

describe('an open estimate page and live changes', () => {
  it('shows the customer’s answer as soon as the shell announces the change, no reload', async () => {
    const { customer_answer: _answer, past_answers: _past, ...pending } = ESTIMATE;
    let estimate: Record<string, unknown> = pending;
    stubApi((call: Call) => {
      if (selectorOf(call).klass === 'AccountConfiguration') return { body: { docs: settings({}) } };
      if (call.method === 'GET' && call.url === '/acc-1/est-1') return { body: estimate };
      return undefined;
    });
    const { queryClient } = renderAt('/account/acc-1/estimates/est-1');
    const stop = followHostLiveChanges(queryClient, 'tickets');
    await screen.findByText('New fan');
    expect(screen.queryByText('Approved by the customer')).toBeNull();
    estimate = { ...ESTIMATE, _rev: '3-b', past_answers: [] };
    announceHostLiveChanges({ accountId: 'acc-1', klasses: ['Estimate', 'Ticket'] });
    const section = await screen.findByTestId('customer-answer');
    stop();
    await waitFor(() => expect(section.textContent).toContain('Approved by the customer'));
    expect(section.textContent).toContain('the status page (link Xy12Ab34Cd56)');
  });
});

describe('the service receipt’s print view', () => {
  it('prints the status page’s address and QR code on both copies', async () => {
    api();
    renderAt('/account/acc-1/receipts/service/tkt-5');
    await waitFor(() => expect(screen.getAllByTestId('receipt-status-link')).toHaveLength(2));
    for (const copy of screen.getAllByTestId('receipt-status-link')) {
      expect(copy.textContent).toContain('Follow your repair online');
      expect(copy.textContent).toContain('http://app.test/s/AbCdEfGhIjKlMnOpQrStUvWx');
      expect(within(copy).getByRole('img', { name: 'QR code of the status page' })).toBeTruthy();
    }
  });

  it('prints none for a revoked link', async () => {
    api({ link: { state: 'revoked', url: null, qr: null } });
    renderAt('/account/acc-1/receipts/service/tkt-5');
    await waitFor(() => expect(screen.getAllByTestId('receipt-copy')).toHaveLength(2));
    expect(screen.queryByTestId('receipt-status-link')).toBeNull();
  });
});
