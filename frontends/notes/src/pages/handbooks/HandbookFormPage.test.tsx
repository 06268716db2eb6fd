import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OIL, renderAt, stubApi, viewOf, type Call } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const content = () => screen.getByRole('textbox', { name: /^(Content|Conteúdo)/ }) as HTMLTextAreaElement;
const select = (el: HTMLTextAreaElement, start: number, end: number) => {
  el.focus();
  el.setSelectionRange(start, end);
};
const isPreview = (c: Call) => c.method === 'PUT' && c.url === '/acc-1/_design/handbooks/_update/preview/new';

/** The service for an edit of OIL: the page, by_uri, revisions, the preview (the text in a <p>, escaped). */
function service(extra?: (call: Call) => { status?: number; body: unknown } | undefined) {
  return stubApi((call) => {
    const found = extra?.(call);
    if (found) return found;
    if (call.method === 'GET' && call.url === `/acc-1/${OIL._id}`) return { body: OIL };
    if (viewOf(call, 'handbooks', 'by_uri')) return { body: { rows: [{ key: 'troca-de-oleo', value: { _id: OIL._id, uri: OIL.uri } }] } };
    if (isPreview(call)) {
      const text = String((call.body as { content: string }).content).replace(/</g, '&lt;');
      return { body: { ok: true, id: 'new', rev: '0', doc: { content_html: `<p>${text}</p><script>window.__xss=1</script>` } } };
    }
    return undefined;
  });
}

describe('the handbook editor', { timeout: 20_000 }, () => {
  it('makes the address from the title of a new page until it is typed, and sends the page with its tags and fields', async () => {
    const { calls } = service((call) => (call.method === 'POST' && call.url === '/acc-1' ? { status: 201, body: { ok: true, id: 'hbk-bbbbbbbbbbbbbbbbbbbb', rev: '1-a', doc: { uri: 'troca-de-oleo-motor-2-0' } } } : undefined));
    const { location } = renderAt('/account/acc-1/handbooks/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Troca de Óleo — Motor 2.0' } });
    const address = screen.getByRole('textbox', { name: /^Address/ }) as HTMLInputElement;
    expect(address.value).toBe('troca-de-oleo-motor-2-0');
    fireEvent.change(screen.getByRole('textbox', { name: /^Tags/ }), { target: { value: 'Motor, troca de óleo' } });
    fireEvent.change(content(), { target: { value: '# Passos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of field 1' }), { target: { value: 'Torque' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Value of field 1' }), { target: { value: '25 Nm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks/troca-de-oleo-motor-2-0'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')!.body).toEqual({
      _id: expect.stringMatching(/^hbk-[0-9a-f]{20}$/),
      klass: 'Handbook',
      title: 'Troca de Óleo — Motor 2.0',
      content: '# Passos',
      content_type: 'markdown',
      categories: ['motor', 'troca-de-óleo'],
      uri: 'troca-de-oleo-motor-2-0',
      fields: [{ field_name: 'Torque', field_value: '25 Nm' }],
    });
  });

  it('says a page too large to save is too large, with its size and the limit in bytes, and keeps the text', async () => {
    const reason = 'This page would take 2345678 bytes once saved (its text, the HTML made from it and its fields), more than the 2097152 bytes a page may hold: shorten it or split it into several pages';
    service((call) => (call.method === 'POST' && call.url === '/acc-1' ? { status: 413, body: { error: 'payload_too_large', reason } } : undefined));
    const { location } = renderAt('/account/acc-1/handbooks/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Manual' } });
    fireEvent.change(content(), { target: { value: '日本語'.repeat(1000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByTestId('too-large');
    expect(within(alert).getByText('This page is too large to save')).toBeTruthy();
    expect(alert.textContent).toContain('Saved, it would take 2.3 MB (2,345,678 bytes)');
    expect(alert.textContent).toContain('A page may take at most 2.1 MB (2,097,152 bytes). Nothing was saved');
    // the service's sentence is not shown a second time, and the editor keeps the text
    expect(screen.queryByText(reason)).toBeNull();
    expect(content().value).toBe('日本語'.repeat(1000));
    expect(location()).toBe('/account/acc-1/handbooks/new');
  });

  it('says it in Portuguese too', async () => {
    service((call) => (call.method === 'PUT' && call.url.startsWith(`/acc-1/${OIL._id}?`) ? { status: 413, body: { error: 'payload_too_large', reason: 'This page would take 3000000 bytes once saved' } } : undefined));
    renderAt('/account/acc-1/handbooks/troca-de-oleo/edit', 'pt-BR');
    await screen.findByDisplayValue('Troca de óleo');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByTestId('too-large');
    expect(alert.textContent).toContain('Esta página é grande demais para salvar');
    expect(alert.textContent).toContain('ocuparia 3,0 MB (3.000.000 bytes)');
    expect(alert.textContent).toContain('no máximo 2,1 MB (2.097.152 bytes)');
  });

  it('sends a new page with the same _id on every attempt, so saving again after a failed answer stores no second copy', async () => {
    let posts = 0;
    const { calls } = service((call) => {
      if (call.method !== 'POST' || call.url !== '/acc-1') return undefined;
      posts++;
      // the first answer is lost (the page may be stored all the same); the second is the service's answer to the replay
      return posts === 1 ? { status: 503, body: { error: 'service_unavailable', reason: 'The service did not answer in time, please try again' } } : { status: 201, body: { ok: true, id: (call.body as { _id: string })._id, rev: '1-a', doc: { uri: 'manual' } } };
    });
    const { location } = renderAt('/account/acc-1/handbooks/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Manual' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/please try again/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks/manual'));
    const ids = calls.filter((c) => c.method === 'POST' && c.url === '/acc-1').map((c) => (c.body as { _id?: string })._id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^hbk-[0-9a-f]{20}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('refuses a blank title, a bad address and a field without a name before sending', async () => {
    const { calls } = service();
    renderAt('/account/acc-1/handbooks/new', 'pt-BR');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Endereço/ }), { target: { value: 'Não Vale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar um campo' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor do campo 1' }), { target: { value: 'sem nome' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('use letras minúsculas, números e traços (troca-de-oleo)')).toBeTruthy();
    expect(screen.getByText('todo campo precisa de um nome')).toBeTruthy();
    expect(screen.getAllByText(/não pode ficar em branco|can't be blank/).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST' && c.url === '/acc-1')).toBe(false);
  });

  it('applies the toolbar’s marks to the selected text and keyboard shortcuts do the same', async () => {
    service();
    renderAt('/account/acc-1/handbooks/new');
    await screen.findByTestId('editor-toolbar');
    const area = content();
    fireEvent.change(area, { target: { value: 'Use five litres' } });
    select(area, 4, 8);
    fireEvent.click(screen.getByRole('button', { name: 'Bold (Ctrl+B)' }));
    expect(area.value).toBe('Use **five** litres');
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('five');
    fireEvent.keyDown(area, { key: 'i', ctrlKey: true });
    expect(area.value).toBe('Use **_five_** litres');
    select(area, 0, area.value.length);
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    expect(area.value).toBe('## Use **_five_** litres');
    select(area, area.value.length, area.value.length);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(area.value).toBe('## Use **_five_** litres\n\n| Column 1 | Column 2 |\n| --- | --- |\n|   |   |\n');
    select(area, 3, 6);
    fireEvent.click(screen.getByRole('button', { name: 'Link (Ctrl+K)' }));
    expect(area.value.startsWith('## [Use](https://) ')).toBe(true);
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('https://');
    for (const name of ['Italic (Ctrl+I)', 'Bulleted list', 'Numbered list', 'Quote', 'Code (Ctrl+E)']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('makes a link of selected text when a URL is pasted over it, and pastes other text as usual', async () => {
    service();
    renderAt('/account/acc-1/handbooks/new');
    await screen.findByTestId('editor-toolbar');
    const area = content();
    fireEvent.change(area, { target: { value: 'See the filter page' } });
    select(area, 8, 14);
    const pasted = (text: string) => {
      const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
      event.clipboardData = { getData: (type: string) => (type === 'text/plain' ? text : '') };
      fireEvent(area, event);
      return event.defaultPrevented;
    };
    expect(pasted('https://example.com/filtros')).toBe(true);
    expect(area.value).toBe('See the [filter](https://example.com/filtros) page');
    select(area, 0, 3);
    expect(pasted('just words')).toBe(false);
    expect(area.value).toBe('See the [filter](https://example.com/filtros) page');
  });

  it('turns the marks off for plain text', async () => {
    service();
    renderAt('/account/acc-1/handbooks/new');
    fireEvent.click(await screen.findByText('Plain text'));
    expect((screen.getByRole('button', { name: 'Bold (Ctrl+B)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the preview once typing rests and shows it cleaned of scripts', async () => {
    const { calls } = service();
    renderAt('/account/acc-1/handbooks/new');
    await screen.findByTestId('editor-toolbar');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    for (const text of ['H', 'He', 'Hel', 'Hello <b>there</b>']) {
      fireEvent.change(content(), { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(calls.filter(isPreview)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(450));
    vi.useRealTimers();
    const preview = await screen.findByTestId('preview-content');
    await waitFor(() => expect(preview.textContent).toBe('Hello <b>there</b>'));
    expect(calls.filter(isPreview).map((c) => c.body)).toEqual([{ content: 'Hello <b>there</b>', content_type: 'markdown' }]);
    expect(preview.querySelector('script')).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('saves with Ctrl+S (and ⌘+S), sending the change with the revision it was opened at', async () => {
    const { calls } = service((call) => (call.method === 'PUT' && call.url.startsWith(`/acc-1/${OIL._id}?`) ? { body: { ok: true, id: OIL._id, rev: '4-d', doc: { uri: 'troca-de-oleo' } } } : undefined));
    const { location } = renderAt('/account/acc-1/handbooks/troca-de-oleo/edit');
    await waitFor(() => expect(content().value).toBe(OIL.content));
    fireEvent.change(content(), { target: { value: `${OIL.content}\nMais um passo.` } });
    const save = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    content().dispatchEvent(save);
    expect(save.defaultPrevented).toBe(true);
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks/troca-de-oleo'));
    const put = calls.find((c) => c.method === 'PUT' && c.url.startsWith(`/acc-1/${OIL._id}?`))!;
    expect(put.url).toBe(`/acc-1/${OIL._id}?rev=3-c`);
    // the revision edited goes back (a _rev moved only by another page's link is no conflict for the service)
    expect(put.body).toMatchObject({ _id: OIL._id, title: 'Troca de óleo', content: `${OIL.content}\nMais um passo.`, categories: ['motor', 'oficina'], uri: 'troca-de-oleo', revision: 3 });
    // what the service keeps itself is not sent back
    for (const key of ['content_html', 'linked_by', 'old_uris', 'uri_rev', 'value_for', 'links_to']) expect(put.body).not.toHaveProperty(key);
  });

  it('goes to the renamed page at its new address after the save, though the old address is read back as moved meanwhile', async () => {
    // the save's refresh reads the edit screen's handbook again, by its old address, while the app goes to the page:
    // the edit screen, still shown, must not move itself to the new address (…/edit) over that navigation
    let renamed = false;
    const motor = { ...OIL, _rev: '4-d', uri: 'troca-de-oleo-motor', old_uris: ['troca-de-oleo'] };
    service((call) => {
      if (call.method === 'PUT' && call.url.startsWith(`/acc-1/${OIL._id}?`)) {
        renamed = true;
        return { body: { ok: true, id: OIL._id, rev: '4-d', doc: { uri: 'troca-de-oleo-motor' } } };
      }
      if (!renamed) return undefined;
      if (call.method === 'GET' && call.url === `/acc-1/${OIL._id}`) return { body: motor };
      if (viewOf(call, 'handbooks', 'by_uri')) return { body: { rows: [{ key: 'troca-de-oleo', value: { _id: OIL._id, uri: 'troca-de-oleo-motor' } }] } };
      return undefined;
    });
    const { location } = renderAt('/account/acc-1/handbooks/troca-de-oleo/edit');
    await waitFor(() => expect(content().value).toBe(OIL.content));
    const address = screen.getByRole('textbox', { name: /^Address/ });
    fireEvent.change(address, { target: { value: 'troca-de-oleo-motor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks/troca-de-oleo-motor'));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(location()).toBe('/account/acc-1/handbooks/troca-de-oleo-motor');
  });

  it('on a 409 shows both versions and their difference, and "Keep theirs" leaves without overwriting', async () => {
    const theirs = { ...OIL, _rev: '4-x', content: `${OIL.content}\nDeles.`, content_html: '<p>Versão deles</p>', updated_at: '2026-05-11T09:30:00.000Z' };
    let read = 0;
    const { calls } = service((call) => {
      if (call.method === 'GET' && call.url === `/acc-1/${OIL._id}`) return { body: read++ === 0 ? OIL : theirs };
      if (call.method === 'PUT' && call.url.startsWith(`/acc-1/${OIL._id}?`)) return { status: 409, body: { error: 'conflict', reason: 'Someone else changed this page' } };
      if (viewOf(call, 'handbooks', 'revisions'))
        return { body: { rows: [{ key: 4, value: { revision: 4, title: OIL.title, content: theirs.content, content_type: 'markdown', categories: [], fields: [], updated_by: 'usr-bia', updated_by_label: 'Bia Souza', updated_at: theirs.updated_at } }] } };
      return undefined;
    });
    const { location } = renderAt('/account/acc-1/handbooks/troca-de-oleo/edit');
    await waitFor(() => expect(content().value).toBe(OIL.content));
    fireEvent.change(content(), { target: { value: `${OIL.content}\nMeu.` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this page' });
    expect(within(dialog).getByText(/Bia Souza saved this page at/)).toBeTruthy();
    const diff = within(dialog).getByTestId('conflict-diff');
    expect([...diff.querySelectorAll('[data-line="removed"]')].map((l) => l.textContent)).toEqual(['− Removed: Deles.']);
    expect([...diff.querySelectorAll('[data-line="added"]')].map((l) => l.textContent)).toEqual(['+ Added: Meu.']);
    // the same address on both sides: nothing said about it
    expect(within(dialog).queryByTestId('conflict-addresses')).toBeNull();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Their version' }));
    expect((await within(dialog).findByTestId('conflict-theirs')).textContent).toBe('Versão deles');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Your version' }));
    expect((await within(dialog).findByTestId('conflict-mine')).textContent).toContain('Meu.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks/troca-de-oleo'));
    expect(calls.filter((c) => c.method === 'PUT' && c.url.startsWith(`/acc-1/${OIL._id}?`))).toHaveLength(1);
  });

  it('on a 409 "Reload" puts theirs in the editor at their revision and keeps mine beside it; saving then sends their revision', async () => {
    const theirs = { ...OIL, _rev: '4-x', revision: 4, content: 'Texto deles', updated_at: '2026-05-11T09:30:00.000Z' };
    let read = 0;
    let puts = 0;
    const { calls } = service((call) => {
      if (call.method === 'GET' && call.url === `/acc-1/${OIL._id}`) return { body: read++ === 0 ? OIL : theirs };
      if (call.method === 'PUT' && call.url.startsWith(`/acc-1/${OIL._id}?`))
        return puts++ === 0 ? { status: 409, body: { error: 'conflict', reason: 'Record updated by someone else, please refresh' } } : { body: { ok: true, id: OIL._id, rev: '5-y' } };
      return undefined;
    });
    renderAt('/account/acc-1/handbooks/troca-de-oleo/edit', 'pt-BR');
    await waitFor(() => expect(content().value).toBe(OIL.content));
    fireEvent.change(content(), { target: { value: 'Meu texto' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Endereço/ }), { target: { value: 'oleo-novo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outra pessoa alterou esta página' });
    expect(within(dialog).getByText(/Alguém salvou esta página em/)).toBeTruthy();
    // the addresses differ: said beside the content's differences (issue 26 #8)
    expect(within(dialog).getByTestId('conflict-addresses').textContent).toBe('Endereço: na outra versão “troca-de-oleo”, na sua “oleo-novo”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Carregar a outra versão no editor' }));
    await waitFor(() => expect(content().value).toBe('Texto deles'));
    expect((screen.getByRole('textbox', { name: /^Endereço/ }) as HTMLInputElement).value).toBe('troca-de-oleo');
    const kept = screen.getByTestId('kept-version');
    expect((within(kept).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Meu texto');
    fireEvent.click(within(kept).getByRole('button', { name: 'Colocar minha versão de volta no editor' }));
    expect(content().value).toBe('Meu texto');
    expect((screen.getByRole('textbox', { name: /^Endereço/ }) as HTMLInputElement).value).toBe('oleo-novo');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts).toBe(2));
    const saves = calls.filter((c) => c.method === 'PUT' && c.url.startsWith(`/acc-1/${OIL._id}?`));
    expect(saves.map((c) => [c.url, (c.body as { revision: number }).revision])).toEqual([
      [`/acc-1/${OIL._id}?rev=3-c`, 3],
      [`/acc-1/${OIL._id}?rev=4-x`, 4],
    ]);
    expect(saves[1].body).toMatchObject({ content: 'Meu texto', uri: 'oleo-novo' });
  });

  it('shows the service’s field errors under their fields (an address already taken)', async () => {
    service((call) => (call.method === 'POST' ? { status: 409, body: { error: 'conflict', reason: { uri: 'has-already-been-taken' } } } : undefined));
    renderAt('/account/acc-1/handbooks/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Filtros' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('has already been taken')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
