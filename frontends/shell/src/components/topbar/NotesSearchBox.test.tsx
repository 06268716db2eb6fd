import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderPage } from '../../test/render';
import { NotesSearchBox, notesSearchPath } from './NotesSearchBox';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{`${pathname}${search}`}</div>;
}

const render = (path: string) =>
  renderPage(<NotesSearchBox accountId="acc-1" />, path, '/account/:account_id/*', { routes: { '/account/:account_id/notes-search': <Where /> } });

describe('the notes search box of the top bar', () => {
  it('opens the notes search page with the words typed, encoded', async () => {
    render('/account/acc-1/handbooks');
    const box = screen.getAllByRole('searchbox', { name: 'Search notes' })[0];
    fireEvent.change(box, { target: { value: '  troca de óleo & filtro ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account/acc-1/notes-search?q=troca%20de%20%C3%B3leo%20%26%20filtro'));
    expect(new URLSearchParams(screen.getByTestId('where').textContent!.split('?')[1]).get('q')).toBe('troca de óleo & filtro');
  });

  it('does nothing for blank words', () => {
    render('/account/acc-1/wiki');
    const box = screen.getAllByRole('searchbox', { name: 'Search notes' })[0];
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('shows the words of the search page being shown', () => {
    renderPage(<NotesSearchBox accountId="acc-1" />, '/account/acc-1/notes-search?q=embreagem', '/account/:account_id/*');
    expect((screen.getAllByRole('searchbox', { name: 'Search notes' })[0] as HTMLInputElement).value).toBe('embreagem');
  });

  it('opens the box under a magnifier on a phone', async () => {
    render('/account/acc-1/handbooks');
    fireEvent.click(screen.getByTestId('notes-search-open'));
    // the dropdown may still be in its opening transition
    const dropdown = await screen.findByRole('dialog', { hidden: true });
    const box = within(dropdown).getByRole('searchbox', { name: 'Search notes', hidden: true });
    fireEvent.change(box, { target: { value: 'óleo' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(notesSearchPath('acc-1', 'óleo')));
  });
});
