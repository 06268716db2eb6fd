import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeModule } from '../../modules/module-store';
import DashboardPage from '../../pages/account/DashboardPage';
import { jsonResponse, renderPage } from '../../test/render';
import type { DashboardCardProps } from '@app/ui';
import { ReaderCard } from './ReaderCard';

// the dashboard's default load of the remote: a card that names its account
vi.mock('../../federation/load-module', () => ({
  loadModule: vi.fn(async () => ({
    default: ({ accountId, refreshes }: DashboardCardProps) => (
      <div data-testid="remote-card" data-refreshes={refreshes}>
        feed of {accountId}
      </div>
    ),
  })),
}));

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReaderCard', () => {
  it("loads the reader remote's dashboard card and gives it the account", async () => {
    const load = vi.fn(async () => ({ default: ({ accountId }: DashboardCardProps) => <div data-testid="remote-card">feed of {accountId}</div> }));
    renderPage(<ReaderCard accountId="acc-7" load={load} checkVersion={vi.fn()} />, '/account/acc-7');
    expect((await screen.findByTestId('remote-card')).textContent).toBe('feed of acc-7');
    expect(load).toHaveBeenCalledWith('reader', 'DashboardCard');
  });

  it('says the module is not available, and checks for a new release, when the remote does not load', async () => {
    const checkVersion = vi.fn(async () => false);
    renderPage(<ReaderCard accountId="acc-7" load={() => Promise.reject(new Error('offline'))} checkVersion={checkVersion} />, '/account/acc-7');
    expect((await screen.findByRole('alert')).textContent).toContain('Module reader is not available right now.');
    await waitFor(() => expect(checkVersion).toHaveBeenCalled());
  });

  it('says the module is not available when its card throws while drawing', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<ReaderCard accountId="acc-7" load={async () => Broken} checkVersion={vi.fn()} />, '/account/acc-7');
    expect((await screen.findByRole('alert')).textContent).toContain('The module could not be loaded');
  });
});

describe('the dashboard in the reader module', () => {
  const stub = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/_session') return jsonResponse(200, { ok: true, userCtx: { name: 'usr-1', roles: [] }, user: { email: 'a@b.c', confirmed: true } });
        if (url === '/accounts/acc-1') return jsonResponse(200, { name: 'Ana Reads' });
        if (url.startsWith('/acc-1/_changes')) return jsonResponse(200, { results: [{ seq: 2, id: 'cu-1', action: 'update', klass: 'Customer', doc: { _id: 'cu-1', label: 'Maria', updated_at: '2026-06-01T10:00:00Z' } }] });
        if (url === '/modules') return jsonResponse(200, { modules: ['tickets', 'reader'] });
        return jsonResponse(200, { docs: [], rows: [] });
      }),
    );

  it("shows the reader's card (setting and feed) in the timeline's place", async () => {
    stub();
    storeModule('reader');
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect((await screen.findByTestId('remote-card')).textContent).toBe('feed of acc-1');
    expect(screen.queryByText('Recent changes')).toBeNull();
  });

  it("tells the reader's card of each press of Refresh (its count), so it reads its feed again", async () => {
    stub();
    storeModule('reader');
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    const card = await screen.findByTestId('remote-card');
    expect(card.dataset.refreshes).toBe('0');
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('remote-card').dataset.refreshes).toBe('1'));
  });

  it('keeps the timeline and no reader card in another module', async () => {
    stub();
    storeModule('finance');
    renderPage(<DashboardPage />, '/account/acc-1', '/account/:account_id');
    expect(await screen.findByText('Maria')).toBeTruthy();
    expect(screen.queryByTestId('remote-card')).toBeNull();
  });
});
