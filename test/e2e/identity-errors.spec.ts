import { backdate, newEmail, PASSWORD, signUp, Stack, startStack } from './harness';

// Every refusal of the identity calls, as the browser sees it: the HTTP status and the spec §8 {error, reason}.

let stack: Stack;
beforeAll(async () => {
  // re-check the session with identity on every request, so a lock-out shows at once
  stack = await startStack('errors', { SESSION_RECHECK_SECONDS: '0' });
});
afterAll(async () => {
  await stack?.close();
});

describe('register', () => {
  it('answers field errors as a 422 reason map', async () => {
    const b = stack.browser();
    expect(await b.post('/_users', {})).toMatchObject({
      status: 422,
      body: { error: 'unprocessable_entity', reason: { email: 'cant-be-blank', accept: 'must-be-accepted' } },
    });
    expect(await b.post('/_users', { email: newEmail(), password: 'one two three', password_confirmation: 'other', accept: true })).toMatchObject({
      status: 422,
      body: { reason: { password_confirmation: 'doesnt-match' } },
    });
    expect(await b.post('/_users', { email: 5, accept: true, newsletter: 'yes' })).toMatchObject({
      status: 422,
      body: { reason: { email: 'is-invalid', newsletter: 'is-invalid' } },
    });
  });

  it('answers a registration of an address already taken like a new one (201), so it tells nobody the address has an account', async () => {
    const user = await signUp(stack);
    const again = await stack.browser().post('/_users', { email: user.email.toUpperCase(), password: 'another one 1', password_confirmation: 'another one 1', accept: true });
    expect(again).toMatchObject({ status: 201, body: { klass: 'User', email: user.email, _id: expect.stringMatching(/^usr-/) } });
    expect(again.body._id).not.toBe(user.id);
  });
});

describe('login', () => {
  it('needs both fields (400) and the right password (401)', async () => {
    const user = await signUp(stack);
    const b = stack.browser();
    expect(await b.post('/_session', {})).toMatchObject({ status: 400, body: { error: 'bad_request', reason: 'Please provide username and password' } });
    expect(await b.post('/_session', { username: user.email })).toMatchObject({ status: 400 });
    expect(await b.post('/_session', { username: user.email, password: 'wrong password' })).toMatchObject({
      status: 401,
      body: { error: 'unauthorized', reason: 'Email or password is incorrect' },
    });
    expect(await b.post('/_session', { username: newEmail('nobody'), password: PASSWORD })).toMatchObject({
      status: 401,
      body: { reason: 'Email or password is incorrect' },
    });
    expect(b.sessionCookie).toBeUndefined();
  });

  it('the 11th wrong login in a minute is 429, even with the right password', async () => {
    const user = await signUp(stack);
    for (let i = 0; i < 10; i++) {
      expect((await stack.browser().post('/_session', { username: user.email, password: `wrong ${i}` })).status).toBe(401);
    }
    const res = await stack.browser().post('/_session', { username: user.email, password: PASSWORD });
    expect(res).toMatchObject({ status: 429, body: { error: 'too_many_requests', reason: 'Too many requests, please try again later' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('an account unconfirmed for more than 30 days cannot sign in, and its open session is refused', async () => {
    const user = await signUp(stack); // signed in, not confirmed
    expect((await user.browser.get(`/_users/${user.id}`)).status).toBe(200);
    await backdate(stack, user.id, 'confirmation_sent_at', 31 * 24);
    await backdate(stack, user.id, 'created_at', 31 * 24);
    expect(await stack.browser().post('/_session', { username: user.email, password: PASSWORD })).toMatchObject({
      status: 403,
      body: { error: 'forbidden', reason: 'Please confirm your email first' },
    });
    expect(await user.browser.get(`/_users/${user.id}`)).toMatchObject({ status: 403, body: { reason: 'Please confirm your email first' } });
  });
});

describe('signed-in calls', () => {
  it('need a session (401) and the XSRF header on unsafe methods (403)', async () => {
    const user = await signUp(stack, { confirm: true });
    expect(await stack.browser().get(`/_users/${user.id}`)).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'Please login again' } });
    expect(await user.browser.put(`/_users/${user.id}?rev=1-x`, { fullname: 'X', current_password: PASSWORD }, { xsrf: false })).toMatchObject({
      status: 403,
      body: { error: 'forbidden', reason: 'Invalid or missing XSRF token' },
    });
    expect(await user.browser.post(`/${user.id}`, { klass: 'UserConfiguration', key: 'locale', value: 'en' }, { xsrf: false })).toMatchObject({
      status: 403,
      body: { reason: 'Invalid or missing XSRF token' },
    });
  });

  it('cannot read or change another user', async () => {
    const alice = await signUp(stack, { confirm: true });
    const bob = await signUp(stack, { confirm: true });
    expect(await alice.browser.get(`/_users/${bob.id}`)).toMatchObject({ status: 403, body: { error: 'forbidden', reason: 'You are not allowed to access this data' } });
    expect(await alice.browser.put(`/_users/${bob.id}?rev=1-x`, { fullname: 'X', current_password: PASSWORD })).toMatchObject({ status: 403 });
  });

  it('profile changes: stale rev 409, current password required and checked (422), unknown fields 400', async () => {
    const user = await signUp(stack, { confirm: true });
    const rev: string = (await user.browser.get(`/_users/${user.id}`)).body._rev;
    expect(await user.browser.put(`/_users/${user.id}?rev=1-stale`, { fullname: 'New', current_password: PASSWORD })).toMatchObject({
      status: 409,
      body: { error: 'conflict', reason: 'Record updated by someone else, please refresh' },
    });
    expect(await user.browser.put(`/_users/${user.id}?rev=${rev}`, { fullname: 'New' })).toMatchObject({
      status: 422,
      body: { reason: { current_password: 'cant-be-blank' } },
    });
    expect(await user.browser.put(`/_users/${user.id}?rev=${rev}`, { fullname: 'New', current_password: 'not it at all' })).toMatchObject({
      status: 422,
      body: { reason: { current_password: 'is-invalid' } },
    });
    expect(await user.browser.put(`/_users/${user.id}?rev=${rev}`, { admin: true, current_password: PASSWORD })).toMatchObject({
      status: 400,
      body: { error: 'bad_request', reason: 'Unknown field: admin' },
    });
    const ok = await user.browser.put(`/_users/${user.id}`, { _rev: rev, fullname: 'New Name', current_password: PASSWORD });
    expect(ok).toMatchObject({ status: 200, body: { ok: true, id: user.id } });
    expect((await user.browser.get(`/_users/${user.id}?fields=["fullname"]`)).body.fullname).toBe('New Name');
  });
});

describe('mailed links', () => {
  it('an unknown confirmation or reset token is token_missing (404)', async () => {
    const b = stack.browser();
    const missing = { status: 404, body: { error: 'token_missing', reason: 'Token already used or expired, please request a new one' } };
    expect(await b.post('/_users/_confirm/not-a-token')).toMatchObject(missing);
    expect(await b.put('/_users/_password/not-a-token', { password: 'long enough one', password_confirmation: 'long enough one' })).toMatchObject(missing);
  });

  it('a request needs an address (422) and is limited to 5 per 15 minutes per address (429)', async () => {
    const b = stack.browser();
    expect(await b.post('/_users/_password', {})).toMatchObject({ status: 422, body: { reason: { email: 'cant-be-blank' } } });
    expect(await b.post('/_users/_confirmation', { email: '' })).toMatchObject({ status: 422 });
    const user = await signUp(stack);
    for (let i = 0; i < 5; i++) expect((await b.post('/_users/_confirmation', { email: user.email })).status).toBe(200);
    const res = await b.post('/_users/_confirmation', { email: user.email });
    expect(res).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
    expect(res.headers.get('retry-after')).toBeTruthy();
    for (let i = 0; i < 5; i++) expect((await b.post('/_users/_password', { email: user.email })).status).toBe(200);
    expect((await b.post('/_users/_password', { email: user.email })).status).toBe(429);
  });
});
