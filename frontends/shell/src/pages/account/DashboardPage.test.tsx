import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import DashboardPage from './DashboardPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const changes = {
  results: [
    { seq: 3, id: 'tk-9', deleted: true, action: 'destroy', klass: 'Ticket' },
    { seq: 2, id: 'cu-1', action: 'update', klass: 'Customer', doc: { _id: 'cu-1', label: 'Maria', updated_at: '2026-06-01T10:00:00Z' } },
  ],
};

function stub(confirmed: boolean, sentAt: string) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, user: { email: 'a@b.c', confirmed } });
    if (url === '/_users/usr-1') return jsonResponse(200, { _id: 'usr-1', confirmation_sent_at: sentAt });
    if (url === '/accounts/acc-1') return jsonResponse(200, { name: 'Ana Repairs' });
    if (url.startsWith('/acc-1/_changes')) return jsonResponse(200, changes);
    return jsonResponse(404, { error: 'not_found', reason: 'missing' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('DashboardPage', () => {
  it('shows the confirmation card with the days left for an unconfirmed user, and the timeline', async () => {
    stub(false, new Date(Date.now() - 5 * 86_400_000 - 60_000).toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect((await screen.findByTestId('confirmation-days')).textContent).toContain('in 24 days');
    expect(await screen.findByText('Maria')).toBeTruthy();
    // a deleted record shows only its id
    expect(screen.getByText('tk-9')).toBeTruthy();
  });

  it('does not ask a confirmed user for anything', async () => {
    const fetch = stub(true, new Date().toISOString());
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(screen.queryByTestId('confirmation-card')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === '/_users/usr-1')).toBe(false);
  });
});
