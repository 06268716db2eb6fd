import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedItem, isFind, LABELS, renderAt, SESSION, selectorOf, stubApi, SUBSCRIPTIONS, updateOf, USER, wholeItem, type Handler } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5_000 });

function stubItems(more?: Handler, markReadOnOpen = false) {
  return stubApi((call) => {
    const answer = more?.(call);
    if (answer) return answer;
    if (call.url === '/_session') return { body: SESSION };
    if (call.url === `/${USER}/_find`) return { body: { docs: [{ _id: 'ucn-1', _rev: '1-a', klass: 'UserConfiguration', key: 'reader-mark-read-on-open', value: markReadOnOpen }] } };
    if (isFind(call, 'ReaderSubscription')) return { body: { docs: SUBSCRIPTIONS } };
    if (isFind(call, 'ReaderLabel')) return { body: { docs: LABELS } };
    if (isFind(call, 'ReaderItem')) return { body: { docs: [feedItem(1), feedItem(2)] } };
    if (updateOf(call)) return { body: { ok: true, id: updateOf(call)![2], rev: '2-b' } };
    return undefined;
  });
}

describe('the items page', { timeout: 30_000 }, () => {
  it("shows one subscription's items when reached from it, says so, and the badge takes the filter away", async () => {
    const { calls } = stubItems();
    renderAt('/account/acc-1/reader_items?subscription=rsb-blog');
    await screen.findAllByTestId('feed-item');
    expect(selectorOf(calls.find((c) => isFind(c, 'ReaderItem'))!)).toEqual({ klass: 'ReaderItem', read: false, reader_subscription_id: 'rsb-blog' });
    await waitFor(() => expect(screen.getByTestId('feed-scope').textContent).toBe('Subscription: Example Blog'));
    expect(within(screen.getByTestId('feed-scope')).getByRole('link', { name: 'Show every subscription' }).getAttribute('href')).toBe('/account/acc-1/reader_items');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() => expect(calls.map(updateOf).filter(Boolean)).toEqual([['reader', 'refresh', 'rsb-blog']]));
  });

  it("shows a label's items when reached from it, and marks them all read after the question", async () => {
    const { calls } = stubItems();
    renderAt('/account/acc-1/reader_items?label=rlb-tech', 'pt-BR');
    await screen.findAllByTestId('feed-item');
    expect(selectorOf(calls.find((c) => isFind(c, 'ReaderItem'))!)).toEqual({ klass: 'ReaderItem', read: false, reader_label_id: 'rlb-tech' });
    await waitFor(() => expect(screen.getByTestId('feed-scope').textContent).toBe('Etiqueta: Tech'));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar todos como lidos' }));
    expect((await screen.findByTestId('confirm-dialog-message')).textContent).toBe('Todos os itens não lidos de “Tech” serão marcados como lidos.');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.map(updateOf).filter(Boolean)).toEqual([['reader', 'mark_all_read', 'rlb-tech']]));
  });

  it('marks everything read when no subscription or label is chosen', async () => {
    const { calls } = stubItems();
    renderAt('/account/acc-1/reader_items');
    await screen.findAllByTestId('feed-item');
    expect(screen.queryByTestId('feed-scope')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect((await screen.findByTestId('confirm-dialog-message')).textContent).toBe('Every unread item of every subscription will be marked read.');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.map(updateOf).filter(Boolean)).toEqual([['reader', 'mark_all_read', 'all']]));
  });
});

describe('an item', { timeout: 30_000 }, () => {
  it('shows its title, subscription, date and sanitized content; read and star toggle it', async () => {
    const { calls } = stubItems((call) => (call.method === 'GET' && call.url === '/acc-1/rit-5' ? { body: wholeItem(5, '<h2>Heading</h2><p>Para</p><script>x()</script>') } : undefined));
    renderAt('/account/acc-1/reader_items/rit-5');
    expect(await screen.findByRole('heading', { name: 'Item number 5' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Example Blog' }).getAttribute('href')).toBe('/account/acc-1/reader_subscriptions/rsb-blog');
    expect(screen.getByTestId('item-date').textContent).toBe('May 23rd 2026');
    const content = await screen.findByTestId('item-content');
    expect(content.querySelector('h2')?.textContent).toBe('Heading');
    expect(content.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the original' }).getAttribute('href')).toBe('https://blog.example.com/posts/5');
    fireEvent.click(screen.getByTestId('item-read-toggle'));
    await waitFor(() => expect(screen.getByTestId('item-status').textContent).toBe('Read'));
    fireEvent.click(screen.getByRole('button', { name: 'Star' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unstar' }).getAttribute('aria-pressed')).toBe('true'));
    expect(calls.map(updateOf).filter(Boolean)).toEqual([
      ['status', 'read', 'rit-5'],
      ['status', 'star', 'rit-5'],
    ]);
  });

  it('is marked read on opening when the user’s setting is on, once', async () => {
    const { calls } = stubItems((call) => (call.method === 'GET' && call.url === '/acc-1/rit-6' ? { body: wholeItem(6, 'plain text\nsecond line', { content_type: 'text' }) } : undefined), true);
    renderAt('/account/acc-1/reader_items/rit-6');
    await waitFor(() => expect(screen.getByTestId('item-status').textContent).toBe('Read'));
    expect(calls.map(updateOf).filter(Boolean)).toEqual([['status', 'read', 'rit-6']]);
    expect(screen.getByTestId('item-content').textContent).toBe('plain text\nsecond line');
    fireEvent.click(screen.getByTestId('item-read-toggle'));
    await waitFor(() => expect(screen.getByTestId('item-status').textContent).toBe('Unread'));
    expect(calls.map(updateOf).filter(Boolean)).toEqual([['status', 'read', 'rit-6'], ['status', 'unread', 'rit-6']]);
  });

  it('shows the refusal of an unknown item', async () => {
    stubItems();
    renderAt('/account/acc-1/reader_items/rit-404');
    expect((await screen.findByRole('alert')).textContent).toContain('Not found');
  });
});
