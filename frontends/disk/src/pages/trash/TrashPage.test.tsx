import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { renderAt, selectorOf, stubApi, type Call } from '../../test/render';

beforeAll(() => import('./TrashPage'));
afterEach(() => vi.unstubAllGlobals());

const stamp = { klass: 'CloudFile', created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-05T10:00:00.000Z', created_by: 'usr-1' };
const TRASH = [
  { ...stamp, _id: 'cfl-old', _rev: '4-d', kind: 'dir_deleted', name: 'Old projects', dir_id: null, trashed_at: '2026-03-05T10:00:00.000Z' },
  { ...stamp, _id: 'cfl-inside', _rev: '2-b', kind: 'file_deleted', name: 'inside.txt', size: 10, dir_id: 'cfl-old', trashed_at: '2026-03-05T10:00:00.000Z' },
  { ...stamp, _id: 'cfl-cv', _rev: '3-c', kind: 'file_deleted', name: 'cv.pdf', size: 2_400_000, dir_id: 'cfl-docs', trashed_at: '2026-03-04T10:00:00.000Z' },
];

function trashApi(answer: (call: Call) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubApi((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.url === '/acc-1/_find' && selectorOf(call).klass === 'CloudFile') return { body: { docs: TRASH } };
    if (call.method === 'PUT' || call.method === 'DELETE') return { body: { ok: true, id: 'cfl-x', rev: '5-e' } };
    return undefined;
  });
}
const writes = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' || c.method === 'DELETE');

describe('the trash', () => {
  it('asks for trashed kinds, the latest first, and shows what was trashed itself (not what its folder holds)', async () => {
    const { calls } = trashApi();
    renderAt('/account/acc-1/disk/trash');
    await waitFor(() => expect(screen.getAllByTestId('trash-row')).toHaveLength(2));
    expect(screen.getAllByTestId('trash-row').map((r) => within(r).getByText(/Old projects|cv\.pdf/).textContent)).toEqual(['Old projects', 'cv.pdf']);
    expect(within(screen.getAllByTestId('trash-row')[1]).getByText('2.4 MB')).toBeTruthy();
    const find = calls.find((c) => c.url === '/acc-1/_find')!;
    expect(find.body).toMatchObject({ selector: { klass: 'CloudFile', kind: { $in: ['file_deleted', 'dir_deleted'] } }, sort: [{ trashed_at: 'desc' }] });
    expect(screen.getByText(/can be restored for 30 days/)).toBeTruthy();
  });

  it('restores through the restore handler', async () => {
    const { calls } = trashApi();
    renderAt('/account/acc-1/disk/trash');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore cv.pdf' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', url: '/acc-1/_design/disk/_update/restore/cfl-cv' });
  });

  it('deletes forever only after the confirmation, with the revision it read', async () => {
    const { calls } = trashApi();
    renderAt('/account/acc-1/disk/trash');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Old projects forever' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The folder “Old projects” and everything in it will be deleted for good/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Old projects forever' }));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'DELETE', url: '/acc-1/cfl-old?rev=4-d' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says someone else changed it when the delete answers 409', async () => {
    trashApi((call) => (call.method === 'DELETE' ? { status: 409, body: { error: 'conflict', reason: 'Record updated by someone else, please refresh' } } : undefined));
    renderAt('/account/acc-1/disk/trash');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete cv.pdf forever' }));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await within(screen.getByRole('dialog')).findByText('Changed by someone else')).toBeTruthy();
  });

  it('says the trash is empty when it is', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/disk/trash');
    expect((await screen.findByTestId('empty-trash')).textContent).toBe('The trash is empty.');
  });

  it('shows cards with both buttons on a phone, in Portuguese', async () => {
    phoneWindow();
    trashApi();
    renderAt('/account/acc-1/disk/trash', 'pt-BR');
    await waitFor(() => expect(screen.getAllByTestId('trash-row')).toHaveLength(2));
    expect(screen.getByTestId('trash-cards')).toBeTruthy();
    expect(screen.queryByTestId('trash-table')).toBeNull();
    const card = screen.getAllByTestId('trash-row')[1];
    expect(within(card).getByRole('button', { name: 'Restaurar cv.pdf' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Apagar cv.pdf de vez' })).toBeTruthy();
    expect(within(card).getByText(/^2,4 MB · na lixeira desde 0\d\/03\/2026/)).toBeTruthy();
  });
});
