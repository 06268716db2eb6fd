import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFind, renderAt, stubApi, viewOf } from '../../test/render';
import { PAGE_SIZE } from './HandbooksListPage';

afterEach(() => vi.unstubAllGlobals());

describe('the handbooks list', { timeout: 20_000 }, () => {
  it('shows title, tags and last change, newest first, pages of 50, and filters by a tag', async () => {
    const docs = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => ({
      _id: `hbk-${String(i).padStart(20, '0')}`,
      klass: 'Handbook',
      title: `Página ${i}`,
      uri: i === 0 ? 'new' : `pagina-${i}`,
      categories: i % 2 ? ['motor'] : [],
      updated_at: '2026-05-10T14:05:00Z',
    }));
    const { calls } = stubApi((call) => {
      if (viewOf(call, 'handbooks', 'tags')) return { body: { rows: [{ key: 'motor', value: 25 }] } };
      if (isFind(call, 'Handbook')) return { body: { docs } };
      return undefined;
    });
    const { location } = renderAt('/account/acc-1/handbooks');
    const rows = await screen.findAllByTestId('handbook-row');
    expect(rows).toHaveLength(PAGE_SIZE);
    // an address a route has taken ("new") is linked by id
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe(`/account/acc-1/handbooks/${docs[0]._id}`);
    expect(within(rows[1]).getByRole('link', { name: 'Página 1' }).getAttribute('href')).toBe('/account/acc-1/handbooks/pagina-1');
    expect(rows[1].textContent).toContain('2026-05-10');
    expect(calls.find((c) => isFind(c, 'Handbook'))!.body).toMatchObject({ sort: [{ updated_at: 'desc' }], limit: PAGE_SIZE + 1, skip: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks?page=1'));
    await waitFor(() => expect(calls.filter((c) => isFind(c, 'Handbook')).at(-1)!.body).toMatchObject({ skip: PAGE_SIZE }));
    fireEvent.click(within(screen.getByTestId('tag-filters')).getByRole('button', { name: 'motor · 25' }));
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks?tag=motor'));
    await waitFor(() => expect(calls.filter((c) => isFind(c, 'Handbook')).at(-1)!.body).toMatchObject({ selector: { klass: 'Handbook', categories: { $all: ['motor'] } }, skip: 0 }));
  });
});
