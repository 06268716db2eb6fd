import { RpcClient } from '@app/platform';
import { cookieAttributes, createToken, linkToken, nextMail, PASSWORD, PUBLIC_URL, signUp, Stack, startStack, User } from './harness';

// What ends sessions and tokens, what a token may not do, and who may open a session: a password reset through the
// mailed link, a password change in the profile, bearer tokens on the profile, a token revoked while it is being
// verified, and logins sent from another site.

let stack: Stack;
beforeAll(async () => {
  // every browser here is 127.0.0.1 and this file registers more than the per-IP default allows
  stack = await startStack('acctsec', { RL_REGISTER_IP_MAX: '100000' });
});
afterAll(async () => {
  await stack?.close();
});

/** A bearer token of `owner` with its id and revision (harness' createToken gives the secret only). */
async function newToken(owner: User, permissions: string[]): Promise<{ id: string; rev: string; secret: string }> {
  const res = await owner.browser.post(`/${owner.id}`, { klass: 'UserToken', description: 'e2e', permissions });
  expect(res.status).toBe(201);
  return { id: res.body.id, rev: res.body.rev, secret: res.body.doc.token };
}

async function resetToken(user: User): Promise<string> {
  const seen = stack.sink.to(user.email).length;
  expect((await stack.browser().post('/_users/_password', { email: user.email })).status).toBe(200);
  const mail = await nextMail(stack, user.email, seen, (m) => m.text.includes('/user/password/'));
  return encodeURIComponent(linkToken(mail, 'password'));
}

describe('a password reset through the mailed link', () => {
  it('ends every session of the user, revokes their API tokens, clears the cookies it came with, and answers only {ok: true}', async () => {
    const user = await signUp(stack, { confirm: true });
    const elsewhere = stack.browser();
    expect((await elsewhere.post('/_session', { username: user.email, password: PASSWORD })).status).toBe(200);
    const secret = await createToken(user, ['read', 'write']);
    const api = stack.browser();
    expect((await api.get('/_session', { bearer: secret })).status).toBe(200); // now in the gateway's token cache
    const here = user.browser.clone();

    const token = await resetToken(user);
    const res = await user.browser.put(`/_users/_password/${token}`, { password: 'a brand new secret', password_confirmation: 'a brand new secret' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(cookieAttributes(res.setCookies, 'AuthSession')!['max-age']).toBe('0');
    expect(cookieAttributes(res.setCookies, 'XSRF-TOKEN')!['max-age']).toBe('0');
    expect(user.browser.sessionCookie).toBeUndefined();

    expect(await here.get(`/_users/${user.id}`)).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'Please login again' } });
    expect(await elsewhere.get(`/_users/${user.id}`)).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect(await api.get('/_session', { bearer: secret })).toMatchObject({ status: 401, body: { error: 'unauthorized' } });

    const again = stack.browser();
    expect((await again.post('/_session', { username: user.email, password: 'a brand new secret' })).status).toBe(200);
    expect((await again.get(`/_users/${user.id}`)).status).toBe(200);
  });

  it('sent without a cookie (from another device) ends the sessions all the same', async () => {
    const user = await signUp(stack, { confirm: true });
    const token = await resetToken(user);
    const res = await stack.browser().put(`/_users/_password/${token}`, { password: 'another new secret', password_confirmation: 'another new secret' });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(res.setCookies).toEqual([]);
    expect((await user.browser.get(`/_users/${user.id}`)).status).toBe(401);
  });

  it('that fails (mismatch, unknown token) ends nothing', async () => {
    const user = await signUp(stack, { confirm: true });
    const token = await resetToken(user);
    expect((await user.browser.put(`/_users/_password/${token}`, { password: 'one two three four', password_confirmation: 'other' })).status).toBe(422);
    expect((await user.browser.put('/_users/_password/not-a-token', { password: 'one two three four', password_confirmation: 'one two three four' })).status).toBe(404);
    expect((await user.browser.get(`/_users/${user.id}`)).status).toBe(200);
  });
});

describe('the profile', () => {
  it('cannot be changed with a bearer token, read-only or read-write: 403 forbidden, nothing changed', async () => {
    const user = await signUp(stack, { confirm: true });
    const rev: string = (await user.browser.get(`/_users/${user.id}`)).body._rev;
    for (const permissions of [['read'], ['read', 'write']]) {
      const secret = await createToken(user, permissions);
      const api = stack.browser();
      for (const body of [
        { fullname: 'Taken Over', current_password: PASSWORD },
        { password: 'taken over pass', password_confirmation: 'taken over pass', current_password: PASSWORD },
        { unconfirmed_email: 'attacker@example.com', current_password: PASSWORD },
      ]) {
        const res = await api.put(`/_users/${user.id}?rev=${rev}`, body, { bearer: secret });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 403,
          body: { error: 'forbidden', reason: 'Changing the profile or the password needs a signed-in session, not a token' },
        });
      }
    }
    const now = await user.browser.get(`/_users/${user.id}`);
    expect(now.body).toMatchObject({ _rev: rev, fullname: 'E2E User', unconfirmed_email: null });
    expect((await stack.browser().post('/_session', { username: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('a password change with the current password ends the other sessions, keeps this one and keeps the API tokens', async () => {
    const user = await signUp(stack, { confirm: true });
    const elsewhere = stack.browser();
    expect((await elsewhere.post('/_session', { username: user.email, password: PASSWORD })).status).toBe(200);
    const secret = await createToken(user, ['read']);
    const rev: string = (await user.browser.get(`/_users/${user.id}`)).body._rev;
    const change = await user.browser.put(`/_users/${user.id}?rev=${rev}`, { password: 'changed it myself', password_confirmation: 'changed it myself', current_password: PASSWORD });
    expect(change.status).toBe(200);
    expect((await elsewhere.get(`/_users/${user.id}`)).status).toBe(401);
    expect((await user.browser.get(`/_users/${user.id}`)).status).toBe(200);
    expect((await stack.browser().get('/_session', { bearer: secret })).status).toBe(200);
  });
});

describe('bearer tokens', () => {
  it('a token revoked while the gateway verifies it is not put back into the cache: the next request is 401', async () => {
    const user = await signUp(stack, { confirm: true });
    const { id, rev, secret } = await newToken(user, ['read']); // not used yet: not in the gateway's cache

    // revoke right after identity said "valid" and before the gateway caches that answer
    const rpc = stack.gateway.get(RpcClient);
    const call = rpc.call;
    let revoked = false;
    rpc.call = (async (name: string, req: unknown, opts?: { timeoutMs?: number }) => {
      const answer = await call.call(rpc, name as never, req as never, opts);
      if (name === 'identity.token.verify' && !revoked) {
        revoked = true;
        const revoke = await user.browser.put(`/${user.id}/${id}?rev=${rev}`, { active: false });
        expect(revoke.status).toBe(200);
      }
      return answer;
    }) as RpcClient['call'];
    try {
      const api = stack.browser();
      expect((await api.get('/_session', { bearer: secret })).status).toBe(200); // verified before it was revoked
      expect(revoked).toBe(true);
      expect(await api.get('/_session', { bearer: secret })).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    } finally {
      rpc.call = call;
    }
  });
});

describe('logins from another site (login CSRF)', () => {
  it('a cross-site form post is refused and opens no session', async () => {
    const user = await signUp(stack, { confirm: true });
    const b = stack.browser();
    const res = await b.request('POST', '/_session', {
      form: { username: user.email, password: PASSWORD },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden', reason: 'Logins from another site are refused' } });
    expect(res.setCookies).toEqual([]);
  });

  it('a form-encoded login is refused even from this site: JSON only (415)', async () => {
    const user = await signUp(stack, { confirm: true });
    const res = await stack.browser().request('POST', '/_session', { form: { username: user.email, password: PASSWORD }, headers: { origin: PUBLIC_URL } });
    expect(res).toMatchObject({ status: 415, body: { error: 'unsupported_media_type', reason: 'Unsupported Media Type: send the body as application/json' } });
    expect(res.setCookies).toEqual([]);
  });

  it('a JSON login with a foreign Origin, a null Origin or Sec-Fetch-Site cross-site is 403 forbidden', async () => {
    const user = await signUp(stack, { confirm: true });
    const foreign: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: 'http://app.test.evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of foreign) {
      const res = await stack.browser().post('/_session', { username: user.email, password: PASSWORD }, { headers });
      expect(res).toMatchObject({ status: 403, body: { error: 'forbidden', reason: 'Logins from another site are refused' } });
      expect(res.setCookies).toEqual([]);
    }
  });

  it('a same-origin JSON login works: the Origin of PUBLIC_URL, of the gateway’s own address, or no Origin (API clients)', async () => {
    const user = await signUp(stack, { confirm: true });
    const own = new URL(stack.url).origin;
    const ours: Array<Record<string, string>> = [{ origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' }, { origin: own }, { 'sec-fetch-site': 'none' }, {}];
    for (const headers of ours) {
      const b = stack.browser();
      const res = await b.post('/_session', { username: user.email, password: PASSWORD }, { headers });
      expect(res).toMatchObject({ status: 200, body: { ok: true, name: user.id } });
      expect((await b.get(`/_users/${user.id}`)).status).toBe(200);
    }
  });
});
