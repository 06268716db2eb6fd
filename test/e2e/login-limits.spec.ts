import { RpcClient } from '@app/platform';
import { Browser, HttpResult, linkToken, newEmail, PASSWORD, Stack, startStack } from './harness';

// The limits on guessing passwords and on sign-ups, against the real services, under concurrency: failed logins and
// wrong current passwords share one bucket per e-mail and one per IP, counted before identity checks the password.
//
// The gateway trusts X-Forwarded-For here, so each test speaks from its own address and the per-IP limits are the
// product's defaults (set explicitly: the harness raises some of them for the other spec files).

let stack: Stack;
/** identity.session.login calls the gateway made, i.e. passwords identity was asked to check at login */
let loginChecks = 0;
/** every RPC the gateway made, by name */
const rpcCalls = new Map<string, number>();
/** how many `name` calls the gateway makes from now on */
const loginChecksOf = (name: string) => {
  const before = rpcCalls.get(name) ?? 0;
  return () => (rpcCalls.get(name) ?? 0) - before;
};

beforeAll(async () => {
  stack = await startStack('loginlimits', {
    TRUST_PROXY: 'true',
    RL_LOGIN_EMAIL_MAX: '10',
    RL_LOGIN_IP_MAX: '10',
    RL_LOGIN_WINDOW_SECONDS: '60',
    RL_REGISTER_IP_MAX: '10',
    RL_REGISTER_WINDOW_SECONDS: '3600',
  });
  const rpc = stack.gateway.get(RpcClient);
  const call = rpc.call.bind(rpc);
  rpc.call = ((name: string, req: unknown, opts?: { timeoutMs?: number }) => {
    if (name === 'identity.session.login') loginChecks++;
    rpcCalls.set(name, (rpcCalls.get(name) ?? 0) + 1);
    return call(name as never, req as never, opts);
  }) as RpcClient['call'];
});
afterAll(async () => {
  await stack?.close();
});

let ipCounter = 0;
/** A browser speaking from an address of its own (X-Forwarded-For), or from `ip`. */
function browserAt(ip = `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`): Browser {
  const b = stack.browser();
  const request = b.request.bind(b);
  b.request = (method, path, opts = {}) => request(method, path, { ...opts, headers: { 'x-forwarded-for': ip, ...(opts.headers ?? {}) } });
  return b;
}

interface Member {
  id: string;
  email: string;
  browser: Browser;
}

/** Registers, confirms and signs in from `browser` (its own address). */
async function member(browser = browserAt()): Promise<Member> {
  const email = newEmail('limits');
  const reg = await browser.post('/_users', { email, fullname: 'Limit Tester', password: PASSWORD, password_confirmation: PASSWORD, accept: true, locale: 'en' });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  const mail = await stack.sink.waitFor(email);
  expect((await browser.post(`/_users/_confirm/${encodeURIComponent(linkToken(mail, 'confirm'))}`)).status).toBe(200);
  expect((await browser.post('/_session', { username: email, password: PASSWORD })).status).toBe(200);
  return { id: reg.body._id, email, browser };
}

const countOf = (results: HttpResult[], status: number) => results.filter((r) => r.status === status).length;

describe('failed logins', () => {
  it('100 parallel logins for one e-mail (99 wrong, the right one last): at most 10 wrong passwords reach identity, the rest are 429', async () => {
    const user = await member();
    const before = loginChecks;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => browserAt().post('/_session', { username: user.email, password: i === 99 ? PASSWORD : `wrong guess ${i}` })),
    );
    const refused = countOf(results, 401);
    const accepted = countOf(results, 200);
    // a right password holds a place while identity checks it and gives it back after, so at most one more check
    expect(refused).toBeLessThanOrEqual(10);
    expect(refused).toBeGreaterThanOrEqual(9);
    expect(refused + accepted).toBeLessThanOrEqual(11);
    expect(countOf(results, 429)).toBe(100 - refused - accepted);
    expect(loginChecks - before).toBe(refused + accepted);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body).toEqual({ error: 'too_many_requests', reason: 'Too many requests, please try again later' });
    // the bucket is full: the right password is refused too, before identity is asked
    const checks = loginChecks;
    expect((await browserAt().post('/_session', { username: user.email, password: PASSWORD })).status).toBe(429);
    expect(loginChecks).toBe(checks);
  });

  it('allows 10 failed logins a minute per IP, across e-mails', async () => {
    const ip = '10.78.0.1';
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => browserAt(ip).post('/_session', { username: newEmail(`ip${i}`), password: 'wrong guess' })));
    expect(countOf(results, 401)).toBe(10);
    expect(countOf(results, 429)).toBe(20);
  });
});

describe('WebDAV Basic and Google Reader ClientLogin guesses (the same buckets, atomically)', () => {
  /** A group of `user`'s and a read/write token of theirs. */
  async function groupAndToken(user: Member): Promise<{ group: string; token: string }> {
    const group = await user.browser.post('/accounts', { name: 'Limits shop' });
    expect(group.status).toBe(201);
    const token = await user.browser.post(`/${user.id}`, { klass: 'UserToken', description: 'dav', permissions: ['read', 'write'] });
    expect(token.status).toBe(201);
    return { group: group.body.id, token: token.body.doc.token };
  }

  it('30 parallel WebDAV requests with wrong tokens from one address: at most 10 are checked (401), the rest 429; a right token then is 429 too', async () => {
    const user = await member();
    const { group, token } = await groupAndToken(user);
    const ip = '10.79.0.1';
    const basic = (token: string) => `Basic ${Buffer.from(`${user.email}:${token}`).toString('base64')}`;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => fetch(`${stack.url}/dav/${group}/`, { method: 'PROPFIND', headers: { authorization: basic(`sdt_wrong_guess_${i}`), depth: '0', 'x-forwarded-for': ip } })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(30);
    const right = await fetch(`${stack.url}/dav/${group}/`, { method: 'PROPFIND', headers: { authorization: basic(token), depth: '0', 'x-forwarded-for': ip } });
    expect(right.status).toBe(429);
  });

  it('30 parallel WebDAV requests with the right token and nothing cached (a sync client starting, or the cached answer for its token just expired): every one is answered, one check of the token', async () => {
    const user = await member();
    const { group, token } = await groupAndToken(user);
    const basic = `Basic ${Buffer.from(`${user.email}:${token}`).toString('base64')}`;
    const checks = loginChecksOf('identity.token.verify');
    const results = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${stack.url}/dav/${group}/`, { method: 'PROPFIND', headers: { authorization: basic, depth: '0', 'x-forwarded-for': '10.91.0.1' } })),
    );
    // before: each request that found no cached answer held a place in the e-mail's login bucket (10) while it was
    // checked, so a burst of right ones was refused 429 with a Retry-After of up to a minute (rclone then waits); and
    // the disk's door counted every client by the proxy's address (X-Forwarded-For ignored): the wrong guesses of the
    // test above, from 10.79.0.1, had filled the bucket of 127.0.0.1 that this client's requests were counted in
    expect(await Promise.all(results.map(async (r) => (r.status === 207 ? 207 : `${r.status} ${await r.text()}`)))).toEqual(Array(30).fill(207));
    expect(checks()).toBe(1);
  });

  it('30 parallel ClientLogins with wrong tokens for one e-mail: at most 10 are checked, the rest are refused as too many', async () => {
    const user = await member();
    const { group } = await groupAndToken(user);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${stack.url}/greader/${group}/accounts/ClientLogin`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.80.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}` },
          body: new URLSearchParams({ Email: user.email, Passwd: `sdt_wrong_guess_${Math.random()}` }).toString(),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401 || s === 403).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  });
});

describe('wrong current passwords on PUT /_users/{id}', () => {
  async function revOf(user: Member): Promise<string> {
    const res = await user.browser.get(`/_users/${user.id}`);
    expect(res.status).toBe(200);
    return res.body._rev;
  }

  it('30 parallel profile changes with wrong current passwords: at most 10 are checked (422), the rest are 429, and so is the next login', async () => {
    const user = await member();
    const rev = await revOf(user);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => user.browser.put(`/_users/${user.id}?rev=${rev}`, { fullname: 'Guessed', current_password: `wrong guess ${i}` })),
    );
    expect(countOf(results, 422)).toBe(10);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body).toEqual({ error: 'unprocessable_entity', reason: { current_password: 'is-invalid' } });
    expect(countOf(results, 429)).toBe(20);
    // the same bucket as the login form, for the user's e-mail: refused before identity checks the password
    const checks = loginChecks;
    expect((await browserAt().post('/_session', { username: user.email, password: PASSWORD })).status).toBe(429);
    expect(loginChecks).toBe(checks);
    const right = await user.browser.put(`/_users/${user.id}?rev=${rev}`, { fullname: 'Mine', current_password: PASSWORD });
    expect(right).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
    expect((await user.browser.get(`/_users/${user.id}?fields=fullname`)).body.fullname).toBe('Limit Tester');
  });

  it('failed logins fill the bucket a profile change then meets', async () => {
    const user = await member();
    for (let i = 0; i < 10; i++) expect((await browserAt().post('/_session', { username: user.email, password: `wrong ${i}` })).status).toBe(401);
    const rev = await revOf(user);
    expect((await user.browser.put(`/_users/${user.id}?rev=${rev}`, { fullname: 'Mine', current_password: PASSWORD })).status).toBe(429);
  });

  it('count per IP too: wrong current passwords of two users from one address fill its bucket', async () => {
    const ip = '10.78.0.2';
    const alice = await member(browserAt(ip));
    const bob = await member(browserAt(ip));
    const [aliceRev, bobRev] = [await revOf(alice), await revOf(bob)];
    for (let i = 0; i < 5; i++) {
      expect((await alice.browser.put(`/_users/${alice.id}?rev=${aliceRev}`, { fullname: 'X', current_password: `wrong ${i}` })).status).toBe(422);
      expect((await bob.browser.put(`/_users/${bob.id}?rev=${bobRev}`, { fullname: 'X', current_password: `wrong ${i}` })).status).toBe(422);
    }
    expect((await alice.browser.put(`/_users/${alice.id}?rev=${aliceRev}`, { fullname: 'X', current_password: PASSWORD })).status).toBe(429);
    expect((await browserAt(ip).post('/_session', { username: newEmail('other'), password: 'whatever it is' })).status).toBe(429);
    // from another address alice's e-mail bucket still has room
    expect((await browserAt().post('/_session', { username: alice.email, password: PASSWORD })).status).toBe(200);
  });

  it('successful changes and refusals before the password check (409, 400) are not counted', async () => {
    const user = await member();
    let rev = await revOf(user);
    for (let i = 0; i < 6; i++) {
      const ok = await user.browser.put(`/_users/${user.id}?rev=${rev}`, { fullname: `Name ${i}`, current_password: PASSWORD });
      expect(ok.status).toBe(200);
      rev = ok.body.rev;
      expect((await user.browser.put(`/_users/${user.id}?rev=1-stale`, { fullname: 'X', current_password: 'wrong one' })).status).toBe(409);
    }
    expect((await user.browser.put(`/_users/${user.id}?rev=${rev}`, { admin: true, current_password: PASSWORD })).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await user.browser.put(`/_users/${user.id}?rev=${rev}`, { fullname: 'X', current_password: `wrong ${i}` })).status).toBe(422);
    expect((await user.browser.put(`/_users/${user.id}?rev=${rev}`, { fullname: 'X', current_password: 'wrong again' })).status).toBe(429);
  });
});

describe('registration', () => {
  it('allows 10 registrations an hour per IP; the 11th attempt is 429, another address still registers', async () => {
    const ip = '10.78.0.3';
    const register = (b: Browser) => b.post('/_users', { email: newEmail('reg'), password: PASSWORD, password_confirmation: PASSWORD, accept: true });
    for (let i = 0; i < 9; i++) expect((await register(browserAt(ip))).status).toBe(201);
    expect((await browserAt(ip).post('/_users', { email: 'not an address', accept: true })).status).toBe(422); // attempts count
    const res = await register(browserAt(ip));
    expect(res).toMatchObject({ status: 429, body: { error: 'too_many_requests', reason: 'Too many requests, please try again later' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect((await register(browserAt())).status).toBe(201);
  });
});
