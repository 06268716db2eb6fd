import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi, viewOf } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { __xss?: unknown }).__xss;
});

const HITS = [
  {
    _id: 'hbk-0123456789abcdef0123',
    klass: 'Handbook',
    title: 'Troca de óleo',
    uri: 'troca-de-oleo',
    snippet: 'a troca de <mark>óleo</mark> do motor &lt;b&gt;2.0&lt;/b&gt;<img src=x onerror="window.__xss=1"><script>window.__xss=1</script><b>bold</b>',
    rank: 0.9,
    updated_at: '2026-05-10T14:05:00Z',
  },
  { _id: 'bkm-0123456789abcdef0123', klass: 'Bookmark', title: 'Óleos lubrificantes', uri: 'https://example.com/oleos', snippet: '<mark>Óleos</mark> para motor', rank: 0.5, updated_at: '2026-05-09T10:00:00Z' },
];

describe('notes search', { timeout: 20_000 }, () => {
  it('asks the service for the words of the address and shows each hit with its kind, link and marked snippet, nothing but <mark> kept', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { calls } = stubApi((call) => (viewOf(call, 'notes', 'search') ? { body: { rows: HITS.map((h) => ({ key: h._id, value: h })) } } : undefined));
    renderAt('/account/acc-1/notes-search?q=oleo');
    const hits = await screen.findAllByTestId('search-hit');
    const params = calls.map((c) => viewOf(c, 'notes', 'search')).find(Boolean)!;
    expect(params.get('q')).toBe('"oleo"');
    expect(params.get('limit')).toBe('50');
    expect(screen.getByText('2 results')).toBeTruthy();
    expect(within(hits[0]).getByText('Handbook')).toBeTruthy();
    expect(within(hits[0]).getByRole('link', { name: 'Troca de óleo' }).getAttribute('href')).toBe('/account/acc-1/handbooks/troca-de-oleo');
    const snippet = within(hits[0]).getByTestId('snippet');
    expect(snippet.innerHTML).toBe('a troca de <mark>óleo</mark> do motor &lt;b&gt;2.0&lt;/b&gt;bold');
    expect(snippet.querySelector('mark')?.textContent).toBe('óleo');
    expect(snippet.querySelector('img, script, b')).toBeNull();
    expect(within(hits[1]).getByText('Bookmark')).toBeTruthy();
    expect(within(hits[1]).getByRole('link', { name: 'Óleos lubrificantes' }).getAttribute('href')).toBe('/account/acc-1/bookmarks/bkm-0123456789abcdef0123');
    expect(within(hits[1]).getByText(/example\.com/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 30));
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
  });

  it('searches as the words are typed (the address follows), and says when nothing is found', async () => {
    const { calls } = stubApi((call) => (viewOf(call, 'notes', 'search') ? { body: { rows: [] } } : undefined));
    const { location } = renderAt('/account/acc-1/notes-search', 'pt-BR');
    expect(await screen.findByText(/Acentos não importam/)).toBeTruthy();
    expect(calls.some((c) => viewOf(c, 'notes', 'search'))).toBe(false);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar nos manuais e favoritos' }), { target: { value: 'embreagem ' } });
    await waitFor(() => expect(location()).toBe('/account/acc-1/notes-search?q=embreagem'));
    expect(await screen.findByText('Nada encontrado para “embreagem”.')).toBeTruthy();
    // the space typed stays in the box
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('embreagem ');
  });
});
