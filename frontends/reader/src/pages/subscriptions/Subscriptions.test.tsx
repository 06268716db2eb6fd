import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { phoneWindow } from '@app/ui/src/testing/phone-window';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFind, LABELS, renderAt, SESSION, stubApi, SUBSCRIPTIONS, updateOf, type Call, type Handler } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5_000 });

const UNREAD = { rows: [{ key: 'rsb-blog', value: 12 }, { key: 'rsb-broken', value: 3 }] };

/** The gateway with the sample subscriptions, labels and unread counts; `more` answers first. */
function stubReader(more?: Handler) {
  return stubApi((call) => {
    const answer = more?.(call);
    if (answer) return answer;
    if (call.url === '/_session') return { body: SESSION };
    if (isFind(call, 'ReaderSubscription')) return { body: { docs: SUBSCRIPTIONS } };
    if (isFind(call, 'ReaderLabel')) return { body: { docs: LABELS } };
    if (call.url === '/acc-1/_design/reader/_view/unread') return { body: UNREAD };
    const sub = SUBSCRIPTIONS.find((s) => call.method === 'GET' && call.url === `/acc-1/${s._id}`);
    if (sub) return { body: sub };
    return undefined;
  });
}

const updates = (calls: Call[]) => calls.map(updateOf).filter(Boolean);

describe('the subscriptions list', { timeout: 30_000 }, () => {
  it('shows each subscription with its label, unread count and last check or last error; active ones first', async () => {
    stubReader();
    renderAt('/account/acc-1/reader_subscriptions');
    const rows = await screen.findAllByTestId('subscription-row');
    expect(rows.map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual(['Broken Feed', 'Example Blog', 'Old Atom']);
    await waitFor(() => expect(within(rows[1]).getByTestId('subscription-unread').textContent).toBe('12'));
    expect(within(rows[1]).getByRole('link', { name: 'Tech' }).getAttribute('href')).toBe('/account/acc-1/reader_labels/rlb-tech');
    expect(within(rows[1]).getByRole('link', { name: '12' }).getAttribute('href')).toBe('/account/acc-1/reader_items?subscription=rsb-blog');
    expect(within(rows[0]).getByTestId('subscription-failing').textContent).toBe('Failing (3 errors)');
    expect(within(rows[0]).getByTestId('subscription-error').textContent).toBe('HTTP 500 Internal Server Error');
    expect(within(rows[2]).getByText('Inactive')).toBeTruthy();
    expect(within(rows[2]).getByText('not fetched yet')).toBeTruthy();
    expect(within(rows[2]).getByTestId('subscription-unread').textContent).toBe('0');
  });

  it('refreshes every subscription now and says the items follow', async () => {
    const { calls } = stubReader((call) => (updateOf(call) ? { body: { ok: true, id: 'all', rev: '0' } } : undefined));
    renderAt('/account/acc-1/reader_subscriptions');
    fireEvent.click(await screen.findByTestId('refresh-all'));
    expect((await screen.findByTestId('refresh-queued')).textContent).toBe('Every subscription is being fetched: new items show up in a moment.');
    expect(updates(calls)).toEqual([['reader', 'refresh', 'all']]);
    expect(calls.find((c) => updateOf(c))!.body).toBeUndefined();
  });

  it('imports an OPML file chosen with the file picker and says what it made', async () => {
    const opml = '<?xml version="1.0"?><opml version="2.0"><body><outline text="Tech"><outline type="rss" xmlUrl="https://a.example/feed"/></outline></body></opml>';
    const { calls } = stubReader((call) =>
      updateOf(call)?.[1] === 'import_opml' ? { body: { ok: true, id: 'opml', rev: '0', doc: { subscriptions_created: 3, subscriptions_skipped: 1, labels_created: 2 } } } : undefined,
    );
    const { container } = renderAt('/account/acc-1/reader_subscriptions');
    await screen.findAllByTestId('subscription-row');
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([opml], 'feeds.opml', { type: 'text/x-opml' })] } });
    expect((await screen.findByTestId('opml-report')).textContent).toContain('Subscriptions created: 3 · already there: 1 · labels created: 2');
    const put = calls.find((c) => updateOf(c))!;
    expect([put.url, put.body]).toEqual(['/acc-1/_design/reader/_update/import_opml/opml', { opml }]);
    // the lists are read again
    await waitFor(() => expect(calls.filter((c) => isFind(c, 'ReaderSubscription')).length).toBeGreaterThan(1));
  });

  it('refuses an OPML file over 512 kB before sending it, in the user’s language', async () => {
    const { calls } = stubReader();
    const { container } = renderAt('/account/acc-1/reader_subscriptions', 'pt-BR');
    await screen.findAllByTestId('subscription-row');
    const big = new File(['x'.repeat(512 * 1024 + 1)], 'big.opml');
    fireEvent.change(container.ownerDocument.querySelector('input[type="file"]')!, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toContain('O arquivo OPML tem mais de 512 kB');
    expect(updates(calls)).toEqual([]);
  });

  it('exports the OPML view as a downloaded file', async () => {
    const xml = '<?xml version="1.0"?><opml version="2.0"><head><title>Subscriptions</title></head><body/></opml>';
    stubReader((call) => (call.url === '/acc-1/_design/reader/_view/opml' ? { body: { rows: [{ key: 'opml', value: xml }] } } : undefined));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:opml'));
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });
    renderAt('/account/acc-1/reader_subscriptions');
    fireEvent.click(await screen.findByTestId('opml-export'));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^subscriptions-\d{4}-\d{2}-\d{2}\.opml blob:opml$/);
    expect(await blobs[0].text()).toBe(xml);
    click.mockRestore();
  });

  it('is a column of cards on a phone', async () => {
    phoneWindow();
    stubReader();
    renderAt('/account/acc-1/reader_subscriptions');
    expect(await screen.findByTestId('subscription-cards')).toBeTruthy();
    expect(screen.queryByTestId('subscriptions-table')).toBeNull();
    expect(screen.getAllByTestId('subscription-row')).toHaveLength(3);
  });
});

describe('a subscription', { timeout: 30_000 }, () => {
  it('shows its addresses, label, unread count and fetch state, and links to its items', async () => {
    stubReader();
    renderAt('/account/acc-1/reader_subscriptions/rsb-broken');
    expect(await screen.findByRole('heading', { name: 'Broken Feed' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('field-unread').textContent).toBe('3'));
    expect(screen.getByTestId('field-url').textContent).toBe('https://broken.example.org/rss');
    expect(screen.getByTestId('field-label').textContent).toBe('News');
    expect(screen.getByTestId('field-error_count').textContent).toBe('3');
    expect(screen.getByTestId('field-last_error').textContent).toBe('HTTP 500 Internal Server Error');
    expect(screen.getByTestId('subscription-items').getAttribute('href')).toBe('/account/acc-1/reader_items?subscription=rsb-broken');
  });

  it('is refreshed now, and all its items are marked read after the question', async () => {
    const { calls } = stubReader((call) => (updateOf(call) ? { body: { ok: true, id: updateOf(call)![2], rev: '0' } } : undefined));
    renderAt('/account/acc-1/reader_subscriptions/rsb-blog');
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh now' }));
    expect(await screen.findByTestId('refresh-queued')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect((await screen.findByTestId('confirm-dialog-message')).textContent).toBe('Every unread item of “Example Blog” will be marked read.');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(updates(calls)).toEqual([['reader', 'refresh', 'rsb-blog'], ['reader', 'mark_all_read', 'rsb-blog']]));
  });

  it('is deleted after the question with its revision, then the list shows', async () => {
    const { calls } = stubReader((call) => (call.method === 'DELETE' ? { body: { ok: true, id: 'rsb-blog', rev: '3-x' } } : undefined));
    renderAt('/account/acc-1/reader_subscriptions/rsb-blog');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('confirm-dialog-message')).textContent).toContain('This deletes “Example Blog” and its items');
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    expect(await screen.findByRole('heading', { name: 'Subscriptions' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/acc-1/rsb-blog?rev=2-a');
  });

  it('says Page not found for an id of another kind', async () => {
    stubReader();
    renderAt('/account/acc-1/reader_subscriptions/rlb-news');
    expect((await screen.findByTestId('page-not-found')).textContent).toBe('Page not found.');
  });
});

describe('the subscription form', { timeout: 30_000 }, () => {
  it('creates a subscription from a site’s address typed without https://, with a label, then shows it', async () => {
    const { calls } = stubReader((call) => (call.method === 'POST' && call.url === '/acc-1' ? { status: 201, body: { ok: true, id: 'rsb-new', rev: '1-a' } } : undefined));
    renderAt('/account/acc-1/reader_subscriptions/new?label=rlb-news');
    const url = await screen.findByRole('textbox', { name: /Address/ });
    fireEvent.change(url, { target: { value: 'www.example.com' } });
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Label' }) as HTMLInputElement).value).toBe('News'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === '/acc-1')?.body).toEqual({
      klass: 'ReaderSubscription',
      url: 'https://www.example.com',
      customize_title: false,
      title: null,
      reader_label_id: 'rlb-news',
      active: true,
    }));
    await waitFor(() => expect(calls.some((c) => c.url === '/acc-1/rsb-new')).toBe(true));
  });

  it("shows the service's has-no-feed under the address, in Portuguese", async () => {
    stubReader((call) => (call.method === 'POST' && call.url === '/acc-1' ? { status: 422, body: { error: 'unprocessable_entity', reason: { url: 'has-no-feed' } } } : undefined));
    renderAt('/account/acc-1/reader_subscriptions/new', 'pt-BR');
    fireEvent.change(await screen.findByRole('textbox', { name: /Endereço/ }), { target: { value: 'https://example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('não tem feed: nenhum feed RSS, Atom ou JSON foi encontrado ali')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tries http when https could not connect to an address typed without a scheme, and keeps what answered', async () => {
    const { calls } = stubReader((call) => {
      if (call.method !== 'POST' || call.url !== '/acc-1') return undefined;
      const url = (call.body as { url: string }).url;
      return url.startsWith('https:')
        ? { status: 422, body: { error: 'unprocessable_entity', reason: { url: 'refused-the-connection' } } }
        : { status: 201, body: { ok: true, id: 'rsb-new', rev: '1-a' } };
    });
    renderAt('/account/acc-1/reader_subscriptions/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /Address/ }), { target: { value: 'old.example.com/rss' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/acc-1/rsb-new')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/acc-1').map((c) => (c.body as { url: string }).url)).toEqual(['https://old.example.com/rss', 'http://old.example.com/rss']);
  });

  it('says what failed with https and with http when neither answered', async () => {
    stubReader((call) => {
      if (call.method !== 'POST' || call.url !== '/acc-1') return undefined;
      const url = (call.body as { url: string }).url;
      return { status: 422, body: { error: 'unprocessable_entity', reason: { url: url.startsWith('https:') ? 'refused-the-connection' : 'did-not-answer-in-time' } } };
    });
    renderAt('/account/acc-1/reader_subscriptions/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /Address/ }), { target: { value: 'old.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'https://old.example.com refused the connection (nothing answers there, or its secure connection failed); http://old.example.com did not answer in time',
      ),
    ).toBeTruthy();
  });

  it('does not try http for an address typed with https, nor after a refusal that http would not change', async () => {
    const { calls } = stubReader((call) =>
      call.method === 'POST' && call.url === '/acc-1' ? { status: 422, body: { error: 'unprocessable_entity', reason: { url: 'has-no-such-host' } } } : undefined,
    );
    renderAt('/account/acc-1/reader_subscriptions/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /Address/ }), { target: { value: 'nowhere.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('names a site that does not exist (its host name is not known)')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/acc-1')).toHaveLength(1);
  });

  it('checks the address before sending', async () => {
    const { calls } = stubReader();
    renderAt('/account/acc-1/reader_subscriptions/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /Address/ }), { target: { value: 'ftp://example.com/feed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is not a web address (http or https)')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/acc-1')).toEqual([]);
  });

  it('edits the title, label and active flag of a stored subscription with its revision', async () => {
    const { calls } = stubReader((call) => (call.method === 'PUT' && call.url.startsWith('/acc-1/rsb-blog') ? { body: { ok: true, id: 'rsb-blog', rev: '3-b' } } : undefined));
    renderAt('/account/acc-1/reader_subscriptions/rsb-blog/edit');
    fireEvent.click(await screen.findByRole('switch', { name: 'Use my own title' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'My blog' } });
    fireEvent.click(screen.getByRole('switch', { name: /Active/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/acc-1/rsb-blog?rev=2-a');
    expect(put.body).toMatchObject({ _id: 'rsb-blog', url: 'https://blog.example.com/feed.xml', customize_title: true, title: 'My blog', reader_label_id: 'rlb-tech', active: false });
    expect(put.body).not.toHaveProperty('error_count');
  });
});

describe('a feed behind a password (security issue 25, item 13)', { timeout: 30_000 }, () => {
  // as the service shows it: the address without the password, and whom it signs in as
  const PRIVATE = { ...SUBSCRIPTIONS[0], _id: 'rsb-private', _rev: '4-a', url: 'https://members.example.com/feed.xml', title: 'Members', basic_auth_user: 'alice' };
  const withPrivate = (more?: Handler) =>
    stubReader((call) => more?.(call) ?? (call.method === 'GET' && call.url === '/acc-1/rsb-private' ? { body: PRIVATE } : undefined));

  it('shows whom the feed signs in as, and its address without a password', async () => {
    withPrivate();
    renderAt('/account/acc-1/reader_subscriptions/rsb-private');
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeTruthy();
    expect(screen.getByTestId('field-url').textContent).toBe('https://members.example.com/feed.xml');
    expect(screen.getByTestId('field-basic_auth_user').textContent).toBe('alice');
    expect(screen.getByText('Signs in as')).toBeTruthy();
  });

  it('says so in Portuguese', async () => {
    withPrivate();
    renderAt('/account/acc-1/reader_subscriptions/rsb-private', 'pt-BR');
    expect(await screen.findByText('Entra como')).toBeTruthy();
    expect(screen.getByTestId('field-basic_auth_user').textContent).toBe('alice');
  });

  it('shows no sign-in for a feed without one, and says how to give a password when adding a feed', async () => {
    stubReader();
    renderAt('/account/acc-1/reader_subscriptions/rsb-blog');
    expect(await screen.findByRole('heading', { name: 'Example Blog' })).toBeTruthy();
    expect(screen.queryByTestId('field-basic_auth_user')).toBeNull();
    renderAt('/account/acc-1/reader_subscriptions/new', 'pt-BR');
    expect((await screen.findByTestId('sign-in-hint')).textContent).toMatch(/^Um feed protegido por senha/);
  });

  it('keeps the sign-in when the subscription is edited, and forgets it when switched off (basic_auth_user null)', async () => {
    const { calls } = withPrivate((call) => (call.method === 'PUT' && call.url.startsWith('/acc-1/rsb-private') ? { body: { ok: true, id: 'rsb-private', rev: '5-b' } } : undefined));
    renderAt('/account/acc-1/reader_subscriptions/rsb-private/edit');
    const keep = await screen.findByRole('switch', { name: /Sign in as alice/ });
    expect((keep as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const kept = calls.find((c) => c.method === 'PUT')!;
    expect(kept.body).toMatchObject({ _id: 'rsb-private', url: 'https://members.example.com/feed.xml' });
    expect(kept.body).not.toHaveProperty('basic_auth_user');

    renderAt('/account/acc-1/reader_subscriptions/rsb-private/edit');
    const switches = await screen.findAllByRole('switch', { name: /Sign in as alice/ });
    fireEvent.click(switches[switches.length - 1]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toMatchObject({ _id: 'rsb-private', url: 'https://members.example.com/feed.xml', basic_auth_user: null });
  });
});
