import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFind, LABELS, renderAt, SESSION, stubApi, SUBSCRIPTIONS, updateOf, type Handler } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5_000 });

const SUBS = [...SUBSCRIPTIONS, { ...SUBSCRIPTIONS[0], _id: 'rsb-more', title: 'More Tech', reader_label_id: 'rlb-tech' }];
const UNREAD = { rows: [{ key: 'rsb-blog', value: 12 }, { key: 'rsb-broken', value: 3 }, { key: 'rsb-more', value: 5 }] };

function stubLabels(more?: Handler) {
  return stubApi((call) => {
    const answer = more?.(call);
    if (answer) return answer;
    if (call.url === '/_session') return { body: SESSION };
    if (isFind(call, 'ReaderSubscription')) return { body: { docs: SUBS } };
    if (isFind(call, 'ReaderLabel')) return { body: { docs: LABELS } };
    if (call.url === '/acc-1/_design/reader/_view/unread') return { body: UNREAD };
    const label = LABELS.find((l) => call.method === 'GET' && call.url === `/acc-1/${l._id}`);
    if (label) return { body: label };
    return undefined;
  });
}

describe('labels', { timeout: 30_000 }, () => {
  it('lists each label with its subscriptions and their unread items, linking to the label’s feed', async () => {
    stubLabels();
    renderAt('/account/acc-1/reader_labels');
    const rows = await screen.findAllByTestId('label-row');
    expect(rows.map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual(['News', 'Tech']);
    await waitFor(() => expect(within(rows[1]).getByRole('link', { name: '17' }).getAttribute('href')).toBe('/account/acc-1/reader_items?label=rlb-tech'));
    expect(within(rows[1]).getAllByRole('cell')[1].textContent).toBe('2');
    expect(within(rows[0]).getByRole('link', { name: '3' })).toBeTruthy();
  });

  it('shows a label’s subscriptions, its feed, and marks them all read after the question', async () => {
    const { calls } = stubLabels((call) => (updateOf(call) ? { body: { ok: true, id: 'rlb-tech', rev: '0' } } : undefined));
    renderAt('/account/acc-1/reader_labels/rlb-tech');
    expect(await screen.findByRole('heading', { name: 'Tech' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('label-subscriptions')).getAllByRole('link').map((a) => a.textContent)).toEqual(['Example Blog', 'More Tech']));
    await waitFor(() => expect(screen.getByTestId('label-unread').textContent).toBe('17 unread'));
    expect(screen.getByTestId('label-items').getAttribute('href')).toBe('/account/acc-1/reader_items?label=rlb-tech');
    expect(screen.getByRole('link', { name: 'Add a subscription' }).getAttribute('href')).toBe('/account/acc-1/reader_subscriptions/new?label=rlb-tech');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.map(updateOf).filter(Boolean)).toEqual([['reader', 'mark_all_read', 'rlb-tech']]));
  });

  it('creates a label, then shows it', async () => {
    const { calls } = stubLabels((call) => (call.method === 'POST' && call.url === '/acc-1' ? { status: 201, body: { ok: true, id: 'rlb-news', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/reader_labels/new', 'pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('não pode ficar em branco')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Nome/ }), { target: { value: '  Notícias ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')?.body).toEqual({ klass: 'ReaderLabel', kind: 'label', name: 'Notícias' }));
    expect(await screen.findByRole('heading', { name: 'News' })).toBeTruthy();
  });

  it('renames a label with its revision, and shows a taken name under the field', async () => {
    let tries = 0;
    const { calls } = stubLabels((call) =>
      call.method === 'PUT' ? (tries++ ? { body: { ok: true, id: 'rlb-news', rev: '2-b' } } : { status: 422, body: { error: 'unprocessable_entity', reason: { name: 'has-already-been-taken' } } }) : undefined,
    );
    renderAt('/account/acc-1/reader_labels/rlb-news/edit');
    const name = await screen.findByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: 'Tech' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('has already been taken')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'World' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const put = calls.filter((c) => c.method === 'PUT')[1];
    expect([put.url, (put.body as { name: string }).name]).toEqual(['/acc-1/rlb-news?rev=1-a', 'World']);
  });

  it('is deleted after the question; a refusal shows in the dialog', async () => {
    const { calls } = stubLabels((call) => (call.method === 'DELETE' ? { status: 409, body: { error: 'conflict', reason: 'Record updated by someone else, please refresh' } } : undefined));
    renderAt('/account/acc-1/reader_labels/rlb-news');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect((await screen.findByTestId('confirm-dialog-error')).textContent).toContain('Record updated by someone else, please refresh');
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/acc-1/rlb-news?rev=1-a');
  });
});
