import { createToken, linkToken, newEmail, nextMail, PASSWORD, signUp, sleep, Stack, startStack } from './harness';

// Registration and the mailed links as an outsider meets them: one plain address per field, no answer that tells which
// addresses have accounts, and a password reset that leaves no API token of the previous holder working.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('registration_security');
});
afterAll(async () => {
  await stack?.close();
});

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  fullname: 'Someone Else',
  password: 'another secret',
  password_confirmation: 'another secret',
  accept: true,
  locale: 'en',
  ...extra,
});

describe('POST /_users', () => {
  it('answers an address that has an account with 201 and the fields of a new registration, and the account keeps its password', async () => {
    const owner = await signUp(stack);
    const fresh = await stack.browser().post('/_users', registration(newEmail('fresh')));
    const again = await stack.browser().post('/_users', registration(owner.email.toUpperCase()));

    expect(fresh.status).toBe(201);
    expect(again.status).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(again.body).toMatchObject({ klass: 'User', email: owner.email, fullname: 'Someone Else', confirmed_at: null, _rev: expect.stringMatching(/^1-/) });
    expect(again.body._id).toMatch(/^usr-/);
    expect(again.body._id).not.toBe(owner.id);
    expect((await stack.browser().post('/_session', { username: owner.email, password: 'another secret' })).status).toBe(401);
    expect((await stack.browser().post('/_session', { username: owner.email, password: PASSWORD })).body).toMatchObject({ ok: true, name: owner.id });
  });

  it('refuses an address list or a display name with 422 {email: is-invalid} and mails none of the addresses', async () => {
    const [a, b, c] = [newEmail('list-a'), newEmail('list-b'), newEmail('list-c')];
    for (const email of [`${a},${b},${c}`, `${a}; ${b}`, `VictimCEO<${a}>`, `"${a},${b}"@example.com`]) {
      expect(await stack.browser().post('/_users', registration(email, { fullname: 'Pay the invoice at http://evil.test' }))).toMatchObject({
        status: 422,
        body: { error: 'unprocessable_entity', reason: { email: 'is-invalid' } },
      });
    }
    await sleep(500);
    for (const x of [a, b, c]) expect(stack.sink.to(x)).toHaveLength(0);
  });
});

describe('the mailed-link requests', () => {
  it('refuse an address list with 422 {email: is-invalid}, for a known address too', async () => {
    const user = await signUp(stack);
    for (const path of ['/_users/_confirmation', '/_users/_password']) {
      for (const email of [`${user.email},${newEmail('other')}`, `Boss <${user.email}>`]) {
        expect(await stack.browser().post(path, { email })).toMatchObject({ status: 422, body: { error: 'unprocessable_entity', reason: { email: 'is-invalid' } } });
      }
    }
  });
});

describe('PUT /_users/_password/{token}', () => {
  it('leaves no API token of the user working after a reset through the mailed link', async () => {
    const user = await signUp(stack);
    const token = await createToken(user);
    const seen = stack.sink.to(user.email).length;
    expect((await stack.browser().post('/_users/_password', { email: user.email })).status).toBe(200);
    const link = linkToken(await nextMail(stack, user.email, seen, (m) => m.text.includes('/user/password/')), 'password');

    expect((await stack.browser().put(`/_users/_password/${encodeURIComponent(link)}`, { password: 'a new secret', password_confirmation: 'a new secret' })).status).toBe(200);
    expect(await stack.browser().get(`/_users/${user.id}`, { bearer: token })).toMatchObject({ status: 401 });
    // the record stays, revoked, in the user's list
    const login = stack.browser();
    expect((await login.post('/_session', { username: user.email, password: 'a new secret' })).status).toBe(200);
    const tokens = await login.post(`/${user.id}/_find`, { selector: { klass: 'UserToken' } });
    expect(tokens.body.docs).toEqual([expect.objectContaining({ klass: 'UserToken', active: false })]);
  });
});
