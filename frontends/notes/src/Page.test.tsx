import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchNotesRoute } from './Page';
import { renderAt, stubApi } from './test/render';

afterEach(() => vi.unstubAllGlobals());

describe('the notes routes', () => {
  it('name each screen: handbooks by id or address, bookmarks by id only, search, wiki', () => {
    const name = (path: string) => matchNotesRoute(path)?.route.name ?? null;
    expect(name('/account/acc-1/handbooks')).toBe('handbooks.index');
    expect(name('/account/acc-1/handbooks/new')).toBe('handbooks.new');
    expect(matchNotesRoute('/account/acc-1/handbooks/troca-de-oleo')).toMatchObject({ route: { name: 'handbooks.show' }, params: { handbook: 'troca-de-oleo' } });
    expect(matchNotesRoute('/account/acc-1/handbooks/hbk-0123456789abcdef0123/edit')).toMatchObject({ route: { name: 'handbooks.edit' }, params: { handbook: 'hbk-0123456789abcdef0123' } });
    expect(name('/account/acc-1/handbooks/x/history')).toBe('handbooks.history');
    expect(name('/account/acc-1/wiki')).toBe('wiki');
    expect(name('/account/acc-1/bookmarks/bkm-0123456789abcdef0123')).toBe('bookmarks.show');
    expect(name('/account/acc-1/bookmarks/hbk-0123456789abcdef0123')).toBeNull();
    expect(name('/account/acc-1/bookmarks/bkm-1/edit')).toBe('bookmarks.edit');
    expect(name('/account/acc-1/notes-search')).toBe('search');
    expect(name('/account/acc-1/handbooks/a/b/c')).toBeNull();
  });

  it('shows the module’s menu and "Page not found" for a path it does not know, in Portuguese', async () => {
    stubApi(() => undefined);
    renderAt('/account/acc-1/bookmarks/nada', 'pt-BR');
    expect(await screen.findByTestId('page-not-found')).toHaveProperty('textContent', 'Página não encontrada.');
    const nav = screen.getByTestId('notes-nav');
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Manuais', '/account/acc-1/handbooks'],
      ['Wiki', '/account/acc-1/wiki'],
      ['Favoritos', '/account/acc-1/bookmarks'],
      ['Busca', '/account/acc-1/notes-search'],
    ]);
  });
});
