import { moduleOffReason } from '@app/proto';
import { createGroup, createToken, signUp, Stack, startStack, switchModuleOn, User } from './harness';

// A module switched off for a group refuses its API there (issue 26 #5: the reader answered with exoreader off, finance
// likewise): its klasses' documents, its views and handlers, and its doors (/files and /dav for the disk, /_imports for
// finance, /greader for the reader, the bookmarks file for notes), 403 with a reason saying how an administrator
// switches it on. The ticket module is always on; handbooks are the ticket module's too; the change feed, counters and
// backups are the group's, whatever is switched on.

let stack: Stack;
let owner: User;
let group: string;
let token: string;

type Json = Record<string, any>;
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json; text: string }> {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined || typeof body === 'string' ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json, text };
}

/** Sets a switch of the group (true or false) as its administrator does. */
async function setSwitch(flag: string, value: boolean): Promise<void> {
  const found = await call('POST', `/${group}/_find`, { selector: { klass: 'AccountConfiguration', key: flag } });
  const doc = found.body.docs[0];
  const res = await call('PUT', `/${group}/${doc._id}?rev=${doc._rev}`, { value });
  expect(res.status).toBe(200);
}

const off = (flag: 'budget' | 'rdisk' | 'textnotes' | 'exoreader') => ({ error: 'forbidden', reason: moduleOffReason(flag) });

beforeAll(async () => {
  stack = await startStack('modules');
  owner = await signUp(stack, { confirm: true });
  group = (await createGroup(owner, 'Switches shop')).id;
  token = await createToken(owner);
}, 60_000);
afterAll(() => stack?.close());

describe('a module switched off refuses its API (issue 26 #5)', () => {
  it('the reader (off for a new group): its documents, views, item toggles and the Google Reader API; on once switched on', async () => {
    expect((await call('POST', `/${group}`, { klass: 'ReaderLabel', name: 'News' })).body).toEqual(off('exoreader'));
    expect((await call('POST', `/${group}/_find`, { selector: { klass: 'ReaderItem' } })).body).toEqual(off('exoreader'));
    expect((await call('GET', `/${group}/rit-0123456789abcdef0123`)).status).toBe(403);
    expect((await call('GET', `/${group}/_design/reader/_view/unread`)).body).toEqual(off('exoreader'));
    expect((await call('PUT', `/${group}/_design/status/_update/read/rit-0123456789abcdef0123`)).body).toEqual(off('exoreader'));
    const login = await fetch(`${stack.url}/greader/${group}/accounts/ClientLogin`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ Email: owner.email, Passwd: token }).toString() });
    expect([login.status, await login.text()]).toEqual([403, `Error=ServiceDisabled\nInfo=${moduleOffReason('exoreader')}\n`]);
    const api = await call('GET', `/greader/${group}/reader/api/0/subscription/list`, undefined, { authorization: `GoogleLogin auth=${token}` });
    expect(api.body).toEqual(off('exoreader'));
    const opml = await call('GET', `/greader/${group}/subscriptions.opml`, undefined, { authorization: `Basic ${Buffer.from(`${owner.email}:${token}`).toString('base64')}` });
    expect(opml.status).toBe(403);
    // switched on: it answers at once (a switch changed through this gateway is seen on the next call)
    await switchModuleOn(owner, group, 'exoreader');
    expect((await call('POST', `/${group}`, { klass: 'ReaderLabel', name: 'News' })).status).toBe(201);
    expect((await call('GET', `/greader/${group}/reader/api/0/subscription/list`, undefined, { authorization: `GoogleLogin auth=${token}` })).status).toBe(200);
    await setSwitch('exoreader', false);
    expect((await call('POST', `/${group}/_find`, { selector: { klass: 'ReaderLabel' } })).body).toEqual(off('exoreader'));
  });

  it('finance: its records, views and handlers, and the bank statement upload', async () => {
    expect((await call('POST', `/${group}`, { klass: 'Wallet', name: 'Cash', currency: 'BRL' })).status).toBe(201);
    await setSwitch('budget', false);
    expect((await call('POST', `/${group}`, { klass: 'Wallet', name: 'Bank', currency: 'BRL' })).body).toEqual(off('budget'));
    expect((await call('POST', `/${group}/_find`, { selector: { klass: 'Wallet' } })).body).toEqual(off('budget'));
    expect((await call('PUT', `/${group}/_design/money/_update/confirm/inc-0123456789abcdef0123`)).body).toEqual(off('budget'));
    const upload = await call('POST', `/${group}/_imports`, 'date,amount\n2026-01-01,10\n', { 'content-type': 'text/csv' });
    expect(upload.body).toEqual(off('budget'));
    await setSwitch('budget', true);
    expect((await call('POST', `/${group}/_find`, { selector: { klass: 'Wallet' } })).body.docs).toHaveLength(1);
  });

  it('the disk: its documents, /files and /dav', async () => {
    await setSwitch('rdisk', false);
    expect((await call('POST', `/${group}/_find`, { selector: { klass: 'CloudFile' } })).body).toEqual(off('rdisk'));
    expect((await call('GET', `/files/${group}/`)).body).toEqual(off('rdisk'));
    const dav = await call('PROPFIND', `/dav/${group}/`, undefined, { authorization: `Basic ${Buffer.from(`${owner.email}:${token}`).toString('base64')}`, depth: '0' });
    expect(dav.status).toBe(403);
    // the disk's use counts in the plan's storage: the usage and admin pages read it whatever is switched on
    expect((await call('GET', `/${group}/_design/disk/_view/usage`)).status).toBe(200);
    await setSwitch('rdisk', true);
    expect((await call('POST', `/${group}/_find`, { selector: { klass: 'CloudFile' } })).status).toBe(200);
  });

  it('notes: bookmarks, their files and the notes search; handbooks stay (the ticket module lists them too)', async () => {
    await setSwitch('textnotes', false);
    expect((await call('POST', `/${group}`, { klass: 'Bookmark', url: 'https://example.com/' })).body).toEqual(off('textnotes'));
    expect((await call('GET', `/${group}/_design/notes/_view/search?q=%22oil%22`)).body).toEqual(off('textnotes'));
    expect((await call('PUT', `/${group}/_design/bookmarks/_update/import/netscape`, '<DL><DT><A HREF="https://a.example/">A</A></DL>', { 'content-type': 'text/html' })).body).toEqual(off('textnotes'));
    expect((await call('POST', `/${group}`, { klass: 'Handbook', title: 'Oil change' })).status).toBe(201);
    await setSwitch('textnotes', true);
    expect((await call('POST', `/${group}`, { klass: 'Bookmark', url: 'https://example.com/' })).status).toBe(201);
  });

  it('the ticket module and what is the group’s whatever is switched on: records, the change feed, the counters', async () => {
    for (const flag of ['budget', 'rdisk', 'textnotes'] as const) await setSwitch(flag, false);
    expect((await call('POST', `/${group}`, { klass: 'Customer', name: 'Maria Souza' })).status).toBe(201);
    expect((await call('GET', `/${group}/_changes?limit=5`)).status).toBe(200);
    expect((await call('GET', `/${group}/_design/count-by-klass/_view/all?group_level=1`)).status).toBe(200);
    // a module of the group is no other group's business: a stranger still gets the membership's 403
    const stranger = await signUp(stack, { confirm: true });
    const strangerToken = await createToken(stranger);
    expect((await call('POST', `/${group}/_find`, { selector: { klass: 'Wallet' } }, { authorization: `Bearer ${strangerToken}` })).body).toEqual({ error: 'forbidden', reason: 'You need a subscription to access this Group' });
  });
});
