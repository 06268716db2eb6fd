import { cookieAttributes, linkToken, newEmail, nextMail, PASSWORD, signUp, Stack, startStack } from './harness';

// A user's whole way through the product's front door, over HTTP: register, confirm by mail, sign in, change the
// password, sign out; and a forgotten password.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('journey');
});
afterAll(async () => {
  await stack?.close();
});

it('GET / names the version, which every response carries in x-app-version', async () => {
  const res = await stack.browser().get('/');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ servicedesk: 'Welcome', version: '0.0.0-e2e', api: { docs: '/api/docs', openapi: '/api/docs-json' } });
  expect(res.headers.get('x-app-version')).toBe('0.0.0-e2e');
  expect((await stack.browser().get('/_users/usr-x')).headers.get('x-app-version')).toBe('0.0.0-e2e');
});

it('GET /_up reports Redis and the identity, accounts, tickets, disk, finance, reader and notes services (with their databases) ready', async () => {
  const res = await stack.browser().get('/_up');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ok', version: '0.0.0-e2e', checks: { redis: 'ok', identity: 'ok', accounts: 'ok', tickets: 'ok', disk: 'ok', finance: 'ok', reader: 'ok', notes: 'ok' }, redis: expect.objectContaining({ persistence: expect.any(String) }) });
});

it('register → confirmation mail → confirm → login → session → change password → mail → logout → old session 401', async () => {
  const email = newEmail('journey');
  const browser = stack.browser();

  // register
  const reg = await browser.post('/_users', {
    email,
    fullname: 'Ada Lovelace',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accept: true,
    locale: 'en',
  });
  expect(reg.status).toBe(201);
  expect(reg.body).toMatchObject({ klass: 'User', email, fullname: 'Ada Lovelace', confirmed_at: null });
  expect(reg.body.password).toBeUndefined();
  const userId: string = reg.body._id;
  expect(userId).toMatch(/^usr-/);

  // the confirmation mail, and its link
  const mail = await stack.sink.waitFor(email);
  const token = linkToken(mail, 'confirm');
  expect((await browser.post(`/_users/_confirm/${encodeURIComponent(token)}`)).body).toEqual({ ok: true });
  const again = await browser.post(`/_users/_confirm/${encodeURIComponent(token)}`);
  expect(again).toMatchObject({ status: 404, body: { error: 'token_missing', reason: 'Token already used or expired, please request a new one' } });

  // login: the session cookie and the XSRF cookie
  const login = await browser.post('/_session', { username: email, password: PASSWORD });
  expect(login).toMatchObject({ status: 200, body: { ok: true, name: userId, roles: [userId, 'user'] } });
  expect(cookieAttributes(login.setCookies, 'AuthSession')).toMatchObject({ httponly: true, samesite: 'lax', path: '/' });
  expect(cookieAttributes(login.setCookies, 'XSRF-TOKEN')).toMatchObject({ samesite: 'lax', path: '/' });
  expect(browser.xsrfToken).toBeTruthy();

  // the session check
  const session = await browser.get('/_session');
  expect(session.body).toEqual({
    ok: true,
    userCtx: { name: userId, roles: [userId, 'user'] },
    locale: 'en',
    confirmed: true,
    user: { email, fullname: 'Ada Lovelace', label: 'Ada Lovelace', gravatar_hash: expect.stringMatching(/^[0-9a-f]{32,64}$/), confirmed: true },
    memberships: [],
  });

  // the profile
  const user = await browser.get(`/_users/${userId}?fields=fullname,_rev`);
  expect(user.status).toBe(200);
  expect(user.body.fullname).toBe('Ada Lovelace');

  // change the password with the current one: the password-changed mail
  const seen = stack.sink.to(email).length;
  const newPassword = 'a much better passphrase';
  const change = await browser.put(`/_users/${userId}?rev=${encodeURIComponent(user.body._rev)}`, {
    password: newPassword,
    password_confirmation: newPassword,
    current_password: PASSWORD,
  });
  expect(change).toMatchObject({ status: 200, body: { ok: true, id: userId } });
  const changed = await nextMail(stack, email, seen);
  expect(changed.subject.length).toBeGreaterThan(0);
  expect(changed.text).not.toContain(newPassword);
  expect((await stack.browser().post('/_session', { username: email, password: PASSWORD })).status).toBe(401);

  // logout: the old session cookie is dead
  const before = browser.clone();
  const logout = await browser.delete('/_session');
  expect(logout).toMatchObject({ status: 200, body: { ok: true } });
  expect(browser.sessionCookie).toBeUndefined();
  const replay = await before.get(`/_users/${userId}`);
  expect(replay).toMatchObject({ status: 401, body: { error: 'unauthorized', reason: 'Please login again' } });
  expect((await browser.get('/_session')).body).toEqual({ ok: true, userCtx: { name: null, roles: [] } });

  // and the new password works
  expect((await stack.browser().post('/_session', { username: email, password: newPassword })).status).toBe(200);
});

it('a forgotten password: reset mail → new password → login; the link works once', async () => {
  const user = await signUp(stack, { confirm: true });
  const seen = stack.sink.to(user.email).length;
  const anon = stack.browser();
  expect(await anon.post('/_users/_password', { email: user.email })).toMatchObject({ status: 200, body: { ok: true } });
  const mail = await nextMail(stack, user.email, seen, (m) => m.text.includes('/user/password/'));
  const token = encodeURIComponent(linkToken(mail, 'password'));

  const mismatch = await anon.put(`/_users/_password/${token}`, { password: 'new secret one', password_confirmation: 'other' });
  expect(mismatch).toMatchObject({ status: 422, body: { error: 'unprocessable_entity', reason: { password_confirmation: 'doesnt-match' } } });
  expect(await anon.put(`/_users/_password/${token}`, { password: 'new secret one', password_confirmation: 'new secret one' })).toMatchObject({
    status: 200,
    body: { ok: true },
  });
  expect((await stack.browser().post('/_session', { username: user.email, password: 'new secret one' })).status).toBe(200);
  expect(await anon.put(`/_users/_password/${token}`, { password: 'x y z w v', password_confirmation: 'x y z w v' })).toMatchObject({
    status: 404,
    body: { error: 'token_missing', reason: 'Token already used or expired, please request a new one' },
  });
});

it('resends the confirmation mail', async () => {
  const user = await signUp(stack);
  await stack.sink.waitFor(user.email); // the registration's mail, whose link the resend replaces
  const seen = stack.sink.to(user.email).length;
  expect(await stack.browser().post('/_users/_confirmation', { email: user.email })).toMatchObject({ status: 200, body: { ok: true } });
  const mail = await nextMail(stack, user.email, seen);
  expect(linkToken(mail, 'confirm')).toBeTruthy();
  expect((await user.browser.get('/_session')).body.confirmed).toBe(false);
  expect((await stack.browser().post(`/_users/_confirm/${encodeURIComponent(linkToken(mail, 'confirm'))}`)).status).toBe(200);
  expect((await user.browser.get('/_session')).body.confirmed).toBe(true);
});

it('serves the API docs offline', async () => {
  const b = stack.browser();
  const page = await b.get('/api/docs');
  expect(page.status).toBe(200);
  expect(page.text).not.toMatch(/https?:\/\//);
  const doc = await b.get('/api/docs-json');
  expect(doc.body.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/_session', '/_users', '/{db}/_find']));
});
