import { createGroup, createToken, signUp, Stack, startStack, User } from './harness';

// The Google Reader API (/greader/{account_id}) as a mobile reader uses it, through the gateway onto the real reader
// service: ClientLogin with the e-mail and a user token, then GoogleLogin auth on every call.

let stack: Stack;
let owner: User;
let db: string;
let token: string;
let otherDb: string;
let otherToken: string;

beforeAll(async () => {
  stack = await startStack('greader');
  owner = await signUp(stack, { confirm: true });
  db = (await createGroup(owner, 'Reading room')).id;
  token = await createToken(owner);
  const other = await signUp(stack, { confirm: true });
  otherDb = (await createGroup(other, 'Somebody else')).id;
  otherToken = await createToken(other);
}, 60_000);
afterAll(() => stack?.close());

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
  let json: unknown = null;
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
