import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '../../test/render';
import HomePage from './HomePage';

afterEach(() => vi.unstubAllGlobals());

const LONG = 'Assistência Técnica Irmãos Figueiredo & Filhos — Unidade Centro Histórico';

describe('HomePage (several groups)', () => {
  it('shows the whole name of each group on its card, wrapped rather than cut', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/_session'
          ? jsonResponse(200, {
              ok: true,
              userCtx: { name: 'usr-1', roles: [] },
              user: { email: 'a@x.com', fullname: 'Ann', label: 'Ann', confirmed: true },
              memberships: [
                { account_id: 'acc-1', subscription_id: 'sub-1', account_name: LONG, bookmark: true, status: 'accepted' },
                { account_id: 'acc-2', subscription_id: 'sub-2', account_name: 'Ann Repairs', bookmark: true, status: 'accepted' },
              ],
            })
          : jsonResponse(404, { error: 'not_found', reason: 'missing' }),
      ),
    );
    renderPage(<HomePage />, '/app');
    expect(await screen.findByText('Select a group profile')).toBeTruthy();
    const names = screen.getAllByTestId('group-name');
    expect(names.map((n) => n.textContent)).toEqual([LONG, 'Ann Repairs']);
    for (const name of names) {
      expect(name.hasAttribute('data-truncate')).toBe(false);
      expect(name.style.overflowWrap).toBe('anywhere');
    }
  });
});
