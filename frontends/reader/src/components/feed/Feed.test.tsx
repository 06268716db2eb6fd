import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedItem, isFind, renderAt, SESSION, selectorOf, stubApi, updateOf, USER, wholeItem, type Call } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());
// the first render of a file loads the lazy routes: seconds when the machine is busy
configure({ asyncUtilTimeout: 15_000 }); // the first render loads Mantine and the lazy pages: 5 s ran out on a loaded 2-CPU machine

interface Setup {
  /** the items the `_find` answers for a selector and skip */
  pages?: (selector: Record<string, unknown>, skip: number) => unknown[];
  markReadOnOpen?: boolean;
  content?: string;
}

/** The gateway of the feed: the session, the user's setting, pages of items, whole items and the status handlers. */
function stubFeed({ pages = (_s, skip) => (skip === 0 ? Array.from({ length: 10 }, (_, i) => feedItem(i + 1)) : Array.from({ length: 4 }, (_, i) => feedItem(i + 11))), markReadOnOpen, content }: Setup = {}) {
  return stubApi((call) => {
    if (call.url === '/_session') return { body: SESSION };
    if (call.url === `/${USER}/_find`)
      return { body: { docs: markReadOnOpen === undefined ? [] : [{ _id: 'ucn-1', _rev: '1-a', klass: 'UserConfiguration', key: 'reader-mark-read-on-open', value: markReadOnOpen }] } };
    if (isFind(call, 'ReaderItem')) return { body: { docs: pages(selectorOf(call), (call.body as { skip: number }).skip) } };
    const m = /^\/acc-1\/(rit-\d+)$/.exec(call.url);
    if (call.method === 'GET' && m) return { body: wholeItem(Number(m[1].slice(4)), content) };
    if (updateOf(call)) return { body: { ok: true, id: updateOf(call)![2], rev: '2-b' } };
    return undefined;
  });
}

const itemFinds = (calls: Call[]) => calls.filter((c) => isFind(c, 'ReaderItem'));
const lines = () => screen.getAllByTestId('feed-item');
const line = (n: number) => lines().find((l) => l.getAttribute('data-id') === `rit-${n}`)!;
const updates = (calls: Call[]) => calls.map(updateOf).filter(Boolean);
const checked = (el: HTMLElement) => (el as HTMLInputElement).checked;
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

describe('the feed (reader_items)', { timeout: 30_000 }, () => {
  it('opens on the unread items, starred or not: newest first, 10 a page, without their content', async () => {
    const { calls } = stubFeed();
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    const find = itemFinds(calls)[0];
    expect(find.body).toEqual({
      selector: { klass: 'ReaderItem', read: false },
      fields: ['_id', 'title', 'url', 'summary', 'content_type', 'point_at', 'read', 'starred', 'reader_subscription_id', 'reader_subscription', 'created_at'],
      sort: [{ point_at: 'desc' }],
      limit: 10,
      skip: 0,
    });
    expect(checked(within(screen.getByTestId('filter-read')).getByLabelText('Unread'))).toBe(true);
    expect(checked(within(screen.getByTestId('filter-star')).getByLabelText('All'))).toBe(true);
    expect(within(line(1)).getByText('Item number 1')).toBeTruthy();
    expect(within(line(1)).getByTestId('item-source').textContent).toBe('Example Blog');
    expect(within(line(1)).getByTestId('item-date').textContent).toBe('May 27th 2026');
    expect(within(line(1)).getByRole('link', { name: 'Open in a new window' }).getAttribute('href')).toBe('/account/acc-1/reader_items/rit-1');
    expect(within(line(1)).getByRole('link', { name: 'Open in a new window' }).getAttribute('target')).toBe('_blank');
    expect(within(line(1)).getByRole('link', { name: 'Open in a new window' }).getAttribute('rel')).toBe('opener');
    const original = within(line(1)).getByRole('link', { name: 'Open the original' });
    expect([original.getAttribute('href'), original.getAttribute('target'), original.getAttribute('rel')]).toEqual(['https://blog.example.com/posts/1', '_blank', 'noopener noreferrer']);
  });

  it('asks for read, all, starred and unstarred items as the filters change, from the first page again', async () => {
    const { calls } = stubFeed();
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(itemFinds(calls).at(-1)!.body).toMatchObject({ skip: 10 }));
    fireEvent.click(within(screen.getByTestId('filter-read')).getByLabelText('Read'));
    await waitFor(() => expect(itemFinds(calls).at(-1)!.body).toMatchObject({ selector: { klass: 'ReaderItem', read: true }, skip: 0 }));
    fireEvent.click(within(screen.getByTestId('filter-star')).getByLabelText('Starred'));
    await waitFor(() => expect(itemFinds(calls).at(-1)!.body).toMatchObject({ selector: { klass: 'ReaderItem', read: true, starred: true }, skip: 0 }));
    fireEvent.click(within(screen.getByTestId('filter-read')).getByLabelText('All'));
    fireEvent.click(within(screen.getByTestId('filter-star')).getByLabelText('Unstarred'));
    await waitFor(() => expect(selectorOf(itemFinds(calls).at(-1)!)).toEqual({ klass: 'ReaderItem', starred: false }));
  });

  it('pages: previous, the earlier pages by number, the current one, next disabled when fewer than 10 came back', async () => {
    const { calls } = stubFeed();
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    const pager = () => screen.getByTestId('feed-pager');
    expect(disabled(within(pager()).getByRole('button', { name: 'Previous' }))).toBe(true);
    expect(within(pager()).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lines()).toHaveLength(4));
    expect(disabled(within(pager()).getByRole('button', { name: 'Next' }))).toBe(true);
    expect(within(pager()).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager()).queryByRole('button', { name: 'Page 3' })).toBeNull();
    fireEvent.click(within(pager()).getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(lines()).toHaveLength(10));
    // page 1 is read again on the way back
    await waitFor(() => expect(itemFinds(calls).map((c) => (c.body as { skip: number }).skip)).toEqual([0, 10, 0]));
  });

  it('has no pager when the first page is not full, and says there is nothing unread', async () => {
    stubFeed({ pages: () => [] });
    renderAt('/account/acc-1/reader_items');
    expect((await screen.findByTestId('feed-empty')).textContent).toBe('No unread items.');
    expect(screen.queryByTestId('feed-pager')).toBeNull();
  });

  it('marks an item read and unread, stars and unstars it; the line changes at once and stays in the unread list', async () => {
    const { calls } = stubFeed();
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    fireEvent.click(within(line(2)).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(line(2).getAttribute('data-read')).toBe('true'));
    expect(within(line(2)).getByRole('button', { name: 'Mark as unread' })).toBeTruthy();
    fireEvent.click(within(line(2)).getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(line(2).getAttribute('data-read')).toBe('false'));
    fireEvent.click(within(line(3)).getByRole('button', { name: 'Star' }));
    await waitFor(() => expect(within(line(3)).getByRole('button', { name: 'Unstar' }).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(within(line(3)).getByRole('button', { name: 'Unstar' }));
    await waitFor(() => expect(updates(calls)).toHaveLength(4));
    expect(updates(calls)).toEqual([
      ['status', 'read', 'rit-2'],
      ['status', 'unread', 'rit-2'],
      ['status', 'star', 'rit-3'],
      ['status', 'unstar', 'rit-3'],
    ]);
    expect(lines()).toHaveLength(10);
    expect(itemFinds(calls)).toHaveLength(1);
  });

  it('reads the starred filter again once a star sent just before it is stored, and leaves the page it was sent from', async () => {
    let stored = false;
    let store!: () => void;
    const storing = new Promise<void>((resolve) => (store = resolve));
    const { calls, fetch } = stubFeed({
      pages: (selector, skip) => (selector.starred === true ? (stored ? [feedItem(3, { starred: true })] : []) : skip === 0 ? Array.from({ length: 10 }, (_, i) => feedItem(i + 1)) : []),
    });
    // the server stores the star only when the test says so, and answers it then
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT' && url.includes('/_design/status/_update/')) {
        await storing;
        stored = true;
      }
      return fetch(url, init);
    });
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    fireEvent.click(within(line(3)).getByRole('button', { name: 'Star' }));
    fireEvent.click(within(screen.getByTestId('filter-star')).getByLabelText('Starred'));
    await waitFor(() => expect(selectorOf(itemFinds(calls).at(-1)!)).toEqual({ klass: 'ReaderItem', read: false, starred: true }));
    await waitFor(() => expect(screen.queryAllByTestId('feed-item')).toHaveLength(0));
    store();
    await waitFor(() => expect(updates(calls)).toEqual([['status', 'star', 'rit-3']]));
    await waitFor(() => expect(lines().map((l) => l.getAttribute('data-id'))).toEqual(['rit-3']));
    // the starred page was read again; the page the star was sent from was not (it had the star written in)
    expect(itemFinds(calls).map((c) => selectorOf(c).starred)).toEqual([undefined, true, true]);
  });

  it('puts a refused toggle back as the server has it and shows why', async () => {
    let refused = false;
    const { calls } = stubApi((call) => {
      if (call.url === '/_session') return { body: SESSION };
      if (isFind(call, 'ReaderItem')) return { body: { docs: [feedItem(1)] } };
      if (updateOf(call)) return (refused = true), { status: 404, body: { error: 'not_found', reason: 'missing' } };
      return undefined;
    });
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.click(within(line(1)).getByRole('button', { name: 'Star' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(itemFinds(calls)).toHaveLength(2));
    expect(refused).toBe(true);
    await waitFor(() => expect(within(line(1)).getByRole('button', { name: 'Star' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it("shows an item's content cleaned of scripts and handlers, hides it, and flashes the line after it closes", async () => {
    stubFeed({ content: '<p>Hello <b>world</b></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">' });
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    fireEvent.click(within(line(1)).getByTestId('item-title'));
    const content = await within(line(1)).findByTestId('item-content');
    await waitFor(() => expect(content.textContent).toContain('Hello world'));
    expect(content.querySelector('script')).toBeNull();
    expect(content.innerHTML).not.toContain('onerror');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    // every change of the line's highlight, however busy the machine (the times themselves: hooks/flash.test.ts)
    const el = line(1);
    const seen: Array<string | null> = [el.getAttribute('data-flash')];
    const observer = new MutationObserver(() => {
      const now = el.getAttribute('data-flash');
      if (now !== seen.at(-1)) seen.push(now);
    });
    observer.observe(el, { attributes: true, attributeFilter: ['data-flash'] });
    fireEvent.click(within(el).getByRole('button', { name: 'Hide content' }));
    expect(within(el).queryByTestId('item-content')).toBeNull();
    expect(el.getAttribute('data-flash')).toBe('true');
    await waitFor(() => expect(seen).toEqual([null, 'true', null, 'true', null]), { timeout: 5_000 });
    observer.disconnect();
  });

  it('marks an opened item read when the user turned the setting on, and not when it is off', async () => {
    const on = stubFeed({ markReadOnOpen: true });
    const first = renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    await waitFor(() => expect(checked(screen.getByTestId('mark-read-on-open'))).toBe(true));
    fireEvent.click(within(line(4)).getByRole('button', { name: 'Show content' }));
    await waitFor(() => expect(updates(on.calls)).toEqual([['status', 'read', 'rit-4']]));
    expect(line(4).getAttribute('data-read')).toBe('true');
    first.unmount();
    vi.unstubAllGlobals();

    const off = stubFeed({ markReadOnOpen: false });
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    await waitFor(() => expect(off.calls.some((c) => c.url === `/${USER}/_find`)).toBe(true));
    fireEvent.click(within(line(4)).getByRole('button', { name: 'Show content' }));
    await within(line(4)).findByTestId('item-content');
    expect(updates(off.calls)).toEqual([]);
    expect(line(4).getAttribute('data-read')).toBe('false');
  });

  it('saves the mark-read-on-open switch as the user’s setting', async () => {
    const { calls } = stubFeed();
    renderAt('/account/acc-1/reader_items');
    const toggle = await screen.findByTestId('mark-read-on-open');
    await waitFor(() => expect(disabled(toggle)).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === `/${USER}`)?.body).toEqual({ klass: 'UserConfiguration', key: 'reader-mark-read-on-open', value: true }));
  });

  it('j/k move the selection, m toggles read, s the star, o the content, ? opens the help; keys typed in a field do nothing', async () => {
    const { calls } = stubFeed();
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    const key = (k: string, target: Element | Window = window) => fireEvent.keyDown(target, { key: k });
    const selected = () => lines().findIndex((l) => l.getAttribute('aria-current') === 'true');
    key('j');
    expect(selected()).toBe(0);
    key('j');
    key('j');
    key('k');
    expect(selected()).toBe(1);
    key('m');
    await waitFor(() => expect(line(2).getAttribute('data-read')).toBe('true'));
    key('m');
    await waitFor(() => expect(line(2).getAttribute('data-read')).toBe('false'));
    key('s');
    await waitFor(() => expect(line(2).getAttribute('data-starred')).toBe('true'));
    key('o');
    expect(await within(line(2)).findByTestId('item-content')).toBeTruthy();
    key('o');
    expect(within(line(2)).queryByTestId('item-content')).toBeNull();
    expect(updates(calls)).toEqual([
      ['status', 'read', 'rit-2'],
      ['status', 'unread', 'rit-2'],
      ['status', 'star', 'rit-2'],
    ]);
    const input = document.createElement('input');
    document.body.appendChild(input);
    key('j', input);
    key('m', input);
    expect(selected()).toBe(1);
    input.remove();
    key('?');
    const help = await screen.findByTestId('shortcuts-help');
    expect(help.textContent).toContain('Next item');
    expect(help.textContent).toContain('Mark as read or unread');
  });

  it('l and h page forward and back, r reads the page again, R asks for every subscription to be fetched', async () => {
    const { calls } = stubFeed();
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    fireEvent.keyDown(window, { key: 'l' });
    await waitFor(() => expect(lines()).toHaveLength(4));
    fireEvent.keyDown(window, { key: 'l' });
    fireEvent.keyDown(window, { key: 'h' });
    await waitFor(() => expect(lines()).toHaveLength(10));
    // back on the first page, it is read again (an item read meanwhile leaves the unread list then)
    await waitFor(() => expect(itemFinds(calls).map((c) => (c.body as { skip: number }).skip)).toEqual([0, 10, 0]));
    fireEvent.keyDown(window, { key: 'r' });
    await waitFor(() => expect(itemFinds(calls).map((c) => (c.body as { skip: number }).skip)).toEqual([0, 10, 0, 0]));
    fireEvent.keyDown(window, { key: 'R' });
    await waitFor(() => expect(updates(calls)).toEqual([['reader', 'refresh', 'all']]));
    expect(await screen.findByTestId('refresh-queued')).toBeTruthy();
  });

  it('v opens the selected item’s original article in a new window', async () => {
    stubFeed();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderAt('/account/acc-1/reader_items');
    await waitFor(() => expect(lines()).toHaveLength(10));
    fireEvent.keyDown(window, { key: 'v' });
    expect(open).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'v' });
    expect(open).toHaveBeenCalledWith('https://blog.example.com/posts/1', '_blank', 'noopener,noreferrer');
    fireEvent.keyDown(window, { key: 'O' });
    expect(open).toHaveBeenLastCalledWith('/account/acc-1/reader_items/rit-1', '_blank');
  });

  it('speaks Portuguese: filters, buttons and dates', async () => {
    stubFeed();
    renderAt('/account/acc-1/reader_items', 'pt-BR');
    await waitFor(() => expect(lines()).toHaveLength(10));
    expect(checked(within(screen.getByTestId('filter-read')).getByLabelText('Não lidos'))).toBe(true);
    expect(within(screen.getByTestId('filter-star')).getByLabelText('Favoritos')).toBeTruthy();
    expect(within(line(1)).getByTestId('item-date').textContent).toBe('27 de mai. de 2026');
    expect(within(line(1)).getByRole('button', { name: 'Marcar como lido' })).toBeTruthy();
    expect(within(line(1)).getByRole('button', { name: 'Favoritar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeTruthy();
  });
});
