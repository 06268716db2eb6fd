import http from 'http';
import type { AddressInfo } from 'net';
import { createGroup, createToken, eventually, signUp, Stack, startStack, switchModuleOn, User } from './harness';

// The Google Reader API (/greader/{account_id}) as a mobile reader uses it, through the gateway onto the real reader
// service: ClientLogin with the e-mail and a user token, then GoogleLogin auth on every call.

let stack: Stack;
let owner: User;
let db: string;
let token: string;
let otherDb: string;
let otherToken: string;
let feeds: http.Server;
let feedBase: string;

/** Items added to alpha after its first fetch (dated after all the others). */
let alphaFresh = 0;

/** An RSS 2.0 feed of `count` items, a day apart, the newest first (three share each date with `sameDates`), after `fresh` newer ones. */
function rss(name: string, count: number, sameDates = false, fresh = 0): string {
  const news = Array.from({ length: fresh }, (_, j) => {
    const date = new Date(Date.UTC(2026, 1, 1 + j, 12)).toUTCString();
    return `<item><title>${name} new ${j + 1}</title><link>https://${name}.example/new/${j + 1}</link><guid>${name}-new-${j + 1}</guid><pubDate>${date}</pubDate></item>`;
  });
  const items = Array.from({ length: count }, (_, i) => {
    const day = sameDates ? Math.floor(i / 3) : i;
    const date = new Date(Date.UTC(2026, 0, 31, 12) - day * 86_400_000).toUTCString();
    return `<item><title>${name} item ${i + 1}</title><link>https://${name}.example/items/${i + 1}</link><guid>${name}-${i + 1}</guid><pubDate>${date}</pubDate><description>&lt;p&gt;Body of ${name} ${i + 1}&lt;/p&gt;</description></item>`;
  });
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${name} feed</title><link>https://${name}.example/</link>${news.join('')}${items.join('')}</channel></rss>`;
}

/** RSS of `count` items a minute apart, each with about `bytes` of HTML in its description (batches of 1,000). */
function bulkRss(name: string, count: number, bytes: number): string {
  const paragraph = `<p>${'Full text of a long article, as sync clients fetch them by the hundred. '.repeat(4)}</p>`;
  const body = paragraph.repeat(Math.max(1, Math.round(bytes / paragraph.length))).replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const items = Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2025, 5, 1, 12) - i * 60_000).toUTCString();
    return `<item><title>${name} ${i + 1}</title><link>https://${name}.example/${i + 1}</link><guid>${name}-${i + 1}</guid><pubDate>${date}</pubDate><description>${body}</description></item>`;
  });
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${name}</title><link>https://${name}.example/</link>${items.join('')}</channel></rss>`;
}

beforeAll(async () => {
  // the feeds are served on loopback by this test: the reader must be allowed to fetch private addresses
  feeds = http.createServer((req, res) => {
    const bulk = /^\/bulk\/([a-z]+)-([0-9]+)x([0-9]+)\.xml$/.exec(req.url ?? '');
    const body = bulk
      ? bulkRss(bulk[1], Number(bulk[2]), Number(bulk[3]))
      : req.url === '/alpha.xml'
        ? rss('alpha', 30, true, alphaFresh)
        : req.url === '/beta.xml'
          ? rss('beta', 3)
          : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/rss+xml' });
    res.end(body ?? 'no feed');
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  stack = await startStack('greader', { READER_ALLOW_PRIVATE_URLS: '1' });
  owner = await signUp(stack, { confirm: true });
  db = (await createGroup(owner, 'Reading room')).id;
  await switchModuleOn(owner, db);
  token = await createToken(owner);
  const other = await signUp(stack, { confirm: true });
  otherDb = (await createGroup(other, 'Somebody else')).id;
  await switchModuleOn(other, otherDb);
  otherToken = await createToken(other);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => feeds?.close(resolve));
});

type Pairs = Array<[string, string]>;

interface Answer {
  status: number;
  text: string;
  json: any;
  type: string;
}

/** A Google Reader client: form posts and query strings with repeated names, GoogleLogin auth. */
async function call(method: 'GET' | 'POST', path: string, opts: { auth?: string | null; query?: Pairs; form?: Pairs; group?: string } = {}): Promise<Answer> {
  const qs = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  const headers: Record<string, string> = {};
  if (opts.auth !== null) headers.authorization = `GoogleLogin auth=${opts.auth ?? token}`;
  let body: string | undefined;
  if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(`${stack.url}/greader/${opts.group ?? db}${path}${qs}`, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json, type: res.headers.get('content-type') ?? '' };
}

const api = (path: string) => `/reader/api/0/${path}`;
const login = (email: string, passwd: string, group = db) => call('POST', '/accounts/ClientLogin', { auth: null, group, form: [['Email', email], ['Passwd', passwd], ['service', 'reader']] });

describe('ClientLogin', () => {
  it('answers SID, LSID and Auth for the e-mail and a user token of a member, and that Auth opens the API', async () => {
    const res = await login(owner.email, token);
    expect([res.status, res.type]).toEqual([200, 'text/plain; charset=utf-8']);
    const auth = /^Auth=(.+)$/m.exec(res.text)?.[1];
    expect(res.text).toMatch(/^SID=.+\nLSID=.+\nAuth=.+\n$/);
    const info = await call('GET', api('user-info'), { auth, query: [['output', 'json']] });
    expect([info.status, info.json]).toEqual([200, expect.objectContaining({ userId: owner.id, userEmail: owner.email, userName: 'E2E User' })]);
    const t = await call('GET', api('token'), { auth });
    expect([t.status, t.text.length > 20]).toEqual([200, true]);
  });

  it('answers 401 Error=BadAuthentication for a wrong token, another user’s token, a password, or nothing', async () => {
    for (const [email, passwd] of [[owner.email, 'sdt_not_a_token_at_all'], [owner.email, otherToken], [owner.email, owner.password], ['', '']]) {
      const res = await login(email, passwd);
      expect([res.status, res.text]).toEqual([401, 'Error=BadAuthentication\n']);
    }
  });

  it('refuses a group the user is no member of (403), whatever the token', async () => {
    const res = await login(owner.email, token, otherDb);
    expect(res.status).toBe(403);
    expect(res.text).toMatch(/^Error=ServiceDisabled\n/);
  });
});

describe('API calls', () => {
  it('need GoogleLogin auth with a valid token (401 in the {error, reason} shape)', async () => {
    expect((await call('GET', api('subscription/list'), { auth: null })).json).toEqual({ error: 'unauthorized', reason: expect.any(String) });
    expect((await call('GET', api('subscription/list'), { auth: 'sdt_revoked_or_made_up' })).status).toBe(401);
  });

  it('refuses another group’s account (403) and a group id that is no group (404)', async () => {
    expect((await call('GET', api('subscription/list'), { auth: otherToken })).json).toEqual({ error: 'forbidden', reason: 'You need a subscription to access this Group' });
    expect((await call('GET', api('unread-count'), { group: otherDb })).status).toBe(403);
    expect((await call('GET', api('tag/list'), { group: 'usr-nope' })).status).toBe(404);
  });
});

const READING_LIST = 'user/-/state/com.google/reading-list';
const STARRED = 'user/-/state/com.google/starred';
const READ = 'user/-/state/com.google/read';

/** The unread count of a stream id in unread-count (0 when it is not listed). */
async function unread(id: string): Promise<number> {
  const res = await call('GET', api('unread-count'), { query: [['output', 'json']] });
  expect(res.status).toBe(200);
  return (res.json.unreadcounts as Array<{ id: string; count: number }>).find((r) => r.id === id)?.count ?? 0;
}

describe('a mobile reader syncing a group', () => {
  let alpha: string;
  let beta: string;

  it('adds feeds (quickadd, subscription/edit with a label) and lists them with their folders', async () => {
    const added = await call('POST', api('subscription/quickadd'), { form: [['quickadd', `${feedBase}/alpha.xml`]] });
    expect([added.status, added.json]).toEqual([200, { numResults: 1, query: `${feedBase}/alpha.xml`, streamId: expect.stringMatching(/^feed\/rsb-/), streamName: 'alpha feed' }]);
    alpha = added.json.streamId;
    const edit = await call('POST', api('subscription/edit'), { form: [['ac', 'subscribe'], ['s', `feed/${feedBase}/beta.xml`], ['t', 'Beta news'], ['a', 'user/-/label/Daily']] });
    expect([edit.status, edit.text]).toEqual([200, 'OK']);

    const list = await call('GET', api('subscription/list'), { query: [['output', 'json']] });
    expect(list.status).toBe(200);
    const subs = list.json.subscriptions as Array<Record<string, any>>;
    expect(subs).toHaveLength(2);
    const b = subs.find((s) => s.title === 'Beta news')!;
    beta = b.id;
    expect(b).toMatchObject({ url: `${feedBase}/beta.xml`, htmlUrl: 'https://beta.example/', categories: [{ id: 'user/-/label/Daily', label: 'Daily' }] });
    expect(subs.find((s) => s.id === alpha)).toMatchObject({ title: 'alpha feed', url: `${feedBase}/alpha.xml`, categories: [] });
    expect((await call('GET', api('tag/list'))).json).toEqual({ tags: [{ id: STARRED }, { id: 'user/-/label/Daily', type: 'folder' }] });

    // the reader fetches new subscriptions at once: 30 + 3 unread items
    await eventually(() => unread(READING_LIST), (n) => n === 33, 20_000);
    expect(await unread(alpha)).toBe(30);
    expect(await unread(beta)).toBe(3);
    expect(await unread('user/-/label/Daily')).toBe(3);
  });

  it('reads a feed of 30 items in pages of 10 with continuations, newest first, each item once', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let c: string | undefined;
    do {
      const res = await call('GET', api(`stream/contents/${encodeURIComponent(alpha)}`), { query: [['n', '10'], ['output', 'json'], ...(c ? [['c', c] as [string, string]] : [])] });
      expect(res.status).toBe(200);
      sizes.push(res.json.items.length);
      seen.push(...res.json.items.map((i: any) => i.title));
      c = res.json.continuation;
      if (sizes.length === 1) {
        expect(res.json).toMatchObject({ id: alpha, title: 'alpha feed' });
        expect(res.json.items[0]).toMatchObject({
          id: expect.stringMatching(/^tag:google\.com,2005:reader\/item\/[0-9a-f]{16}$/),
          title: expect.stringMatching(/^alpha item [123]$/),
          canonical: [{ href: expect.stringMatching(/^https:\/\/alpha\.example\/items\/[123]$/) }],
          categories: [READING_LIST],
          origin: { streamId: alpha, title: 'alpha feed', htmlUrl: 'https://alpha.example/' },
          summary: { content: expect.stringMatching(/^<p>Body of alpha [123]<\/p>$/) },
        });
      }
    } while (c);
    expect(sizes).toEqual([10, 10, 10]);
    expect(new Set(seen).size).toBe(30);
    // newest first: the three items of a date come before the next date's
    expect(seen.slice(0, 3).sort()).toEqual(['alpha item 1', 'alpha item 2', 'alpha item 3']);
    expect(seen.slice(27).sort()).toEqual(['alpha item 28', 'alpha item 29', 'alpha item 30']);

    const oldest = await call('GET', api('stream/contents'), { query: [['s', READING_LIST], ['n', '5'], ['r', 'o']] });
    const titles = oldest.json.items.map((i: any) => i.title as string);
    expect(titles.slice(0, 3).sort()).toEqual(['alpha item 28', 'alpha item 29', 'alpha item 30']);
    expect(titles.slice(3).every((t: string) => /^alpha item 2[567]$/.test(t))).toBe(true);

    const all = await call('GET', api('stream/items/ids'), { query: [['s', READING_LIST], ['n', '1000']] });
    expect(all.json.itemRefs).toHaveLength(33);
    expect(all.json.continuation).toBeUndefined();
    const paged = await call('GET', api('stream/items/ids'), { query: [['s', READING_LIST], ['n', '20']] });
    expect(paged.json.itemRefs).toHaveLength(20);
    const rest = await call('GET', api('stream/items/ids'), { query: [['s', READING_LIST], ['n', '20'], ['c', paged.json.continuation]] });
    expect(rest.json.itemRefs).toHaveLength(13);
    expect(new Set([...paged.json.itemRefs, ...rest.json.itemRefs].map((r: any) => r.id)).size).toBe(33);
  });

  it('marks items read and starred with edit-tag (short and long ids), seen in the states, exclusions and unread counts', async () => {
    const ids = (await call('GET', api('stream/items/ids'), { query: [['s', alpha], ['n', '5']] })).json.itemRefs.map((r: any) => r.id as string);
    expect(ids[0]).toMatch(/^[0-9]+$/);
    const long = (n: string) => `tag:google.com,2005:reader/item/${BigInt(n).toString(16).padStart(16, '0')}`;

    const read = await call('POST', api('edit-tag'), { form: [['i', ids[0]], ['i', long(ids[1])], ['i', ids[2]], ['a', READ], ['T', 'x']] });
    expect([read.status, read.text]).toEqual([200, 'OK']);
    expect(await unread(alpha)).toBe(27);
    expect(await unread(READING_LIST)).toBe(30);
    const unreadOnly = await call('GET', api(`stream/items/ids`), { query: [['s', alpha], ['n', '100'], ['xt', READ]] });
    expect(unreadOnly.json.itemRefs).toHaveLength(27);
    expect(unreadOnly.json.itemRefs.map((r: any) => r.id)).not.toContain(ids[0]);
    const readStream = await call('GET', api(`stream/items/ids`), { query: [['s', READ], ['n', '100']] });
    expect(readStream.json.itemRefs.map((r: any) => r.id).sort()).toEqual(ids.slice(0, 3).sort());

    await call('POST', api('edit-tag'), { form: [['i', ids[2]], ['r', READ]] });
    expect(await unread(alpha)).toBe(28);

    await call('POST', api('edit-tag'), { form: [['i', ids[3]], ['i', ids[4]], ['a', STARRED]] });
    await call('POST', api('edit-tag'), { form: [['i', ids[4]], ['r', STARRED]] });
    const starred = await call('GET', api(`stream/contents/${encodeURIComponent(STARRED)}`));
    expect(starred.json.items.map((i: any) => i.id)).toEqual([long(ids[3])]);
    expect(starred.json.items[0].categories).toEqual([READING_LIST, STARRED]);

    const contents = await call('POST', api('stream/items/contents'), { form: [['i', ids[1]], ['i', ids[3]]] });
    expect(contents.json.items.map((i: any) => [i.id, i.categories])).toEqual([
      [long(ids[1]), [READING_LIST, READ]],
      [long(ids[3]), [READING_LIST, STARRED]],
    ]);
  });

  it('marks only what the client had seen (ts), then a feed, a label and everything read with mark-all-as-read', async () => {
    // two items arrive after the client's last sync at `seenAt`: marking the feed read as of then leaves them unread
    const seenAt = String(Date.now() * 1000);
    await new Promise((r) => setTimeout(r, 5));
    alphaFresh = 2;
    const refresh = await fetch(`${stack.url}/${db}/_design/reader/_update/refresh/${alpha.slice('feed/'.length)}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
    expect(refresh.status).toBe(200);
    await eventually(() => unread(alpha), (n) => n === 30, 20_000);
    expect((await call('POST', api('mark-all-as-read'), { form: [['s', alpha], ['ts', seenAt]] })).text).toBe('OK');
    expect(await unread(alpha)).toBe(2);
    const left = await call('GET', api('stream/contents'), { query: [['s', alpha], ['xt', READ]] });
    expect(left.json.items.map((i: any) => i.title).sort()).toEqual(['alpha new 1', 'alpha new 2']);

    expect((await call('POST', api('mark-all-as-read'), { form: [['s', alpha], ['ts', String(Date.now() * 1000)]] })).text).toBe('OK');
    expect(await unread(alpha)).toBe(0);
    expect(await unread(beta)).toBe(3);
    expect((await call('POST', api('mark-all-as-read'), { form: [['s', 'user/-/label/Daily']] })).text).toBe('OK');
    expect(await unread(beta)).toBe(0);
    expect(await unread(READING_LIST)).toBe(0);
    const none = await call('GET', api('stream/contents/user/-/state/com.google/reading-list'), { query: [['xt', READ]] });
    expect(none.json.items).toEqual([]);
  });

  it('refuses writes with a read-only token (403) and bad input with 400, never 500', async () => {
    const readOnly = await createToken(owner, ['read']);
    expect((await call('GET', api('subscription/list'), { auth: readOnly })).status).toBe(200);
    expect((await call('POST', api('edit-tag'), { auth: readOnly, form: [['i', '1'], ['a', STARRED]] })).json).toEqual({ error: 'forbidden', reason: 'This token can only read' });
    expect((await call('GET', api('stream/contents'), { query: [['s', READING_LIST], ['c', 'not-ours']] })).status).toBe(400);
    expect((await call('GET', api('stream/contents/splice%2Fbroadcast'))).status).toBe(400);
    expect((await call('GET', api('stream/contents/feed%2Frsb-nothere'))).status).toBe(404);
    expect((await call('POST', api('edit-tag'), { form: [['i', 'abc'], ['a', READ]] })).status).toBe(400);
    expect((await call('POST', api('edit-tag'), { form: [['a', READ]] })).status).toBe(400);
    expect((await call('GET', api('stream/items/ids'), { query: [['s', READING_LIST], ['ot', 'yesterday']] })).status).toBe(400);
  });

  it('keeps another group’s items out of reach: its members’ tokens read nothing of this group', async () => {
    const other = await call('GET', api('stream/items/ids'), { auth: otherToken, query: [['s', READING_LIST]] });
    expect(other.status).toBe(403);
    const own = await call('GET', api('stream/items/ids'), { auth: otherToken, group: otherDb, query: [['s', READING_LIST]] });
    expect([own.status, own.json.itemRefs]).toEqual([200, []]);
    const ids = (await call('GET', api('stream/items/ids'), { query: [['s', alpha], ['n', '1']] })).json.itemRefs.map((r: any) => r.id as string);
    // an id of this group sent to the other group's API names nothing there
    expect((await call('POST', api('stream/items/contents'), { auth: otherToken, group: otherDb, form: [['i', ids[0]]] })).json.items).toEqual([]);
  });

  it('renames a feed and moves it into a new folder and out again with subscription/edit', async () => {
    expect((await call('POST', api('subscription/edit'), { form: [['ac', 'edit'], ['s', alpha], ['t', 'Alpha renamed'], ['a', 'user/-/label/Weekly']] })).text).toBe('OK');
    let sub = (await call('GET', api('subscription/list'))).json.subscriptions.find((s: any) => s.id === alpha);
    expect(sub).toMatchObject({ title: 'Alpha renamed', categories: [{ id: 'user/-/label/Weekly', label: 'Weekly' }] });
    expect((await call('GET', api('tag/list'))).json.tags).toContainEqual({ id: 'user/-/label/Weekly', type: 'folder' });
    const inFolder = await call('GET', api('stream/items/ids'), { query: [['s', 'user/-/label/Weekly'], ['n', '100']] });
    expect(inFolder.json.itemRefs).toHaveLength(32);
    expect((await call('POST', api('subscription/edit'), { form: [['ac', 'edit'], ['s', alpha], ['r', 'user/-/label/Weekly']] })).text).toBe('OK');
    sub = (await call('GET', api('subscription/list'))).json.subscriptions.find((s: any) => s.id === alpha);
    expect(sub).toMatchObject({ title: 'Alpha renamed', categories: [] });
  });

  it('unsubscribes a feed with subscription/edit', async () => {
    expect((await call('POST', api('subscription/edit'), { form: [['ac', 'unsubscribe'], ['s', beta]] })).text).toBe('OK');
    const list = await call('GET', api('subscription/list'));
    expect(list.json.subscriptions.map((s: any) => s.id)).toEqual([alpha]);
  });
});

describe('Atom streams and the OPML address, as FeedHQ-era readers read them (issue 26 #1, #2)', () => {
  let user: User;
  let group: string;
  let auth: string;
  let readToken: string;
  let feed: string;

  beforeAll(async () => {
    user = await signUp(stack, { confirm: true });
    group = (await createGroup(user, 'Atom reading')).id;
    await switchModuleOn(user, group);
    auth = await createToken(user);
    readToken = await createToken(user, ['read']);
    const added = await call('POST', api('subscription/quickadd'), { auth, group, form: [['quickadd', `${feedBase}/bulk/atomic-25x200.xml`]] });
    feed = added.json.streamId;
    await eventually(async () => (await call('GET', api('unread-count'), { auth, group })).json.unreadcounts?.find((r: any) => r.id === feed)?.count ?? 0, (n) => n === 25, 20_000);
  }, 60_000);

  const atom = (stream: string, query: Array<[string, string]> = [], who = auth) => call('GET', `/reader/atom/${stream}`, { auth: who, group, query });
  const entries = (xml: string) => [...xml.matchAll(/<entry[^>]*>([\s\S]*?)<\/entry>/g)].map((m) => ({ id: /<id>([^<]+)<\/id>/.exec(m[1])![1], title: /<title>([^<]*)<\/title>/.exec(m[1])![1], labels: [...m[1].matchAll(/scheme="http:\/\/www\.google\.com\/reader\/" label="([^"]+)"/g)].map((l) => l[1]) }));

  it('serves a feed as Atom: its n newest items and every other unread one, each with its Google id and read or fresh state', async () => {
    // three older items read already
    const ids = (await call('GET', api('stream/items/ids'), { auth, group, query: [['s', feed], ['n', '25']] })).json.itemRefs.map((r: any) => r.id);
    expect((await call('POST', api('edit-tag'), { auth, group, form: [...ids.slice(5, 8).map((i: string) => ['i', i] as [string, string]), ['a', READ]] })).text).toBe('OK');
    const res = await atom(encodeURIComponent(feed), [['n', '5']]);
    expect([res.status, res.type]).toEqual([200, 'application/atom+xml; charset=utf-8']);
    expect(res.text).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/);
    expect(res.text).toContain(`<id>tag:google.com,2005:reader/${feed}</id><title>atomic</title>`);
    const got = entries(res.text);
    // 5 newest, then the 17 unread beyond them (the 3 read ones left out)
    expect(got.map((e) => e.title)).toEqual([...Array.from({ length: 5 }, (_, i) => `atomic ${i + 1}`), ...Array.from({ length: 17 }, (_, i) => `atomic ${i + 9}`)]);
    expect(got.every((e) => /^tag:google\.com,2005:reader\/item\/[0-9a-f]{16}$/.test(e.id))).toBe(true);
    expect(got[0].labels).toEqual(['reading-list', 'fresh']);
    expect(/<gr:continuation>([^<]+)<\/gr:continuation>/.test(res.text)).toBe(true);
    // the continuation pages on as stream/contents does: the next 5, read or not
    const c = /<gr:continuation>([^<]+)<\/gr:continuation>/.exec(res.text)![1];
    const next = entries((await atom(encodeURIComponent(feed), [['n', '5'], ['c', c]])).text);
    expect(next.map((e) => [e.title, e.labels.includes('read')])).toEqual([
      ['atomic 6', true],
      ['atomic 7', true],
      ['atomic 8', true],
      ['atomic 9', false],
      ['atomic 10', false],
    ]);
    // an item read by its Atom id (as newsboat does) is read: now it comes with its read state
    expect((await call('POST', api('edit-tag'), { auth, group, form: [['i', got[0].id], ['a', READ], ['r', 'user/-/state/com.google/kept-unread'], ['ac', 'edit'], ['T', 'x']] })).text).toBe('OK');
    expect(entries((await atom(encodeURIComponent(feed), [['n', '1']])).text)[0]).toMatchObject({ id: got[0].id, labels: ['reading-list', 'read'] });
  });

  it('serves the reading list, an empty stream for states it keeps nothing of; 401 without auth, 403 outside the group, 404 for an unknown feed', async () => {
    expect(entries((await atom('user/-/state/com.google/reading-list', [['n', '3'], ['xt', READ]])).text)).toHaveLength(21);
    expect(entries((await atom(encodeURIComponent('user/-/state/com.google/broadcast-friends'))).text)).toEqual([]);
    expect((await atom(encodeURIComponent('feed/rsb-nothere'))).status).toBe(404);
    expect((await atom(encodeURIComponent(feed), [], null as unknown as string)).status).toBe(401);
    expect((await call('GET', `/reader/atom/${encodeURIComponent(feed)}`, { auth: otherToken, group })).status).toBe(403);
  });

  it('offers the subscriptions as OPML at an address taking the e-mail and a user token (a read token does), as WebDAV does', async () => {
    const opml = (authorization?: string, on = group) => fetch(`${stack.url}/greader/${on}/subscriptions.opml`, { headers: authorization ? { authorization } : {} });
    const basic = (email: string, secret: string) => `Basic ${Buffer.from(`${email}:${secret}`).toString('base64')}`;
    const ok = await opml(basic(user.email, readToken));
    expect([ok.status, ok.headers.get('content-type')]).toEqual([200, 'text/x-opml; charset=utf-8']);
    const xml = await ok.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/i);
    expect(xml).toContain(`xmlUrl="${feedBase}/bulk/atomic-25x200.xml"`);
    // the Google and bearer headers too
    expect((await opml(`GoogleLogin auth=${auth}`)).status).toBe(200);
    // nothing, a wrong token, another user's token: 401 with the challenge; another group: 403
    const none = await opml();
    expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, 'Basic realm="ServiceDesk reader", charset="UTF-8"']);
    expect((await opml(basic(user.email, 'sdt_wrong'))).status).toBe(401);
    expect((await opml(basic(user.email, otherToken))).status).toBe(401);
    expect((await opml(basic(user.email, readToken), otherDb)).status).toBe(403);
  });
});

/**
 * A group of `feeds` × `perFeed` items of about `bytes` each (through quickadd: the reader fetches them at once),
 * ready when its reading list counts them all unread.
 */
async function bulkGroup(name: string, feedNames: string[], perFeed: number, bytes: number): Promise<string> {
  const group = (await createGroup(owner, name)).id;
  await switchModuleOn(owner, group);
  for (const feed of feedNames) {
    const added = await call('POST', api('subscription/quickadd'), { group, form: [['quickadd', `${feedBase}/bulk/${feed}-${perFeed}x${bytes}.xml`]] });
    expect(added.status).toBe(200);
  }
  const total = feedNames.length * perFeed;
  await eventually(
    async () => {
      const res = await call('GET', api('unread-count'), { group, query: [['output', 'json']] });
      return (res.json?.unreadcounts as Array<{ id: string; count: number }> | undefined)?.find((r) => r.id === READING_LIST)?.count ?? 0;
    },
    (n) => n === total,
    90_000,
  );
  return group;
}

/** Every item of a stream through stream/contents pages of `n`: the sizes of the pages and the item ids. */
async function readAll(group: string, n: number): Promise<{ sizes: number[]; ids: string[]; bytes: number[] }> {
  const sizes: number[] = [];
  const ids: string[] = [];
  const bytes: number[] = [];
  let c: string | undefined;
  do {
    const res = await call('GET', api('stream/contents/user/-/state/com.google/reading-list'), { group, query: [['n', String(n)], ...(c ? [['c', c] as [string, string]] : [])] });
    expect([res.status, res.json?.error]).toEqual([200, undefined]);
    sizes.push(res.json.items.length);
    bytes.push(res.text.length);
    ids.push(...res.json.items.map((i: any) => i.id as string));
    c = res.json.continuation;
  } while (c && sizes.length < 10);
  return { sizes, ids, bytes };
}

describe('batches of 1,000 (sync clients ask for items by the hundred)', () => {
  let group: string;
  let ids: string[];

  beforeAll(async () => {
    // 1,200 small items over three feeds (a feed is read 500 entries at a time)
    group = await bulkGroup('Bulk reading', ['gamma', 'delta', 'epsilon'], 400, 300);
  }, 120_000);

  it('reads 1,000 items in one stream/contents?n=1000 page and the other 200 with its continuation', async () => {
    const { sizes, ids: all } = await readAll(group, 1000);
    expect(sizes).toEqual([1000, 200]);
    expect(new Set(all).size).toBe(1200);
    // n past 1,000 is read as 1,000 (Google's and Inoreader's most), the continuation bringing the rest
    const many = await call('GET', api('stream/contents'), { group, query: [['s', READING_LIST], ['n', '5000']] });
    expect([many.status, many.json.items.length, typeof many.json.continuation]).toEqual([200, 1000, 'string']);
    const refs = await call('GET', api('stream/items/ids'), { group, query: [['s', READING_LIST], ['n', '1000']] });
    expect([refs.status, refs.json.itemRefs.length, typeof refs.json.continuation]).toEqual([200, 1000, 'string']);
    ids = refs.json.itemRefs.map((r: any) => r.id as string);
  }, 60_000);

  it('answers stream/items/contents for 1,000 ids (decimal and long forms mixed) in one call, in the order asked', async () => {
    const long = (n: string) => `tag:google.com,2005:reader/item/${BigInt(n).toString(16).padStart(16, '0')}`;
    const asked = [...ids].reverse().map((id, i) => (i % 2 ? long(id) : id));
    const res = await call('POST', api('stream/items/contents'), { group, form: asked.map((i) => ['i', i] as [string, string]) });
    expect([res.status, res.json?.error, res.json?.reason]).toEqual([200, undefined, undefined]);
    expect(res.json.items.map((i: any) => i.id)).toEqual([...ids].reverse().map(long));
    expect(res.json.items[0]).toMatchObject({ title: expect.stringMatching(/^(gamma|delta|epsilon) [0-9]+$/), summary: { content: expect.stringContaining('Full text') } });
  }, 60_000);

  it('marks 1,000 items read, starred, and unread again with one edit-tag each', async () => {
    const form = (extra: Pairs) => [...ids.map((i) => ['i', i] as [string, string]), ...extra];
    const unreadIn = async () => (await call('GET', api('unread-count'), { group, query: [['output', 'json']] })).json.unreadcounts.find((r: any) => r.id === READING_LIST)?.count ?? 0;
    const read = await call('POST', api('edit-tag'), { group, form: form([['a', READ]]) });
    expect([read.status, read.text]).toEqual([200, 'OK']);
    expect(await unreadIn()).toBe(200);
    const starred = await call('POST', api('edit-tag'), { group, form: form([['a', STARRED], ['r', READ]]) });
    expect([starred.status, starred.text]).toEqual([200, 'OK']);
    expect(await unreadIn()).toBe(1200);
    const stars = await call('GET', api('stream/items/ids'), { group, query: [['s', STARRED], ['n', '1000']] });
    expect(stars.json.itemRefs.map((r: any) => r.id).sort()).toEqual([...ids].sort());
    // asking again for the state the items are in changes nothing
    expect((await call('POST', api('edit-tag'), { group, form: form([['a', STARRED]]) })).text).toBe('OK');
    const again = await call('GET', api('stream/items/ids'), { group, query: [['s', STARRED], ['n', '1000']] });
    expect(again.json.itemRefs).toHaveLength(1000);
  }, 60_000);

  it('refuses 1,001 ids with a 400 {error, reason} that says how many one call takes', async () => {
    const form = [...ids, '1'].map((i) => ['i', i] as [string, string]);
    for (const path of ['stream/items/contents', 'edit-tag']) {
      const res = await call('POST', api(path), { group, form: [...form, ['a', READ]] });
      expect([res.status, res.json]).toEqual([400, { error: 'bad_request', reason: expect.stringMatching(/^at most 1000 item ids \(i=…\) at once, this call names 1001/) }]);
    }
  });
});

// Waits for the chunked replies (issue 24: any answer size crosses the bus): 1,000 items of 28 kB are a 28 MB answer.
describe('full-text items of 28 kB', () => {
  let group: string;

  beforeAll(async () => {
    // four feeds of 250 items of ~28 kB (each feed 7 MB: under the 10 MB a fetch reads)
    group = await bulkGroup('Full text', ['zeta', 'eta', 'theta', 'iota'], 250, 28_000);
  }, 180_000);

  it('carries 1,000 items of 28 kB (a 28 MB answer) in stream/contents?n=1000 and in stream/items/contents', async () => {
    const { sizes, ids, bytes } = await readAll(group, 1000);
    expect(sizes[0]).toBe(1000);
    expect(bytes[0]).toBeGreaterThan(25_000_000);
    const res = await call('POST', api('stream/items/contents'), { group, form: ids.slice(0, 1000).map((i) => ['i', i] as [string, string]) });
    expect([res.status, res.json?.items?.length]).toEqual([200, 1000]);
    expect(res.json.items.map((i: any) => i.id)).toEqual(ids.slice(0, 1000));
  }, 120_000);
});
