import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { XSS_PAYLOADS } from '../../test/xss-payloads';
import { OIL, renderAt, stubApi, viewOf, type Call } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete (window as { __xss?: unknown }).__xss;
});

/** The service: OIL by id, and by_uri for its address now and before. */
function service(doc: Record<string, unknown> = OIL, extra?: (call: Call) => { status?: number; body: unknown } | undefined) {
  return stubApi((call) => {
    const found = extra?.(call);
    if (found) return found;
    if (call.method === 'GET' && call.url === `/acc-1/${doc._id}`) return { body: doc };
    const byUri = viewOf(call, 'handbooks', 'by_uri');
    if (byUri) {
      const key = JSON.parse(byUri.get('key')!);
      const known = key === doc.uri || ((doc.old_uris as string[] | undefined) ?? []).includes(key);
      return { body: { rows: known ? [{ key, value: { _id: doc._id, uri: doc.uri } }] : [] } };
    }
    return undefined;
  });
}

describe('a handbook’s page', { timeout: 20_000 }, () => {
  it('shows the rendered content, the fields as a table, the tags, the pages linking to it and the earlier address', async () => {
    const { calls } = service();
    renderAt('/account/acc-1/handbooks/troca-de-oleo');
    const content = await screen.findByTestId('handbook-content');
    expect(within(content).getByRole('heading', { name: 'Passos' })).toBeTruthy();
    expect(within(content).getByRole('columnheader', { name: 'Litros' })).toBeTruthy();
    expect(within(content).getByRole('cell', { name: '4,5' })).toBeTruthy();
    const fields = screen.getByTestId('handbook-fields');
    expect([...fields.querySelectorAll('tr')].map((r) => r.textContent)).toEqual(['Torque25 Nm', 'Óleo5W30']);
    expect(within(screen.getByTestId('tags')).getByText('oficina')).toBeTruthy();
    const backlinks = screen.getByTestId('linked-by');
    expect(within(backlinks).getByRole('link', { name: 'Revisão dos 10 mil' }).getAttribute('href')).toBe('/account/acc-1/handbooks/revisao-10-mil');
    expect(within(backlinks).getByText('oleo')).toBeTruthy();
    // the address was asked as JSON (the gateway reads key="…" as text)
    expect(calls.some((c) => viewOf(c, 'handbooks', 'by_uri')?.get('key') === '"troca-de-oleo"')).toBe(true);
    expect(screen.getByRole('link', { name: 'History (3)' }).getAttribute('href')).toBe('/account/acc-1/handbooks/troca-de-oleo/history');
  });

  it('follows a link to another handbook inside the app, without loading the page again', async () => {
    service();
    const { location } = renderAt('/account/acc-1/handbooks/troca-de-oleo');
    const link = within(await screen.findByTestId('handbook-content')).getByRole('link', { name: 'filtros' });
    expect(link.getAttribute('data-in-app')).toBe('true');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks/filtros'));
  });

  it('moves an earlier address and an id to the current address', async () => {
    service();
    const first = renderAt('/account/acc-1/handbooks/oleo');
    await waitFor(() => expect(first.location()).toBe('/account/acc-1/handbooks/troca-de-oleo'));
    expect(await screen.findByRole('heading', { name: 'Troca de óleo' })).toBeTruthy();
    first.unmount();
    const second = renderAt(`/account/acc-1/handbooks/${OIL._id}`);
    await waitFor(() => expect(second.location()).toBe('/account/acc-1/handbooks/troca-de-oleo'));
  });

  it('says "Not found" for an address no handbook ever had', async () => {
    service();
    renderAt('/account/acc-1/handbooks/nada-aqui');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Not found'));
  });

  it('inserts none of the known XSS payloads the content_html could carry, and none of them runs', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    service({ ...OIL, content_html: `<p>safe text</p>${XSS_PAYLOADS.join('')}` });
    renderAt('/account/acc-1/handbooks/troca-de-oleo');
    const content = await screen.findByTestId('handbook-content');
    expect(content.textContent).toContain('safe text');
    expect(content.querySelector('script, iframe, object, embed, svg, math, style, form, input, meta, base, link')).toBeNull();
    for (const el of content.querySelectorAll('*')) for (const attr of el.attributes) expect(attr.name).not.toMatch(/^on|^style$/);
    expect(content.innerHTML).not.toMatch(/javascript:|data:/i);
    for (const el of content.querySelectorAll('[href], [src]')) fireEvent.click(el);
    await new Promise((r) => setTimeout(r, 50));
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows a plain-text handbook as text when the service sent no HTML, never as markup', async () => {
    const { content_html: _omit, ...noHtml } = OIL;
    service({ ...noHtml, content: '<b>not bold</b>', content_type: 'text' });
    renderAt('/account/acc-1/handbooks/troca-de-oleo');
    const content = await screen.findByTestId('handbook-content');
    expect(content.textContent).toBe('<b>not bold</b>');
    expect(content.querySelector('b')).toBeNull();
  });

  it('is remembered as opened (the wiki’s open entries) and deleted with its revision after asking', async () => {
    const { calls } = service(OIL, (call) => (call.method === 'DELETE' ? { body: { ok: true, id: OIL._id, rev: '4-d' } } : undefined));
    const { location } = renderAt('/account/acc-1/handbooks/troca-de-oleo', 'pt-BR');
    await screen.findByTestId('handbook-content');
    expect(JSON.parse(localStorage.getItem('notes.recent.acc-1')!)).toMatchObject([{ _id: OIL._id, title: 'Troca de óleo', uri: 'troca-de-oleo' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Excluir este manual?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Excluir/ }));
    await waitFor(() => expect(location()).toBe('/account/acc-1/handbooks'));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/acc-1/${OIL._id}?rev=3-c`);
    expect(localStorage.getItem('notes.recent.acc-1')).toBe('[]');
  });
});
