import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import DashboardCard from './DashboardCard';
import { feedItem, isFind, renderDashboardCard, renderWith, SESSION, stubApi, updateOf, USER, wholeItem } from './test/render';

afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5_000 });

/** The card's API: the session, the user's setting (saved by a POST, then found), two items, the second's content and status. */
function stubCard() {
  let setting: Record<string, unknown> | null = null;
  const stub = stubApi((call) => {
    if (call.url === '/_session') return { body: SESSION };
    if (call.url === `/${USER}/_find`) return { body: { docs: setting ? [setting] : [] } };
    if (call.method === 'POST' && call.url === `/${USER}`) {
      setting = { _id: 'ucn-9', _rev: '1-a', ...(call.body as object) };
      return { status: 201, body: { ok: true, id: 'ucn-9', rev: '1-a' } };
    }
    if (isFind(call, 'ReaderItem')) return { body: { docs: [feedItem(1), feedItem(2)] } };
    if (call.method === 'GET' && call.url === '/acc-1/rit-2') return { body: wholeItem(2) };
    if (updateOf(call)) return { body: { ok: true, id: updateOf(call)![2], rev: '2-b' } };
    return undefined;
  });
  return { ...stub, setting: () => setting };
}

describe("the dashboard's reader card", { timeout: 30_000 }, () => {
  it('has the mark-read-on-open switch and the feed; turned on, an opened item is marked read', async () => {
    const { calls } = stubCard();
    renderDashboardCard();
    expect(await screen.findByRole('heading', { name: 'Feed' })).toBeTruthy();
    const items = await screen.findAllByTestId('feed-item');
    expect(items).toHaveLength(2);
    const toggle = screen.getByTestId('mark-read-on-open') as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(within(items[1]).getByTestId('item-title'));
    await waitFor(() => expect(calls.map(updateOf).filter(Boolean)).toEqual([['status', 'read', 'rit-2']]));
    expect(screen.getByRole('link', { name: 'All items' }).getAttribute('href')).toBe('/account/acc-1/reader_items');
  });

  it('an item opened while the switched-on setting is still being saved and read back is marked read', async () => {
    const { fetch, calls, setting } = stubCard();
    // the setting's read-back after the save is held (a slow network)
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let readingBack = false;
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (setting() && url === `/${USER}/_find`) {
        readingBack = true;
        await held;
      }
      return answer(url, init);
    });
    renderDashboardCard();
    const items = await screen.findAllByTestId('feed-item');
    const toggle = screen.getByTestId('mark-read-on-open') as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(readingBack).toBe(true));
    expect(toggle.checked).toBe(true);
    fireEvent.click(within(items[1]).getByTestId('item-title'));
    await waitFor(() => expect(calls.map(updateOf).filter(Boolean)).toEqual([['status', 'read', 'rit-2']]));
    release();
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);
  });

  it("reads its feed again when the dashboard's Refresh is pressed (a new refreshes count), not before", async () => {
    const { calls } = stubApi((call) => {
      if (call.url === '/_session') return { body: SESSION };
      if (isFind(call, 'ReaderItem')) return { body: { docs: [feedItem(1)] } };
      return undefined;
    });
    const itemFinds = () => calls.filter((c) => isFind(c, 'ReaderItem')).length;
    // the shell's dashboard: a Refresh button whose presses it counts
    function Dashboard() {
      const [refreshes, setRefreshes] = useState(0);
      return (
        <>
          <button onClick={() => setRefreshes((n) => n + 1)}>Refresh</button>
          <DashboardCard accountId="acc-1" refreshes={refreshes} />
        </>
      );
    }
    renderWith(<Dashboard />);
    expect(await screen.findAllByTestId('feed-item')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = itemFinds();
    expect(before).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(itemFinds()).toBe(before + 1));
  });

  it('speaks Portuguese', async () => {
    stubApi((call) => (call.url === '/_session' ? { body: SESSION } : undefined));
    renderDashboardCard('pt-BR');
    expect(await screen.findByText('Marcar itens como lidos ao abri-los')).toBeTruthy();
    expect((await screen.findByTestId('feed-empty')).textContent).toBe('Nenhum item não lido.');
  });
});
