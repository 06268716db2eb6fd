import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OIL, renderAt, stubApi, viewOf } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const rev = (revision: number, title: string, content: string, who: string | null, at: string, label: string | null = null) => ({
  key: revision,
  value: { revision, title, content, content_type: 'markdown', categories: [], fields: [], updated_by: who, updated_by_label: label, updated_at: at },
});

describe('a handbook’s history', { timeout: 20_000 }, () => {
  it('lists the revisions newest first with who and when, and shows the difference of the two chosen', async () => {
    const { calls } = stubApi((call) => {
      if (call.method === 'GET' && call.url === `/acc-1/${OIL._id}`) return { body: OIL };
      if (viewOf(call, 'handbooks', 'by_uri')) return { body: { rows: [{ key: 'troca-de-oleo', value: { _id: OIL._id, uri: OIL.uri } }] } };
      if (viewOf(call, 'handbooks', 'revisions'))
        return {
          body: {
            rows: [
              // a member who left: the label kept with the revision names them
              rev(1, 'Óleo', 'Passo 1\nPasso 2\n', 'usr-old', '2026-05-01T10:00:00Z', 'Ana Lima'),
              rev(3, 'Troca de óleo', 'Passo 1\nPasso dois\nPasso 3\n', 'usr-bia', '2026-05-10T14:05:00Z'),
              rev(2, 'Troca de óleo', 'Passo 1\nPasso 2\nPasso 3\n', null, '2026-05-05T08:00:00Z'),
            ],
          },
        };
      if (call.url.endsWith('/_find'))
        return {
          body: {
            docs: [
              { _id: 'sub-2', klass: 'Subscription', user_id: 'usr-bia', user: { fullname: 'Bia Souza' } },
            ],
          },
        };
      return undefined;
    });
    renderAt('/account/acc-1/handbooks/troca-de-oleo/history');
    await waitFor(() => expect(screen.getAllByTestId('revision-row')).toHaveLength(3));
    const rows = screen.getAllByTestId('revision-row');
    expect(rows[0].textContent).toContain('#3');
    await waitFor(() => expect(rows[0].textContent).toContain('Bia Souza'));
    expect(rows[2].textContent).toContain('Ana Lima');
    expect(rows[1].textContent).toContain('Unknown');
    expect(calls.some((c) => viewOf(c, 'handbooks', 'revisions')?.get('key') === JSON.stringify(OIL._id))).toBe(true);
    // at first the two newest: 2 → 3
    expect(screen.getByRole('heading', { name: 'Revision 2 → revision 3' })).toBeTruthy();
    let diff = screen.getByTestId('revision-diff');
    expect([...diff.querySelectorAll('[data-line="removed"]')].map((l) => l.textContent)).toEqual(['− Removed: Passo 2']);
    expect([...diff.querySelectorAll('[data-line="added"]')].map((l) => l.textContent)).toEqual(['+ Added: Passo dois']);
    // from 1 → 3: the title changed, a line added
    fireEvent.click(screen.getByRole('radio', { name: 'Compare from revision 1' }));
    expect(await screen.findByRole('heading', { name: 'Revision 1 → revision 3' })).toBeTruthy();
    expect(screen.getByTestId('title-change').textContent).toBe('Title: “Óleo” → “Troca de óleo”');
    diff = screen.getByTestId('revision-diff');
    expect(within(diff).getByTestId('diff-added').textContent).toBe('2 lines added');
    expect(within(diff).getByTestId('diff-removed').textContent).toBe('1 line removed');
    // 1 → 2: a line added and none removed (no "0 lines removed")
    fireEvent.click(screen.getByRole('radio', { name: 'Compare to revision 2' }));
    expect(await screen.findByRole('heading', { name: 'Revision 1 → revision 2' })).toBeTruthy();
    expect(screen.getByTestId('diff-added').textContent).toBe('1 line added');
    expect(screen.queryByTestId('diff-removed')).toBeNull();
    // the same revision on both sides: no differences
    fireEvent.click(screen.getByRole('radio', { name: 'Compare to revision 1' }));
    expect((await screen.findByTestId('revision-diff')).textContent).toBe('No differences.');
  });

  it('reads a revision whose content the list left out (a large page) before comparing it, never against an empty text', async () => {
    const omitted = { ...rev(1, 'Big', '', 'usr-bia', '2026-05-01T10:00:00Z').value, content_omitted: true };
    const { calls } = stubApi((call) => {
      if (call.method === 'GET' && call.url === `/acc-1/${OIL._id}`) return { body: OIL };
      if (viewOf(call, 'handbooks', 'by_uri')) return { body: { rows: [{ key: 'troca-de-oleo', value: { _id: OIL._id, uri: OIL.uri } }] } };
      const params = viewOf(call, 'handbooks', 'revisions');
      if (params?.get('revision') === '1') return { body: { rows: [rev(1, 'Big', 'Line A\nLine B\n', 'usr-bia', '2026-05-01T10:00:00Z')] } };
      if (params) return { body: { rows: [rev(2, 'Big', 'Line A\nLine B\nLine C\n', 'usr-bia', '2026-05-02T10:00:00Z'), { key: 1, value: omitted }] } };
      return undefined;
    });
    renderAt('/account/acc-1/handbooks/troca-de-oleo/history');
    expect(await screen.findByRole('heading', { name: 'Revision 1 → revision 2' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('diff-added').textContent).toBe('1 line added'));
    expect(screen.queryByTestId('diff-removed')).toBeNull();
    expect(calls.filter((c) => viewOf(c, 'handbooks', 'revisions')?.get('revision') === '1')).toHaveLength(1);
  });
});
