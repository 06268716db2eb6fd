import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRequestFactory } from '../../lib/api';
import { isFind, renderAt, selectorOf, stubApi, viewOf } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

/** An XMLHttpRequest the test drives: the upload's progress, its end, and the answer. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded, total: this.body!.size, lengthComputable: true });
  }
  uploaded() {
    this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const bookmark = (id: string, fields: Record<string, unknown>) => ({
  _id: id,
  _rev: '1-a',
  klass: 'Bookmark',
  created_at: '2026-05-10T10:00:00Z',
  updated_at: '2026-05-10T10:00:00Z',
  created_by: 'usr-ana',
  tag_names: [],
  title: null,
  description: null,
  fetch_status: 'done',
  fetch_error: null,
  duplicate_of: null,
  ...fields,
});
const ID = 'bkm-0123456789abcdef0123';
const OTHER = 'bkm-aaaaaaaaaaaaaaaaaaaa';

describe('bookmarks', { timeout: 20_000 }, () => {
  it('lists each with its fetched title or its address, its tags, the duplicate flag and the fetch state', async () => {
    const { calls } = stubApi((call) =>
      isFind(call, 'Bookmark')
        ? {
            body: {
              docs: [
                bookmark(ID, { url: 'https://example.com/oleos', title: 'Óleos lubrificantes', tag_names: ['motor'] }),
                bookmark(OTHER, { url: 'https://example.com/oleos#x', duplicate_of: ID }),
                bookmark('bkm-bbbbbbbbbbbbbbbbbbbb', { url: 'http://slow.example.com/', fetch_status: 'pending' }),
                bookmark('bkm-cccccccccccccccccccc', { url: 'https://gone.example.com/', fetch_status: 'failed', fetch_error: 'HTTP 404' }),
              ],
            },
          }
        : undefined,
    );
    renderAt('/account/acc-1/bookmarks');
    const rows = await screen.findAllByTestId('bookmark-row');
    expect(rows.map((r) => within(r).getByTestId('bookmark-title').textContent)).toEqual([
      'Óleos lubrificantes',
      'example.com/oleos#x',
      'slow.example.com/',
      'gone.example.com/',
    ]);
    expect(within(rows[0]).getByText('motor')).toBeTruthy();
    expect(within(rows[1]).getByTestId('duplicate-flag').getAttribute('href')).toBe(`/account/acc-1/bookmarks/${ID}`);
    expect(within(rows[2]).getByTestId('fetch-status').textContent).toBe('Fetching the title…');
    expect(within(rows[3]).getByTestId('fetch-status').textContent).toBe('Could not fetch the page');
    expect(within(rows[0]).getByRole('link', { name: 'https://example.com/oleos' }).getAttribute('rel')).toBe('noopener noreferrer nofollow');
    // a tag filters the list
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'motor' }));
    await waitFor(() => expect(calls.filter((c) => isFind(c, 'Bookmark')).map(selectorOf).at(-1)).toEqual({ klass: 'Bookmark', tag_names: { $all: ['motor'] } }));
    expect(await screen.findByRole('heading', { name: 'Bookmarks tagged motor' })).toBeTruthy();
  });

  it('adds one by its address and tags, then shows its title once the background fetch is done', async () => {
    let reads = 0;
    const { calls } = stubApi((call) => {
      if (call.method === 'POST' && call.url === '/acc-1') return { status: 201, body: { ok: true, id: ID, rev: '1-a' } };
      if (call.method === 'GET' && call.url === `/acc-1/${ID}`) {
        reads++;
        return { body: reads < 2 ? bookmark(ID, { url: 'https://example.com/oleos', fetch_status: 'pending' }) : bookmark(ID, { url: 'https://example.com/oleos', title: 'Óleos lubrificantes', description: 'Guia de óleos', fetch_status: 'done', fetched_at: '2026-05-10T10:00:02Z' }) };
      }
      return undefined;
    });
    const { location } = renderAt('/account/acc-1/bookmarks/new', 'pt-BR');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Endereço/ }), { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('não é um endereço da web (http:// ou https://)')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Endereço/ }), { target: { value: ' https://example.com/oleos ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Etiquetas/ }), { target: { value: 'Motor, Óleo bom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe(`/account/acc-1/bookmarks/${ID}`));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')!.body).toEqual({ klass: 'Bookmark', url: 'https://example.com/oleos', tag_names: ['motor', 'óleo-bom'] });
    expect((await screen.findByTestId('fetch-status')).textContent).toBe('Buscando o título…');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('example.com/oleos');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Óleos lubrificantes'));
    expect(screen.queryByTestId('fetch-status')).toBeNull();
    expect(screen.getByTestId('field-description').textContent).toBe('Guia de óleos');
  });

  it('fetches the title again on request, and edits the title and tags with the revision', async () => {
    const doc = bookmark(ID, { url: 'https://example.com/oleos', title: 'Old', tag_names: ['a'], fetch_status: 'failed', fetch_error: 'timed out after 10 s' });
    const { calls } = stubApi((call) => {
      if (call.method === 'GET' && call.url === `/acc-1/${ID}`) return { body: doc };
      if (call.method === 'PUT') return { body: { ok: true, id: ID, rev: '2-b' } };
      return undefined;
    });
    const first = renderAt(`/account/acc-1/bookmarks/${ID}`);
    expect((await screen.findByTestId('fetch-error')).textContent).toBe('timed out after 10 s');
    fireEvent.click(screen.getByTestId('refetch-bookmark'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === `/acc-1/_design/bookmarks/_update/refetch/${ID}`)).toBe(true));
    first.unmount();
    renderAt(`/account/acc-1/bookmarks/${ID}/edit`);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Tags/ }), { target: { value: 'a, b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === `/acc-1/${ID}?rev=1-a`)).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && c.url === `/acc-1/${ID}?rev=1-a`)!.body as Record<string, unknown>;
    expect(put).toMatchObject({ url: 'https://example.com/oleos', tag_names: ['a', 'b'], title: null });
    for (const key of ['fetch_status', 'fetch_error', 'duplicate_of', 'normalized_url']) expect(put).not.toHaveProperty(key);
  });

  it('imports a browser’s bookmarks file and says how many were new, known or invalid; exports the file', async () => {
    FakeRequest.sent = [];
    setRequestFactory(() => new FakeRequest() as unknown as XMLHttpRequest);
    const { calls } = stubApi((call) => {
      const exported = viewOf(call, 'bookmarks', 'export');
      if (exported) {
        // two pages of 1 and 2 bookmarks
        const skip = Number(exported.get('skip'));
        const entries = skip === 0 ? ['    <DT><A HREF="https://a.b/">A</A>\n'] : ['    <DT><A HREF="https://c.d/">C</A>\n', '    <DT><A HREF="https://e.f/">E</A>\n'];
        const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n${entries.join('')}</DL><p>\n`;
        return { body: { rows: [{ key: 'html', value: html }, { key: 'count', value: entries.length }, { key: 'total', value: 3 }] } };
      }
      return undefined;
    });
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/account/acc-1/bookmarks');
    await screen.findByTestId('empty-list');
    const html = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF="https://example.com/">Example</A></DL>';
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([html], 'bookmarks.html', { type: 'text/html' })] } });
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    const sent = FakeRequest.sent[0];
    sent.answer(200, { ok: true, id: 'netscape', rev: '', doc: { created: 3, duplicates: 1, invalid: 2 } });
    expect((await screen.findByTestId('import-report')).textContent).toBe('Imported: 3 new, 1 already here, 2 not valid.');
    expect(sent.method).toBe('PUT');
    expect(sent.url).toMatch(/^\/acc-1\/_design\/bookmarks\/_update\/import\/netscape\?progress=[0-9a-f]{32}$/);
    expect(sent.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(await sent.body!.text()).toBe(html);
    fireEvent.click(screen.getByTestId('export-bookmarks'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(await created[0].text()).toBe(
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n    <DT><A HREF="https://a.b/">A</A>\n    <DT><A HREF="https://c.d/">C</A>\n    <DT><A HREF="https://e.f/">E</A>\n</DL><p>\n',
    );
    expect(calls.map((c) => viewOf(c, 'bookmarks', 'export')?.get('skip')).filter(Boolean)).toEqual(['0', '1']);
    click.mockRestore();
  });

  it('sends a large export without its icons, shows the upload’s progress, then the service’s, then the report (issue 26 #11)', async () => {
    FakeRequest.sent = [];
    setRequestFactory(() => new FakeRequest() as unknown as XMLHttpRequest);
    let progress: { total: number; done: number } | null = null;
    const { calls } = stubApi((call) => {
      const asked = viewOf(call, 'bookmarks', 'import_progress');
      if (asked) return { body: { rows: progress ? [{ key: JSON.parse(asked.get('key')!), value: progress }] : [] } };
      return undefined;
    });
    renderAt('/account/acc-1/bookmarks', 'pt-BR');
    await screen.findByTestId('empty-list');
    const entry = (i: number) => `<DT><A HREF="https://site${i}.example/" ADD_DATE="1700000000" ICON="data:image/png;base64,${'A'.repeat(2000)}">Site ${i}</A>\n`;
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${Array.from({ length: 2500 }, (_, i) => entry(i)).join('')}</DL>`;
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([html], 'bookmarks.html', { type: 'text/html' })] } });
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    const sent = FakeRequest.sent[0];
    // the icons stay here: a tenth of the file is sent
    const body = await sent.body!.text();
    expect(body).not.toContain('ICON');
    expect(body).toContain('<DT><A HREF="https://site2499.example/" ADD_DATE="1700000000">Site 2499</A>');
    expect(body.length).toBeLessThan(html.length / 10);
    const panel = await screen.findByTestId('import-progress');
    expect(panel.textContent).toBe('Enviando o arquivo (2.500 links)… 0%');
    sent.progress(Math.ceil(sent.body!.size * 0.42));
    await waitFor(() => expect(panel.textContent).toBe('Enviando o arquivo (2.500 links)… 42%'));
    expect(within(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    // sent: the service reads the file, then says how many it has stored
    sent.uploaded();
    await waitFor(() => expect(panel.textContent).toBe('Lendo 2.500 links…'));
    progress = { total: 2500, done: 1000 };
    await waitFor(() => expect(screen.getByTestId('import-progress').textContent).toBe('Importando: 1.000 de 2.500 favoritos'), { timeout: 3000 });
    expect(within(screen.getByTestId('import-progress')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    const key = calls.map((c) => viewOf(c, 'bookmarks', 'import_progress')?.get('key')).find(Boolean)!;
    expect(sent.url.endsWith(`?progress=${JSON.parse(key)}`)).toBe(true);
    sent.answer(200, { ok: true, id: 'netscape', rev: '', doc: { created: 2500, duplicates: 0, invalid: 0 } });
    expect((await screen.findByTestId('import-report')).textContent).toBe('Importados: 2.500 novos, 0 já existentes, 0 inválidos.');
    expect(screen.queryByTestId('import-progress')).toBeNull();
  });

  it('refuses a bookmarks file over the file limit without sending it, and shows the service’s refusal', async () => {
    FakeRequest.sent = [];
    setRequestFactory(() => new FakeRequest() as unknown as XMLHttpRequest);
    stubApi(() => undefined);
    renderAt('/account/acc-1/bookmarks');
    await screen.findByTestId('empty-list');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File(['<DL></DL>'], 'big.html', { type: 'text/html' });
    Object.defineProperty(big, 'size', { value: 64 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toContain('A bookmarks file can have at most 64 MB.');
    expect(FakeRequest.sent).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['<DL></DL>'], 'b.html', { type: 'text/html' })] } });
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    FakeRequest.sent[0].answer(429, { error: 'too_many_requests', reason: 'Bookmarks are being imported into this group already: try again once that import has ended' });
    expect((await screen.findByRole('alert')).textContent).toContain('Bookmarks are being imported into this group already');
  });
});
