import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteOpened } from '../../lib/recent';
import { isFind, renderAt, selectorOf, stubApi, viewOf } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const page = (id: string, title: string, uri: string, categories: string[], updated_at = '2026-05-10T14:05:00Z') => ({
  _id: id,
  klass: 'Handbook',
  title,
  uri,
  categories,
  updated_at,
});

describe('the wiki', { timeout: 20_000 }, () => {
  it('lists the pages opened here, the recently updated ones narrowed by chosen tags, and an index by tag', async () => {
    noteOpened('acc-1', { _id: 'hbk-1', title: 'Filtros', uri: 'filtros' }, new Date('2026-05-10T09:00:00Z'));
    noteOpened('acc-1', { _id: 'hbk-2', title: 'Troca de óleo', uri: 'troca-de-oleo' }, new Date('2026-05-10T10:00:00Z'));
    const { calls } = stubApi((call) => {
      if (viewOf(call, 'handbooks', 'tags')) return { body: { rows: [{ key: 'oficina', value: 1 }, { key: 'motor', value: 2 }] } };
      if (isFind(call, 'Handbook')) {
        const sel = selectorOf(call);
        const all = [page('hbk-2', 'Troca de óleo', 'troca-de-oleo', ['motor']), page('hbk-3', 'Horário', 'horario', ['oficina']), page('hbk-4', 'Correia', 'correia', ['motor'])];
        const tags = (sel.categories as { $all?: string[] } | undefined)?.$all ?? [];
        return { body: { docs: all.filter((h) => tags.every((t) => h.categories.includes(t))) } };
      }
      return undefined;
    });
    renderAt('/account/acc-1/wiki');
    const open = await screen.findByTestId('wiki-open');
    expect(within(open).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Troca de óleo', '/account/acc-1/handbooks/troca-de-oleo'],
      ['Filtros', '/account/acc-1/handbooks/filtros'],
    ]);
    const updated = screen.getByTestId('wiki-updated');
    await waitFor(() => expect(within(updated).getAllByTestId('wiki-updated-row')).toHaveLength(3));
    const first = calls.find((c) => isFind(c, 'Handbook'))!.body as { sort: unknown; limit: number };
    expect(first).toMatchObject({ sort: [{ updated_at: 'desc' }], limit: 10 });
    // tags, most used first; choosing one narrows the updated pages
    const tags = screen.getByTestId('wiki-tags');
    await waitFor(() => expect(within(tags).getAllByRole('checkbox').map((c) => c.closest('[data-tag]')?.getAttribute('data-tag') ?? (c as HTMLInputElement).value)).toEqual(['motor', 'oficina']));
    fireEvent.click(within(tags).getByRole('checkbox', { name: 'motor · 2' }));
    await waitFor(() => expect(within(updated).getAllByTestId('wiki-updated-row')).toHaveLength(2));
    expect(calls.filter((c) => isFind(c, 'Handbook')).map(selectorOf)).toContainEqual({ klass: 'Handbook', categories: { $all: ['motor'] } });
    // the index: a tag opened lists its pages by title
    const index = screen.getByTestId('wiki-index');
    fireEvent.click(within(index).getByRole('button', { name: /oficina/ }));
    const section = await screen.findByTestId('wiki-index-oficina');
    // the panel may still be opening (its transition): the link is there, visible or not yet
    expect(within(section).getByRole('link', { name: 'Horário', hidden: true }).getAttribute('href')).toBe('/account/acc-1/handbooks/horario');
    // only the opened tag's titles were read
    expect(screen.queryByTestId('wiki-index-motor')).toBeNull();
    expect(calls.filter((c) => isFind(c, 'Handbook')).map((c) => c.body)).toContainEqual(expect.objectContaining({ sort: [{ title: 'asc' }], selector: { klass: 'Handbook', categories: { $all: ['oficina'] } } }));
  });

  it('says so when nothing was opened or tagged yet, in Portuguese', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/wiki', 'pt-BR');
    expect(await screen.findByText('As páginas que você abrir aparecem aqui.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Nenhuma etiqueta ainda.')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Entradas abertas' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Índice por etiqueta' })).toBeTruthy();
  });
});
