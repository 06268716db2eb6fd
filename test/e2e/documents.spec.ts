import { signUp, Stack, startStack, User } from './harness';

// The document API on the user's own database (/{user_id}/…) through the gateway to identity: user tokens, user
// configuration, tenancy, concurrent writes, and bad input that must never be a 500.

let stack: Stack;
let user: User;
beforeAll(async () => {
  stack = await startStack('documents');
  user = await signUp(stack, { confirm: true });
});
afterAll(async () => {
  await stack?.close();
});

async function createToken(owner: User, permissions: string[], description = 'ci'): Promise<{ id: string; rev: string; secret: string }> {
  const res = await owner.browser.post(`/${owner.id}`, { klass: 'UserToken', description, permissions });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ ok: true, id: expect.stringMatching(/^utk-/), doc: { klass: 'UserToken', active: true, permissions } });
  expect(res.body.doc.token).toMatch(/^sdt_/);
  return { id: res.body.id, rev: res.body.rev, secret: res.body.doc.token };
}

describe('bearer user tokens', () => {
  it('are created with POST /{user_id}, listed without their secret, and authenticate requests without cookies or XSRF', async () => {
    const token = await createToken(user, ['read', 'write']);
    const list = await user.browser.post(`/${user.id}/_find`, { selector: { klass: 'UserToken', active: true } });
    expect(list.status).toBe(200);
    const listed = list.body.docs.find((d: { _id: string }) => d._id === token.id);
    expect(listed).toMatchObject({ description: 'ci', active: true });
    expect(listed.token).toBeUndefined();
    expect(listed.token_hash).toBeUndefined();

    const api = stack.browser(); // no cookies
    expect(await api.get('/_session', { bearer: token.secret })).toMatchObject({ status: 200, body: { userCtx: { name: user.id } } });
    expect(await api.post(`/${user.id}/_find`, { selector: { klass: 'UserConfiguration' } }, { bearer: token.secret })).toMatchObject({ status: 200 });
    const write = await api.post(`/${user.id}`, { klass: 'UserConfiguration', key: `via-token-${Date.now()}`, value: 1 }, { bearer: token.secret });
    expect(write.status).toBe(201);
  });

  it('a read-only token can read but not write, and no token can manage tokens', async () => {
    const ro = await createToken(user, ['read'], 'read only');
    const rw = await createToken(user, ['read', 'write'], 'writer');
    const api = stack.browser();
    expect((await api.post(`/${user.id}/_find`, { selector: { klass: 'UserConfiguration' } }, { bearer: ro.secret })).status).toBe(200);
    expect(await api.post(`/${user.id}`, { klass: 'UserConfiguration', key: 'x', value: 1 }, { bearer: ro.secret })).toMatchObject({
      status: 403,
      body: { error: 'forbidden', reason: 'This token can only read' },
    });
    expect(await api.post(`/${user.id}`, { klass: 'UserToken', description: 'more', permissions: ['read'] }, { bearer: rw.secret })).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });
  });

  it('a revoked or deleted token is 401 at once', async () => {
    const token = await createToken(user, ['read']);
    const api = stack.browser();
    expect((await api.get('/_session', { bearer: token.secret })).status).toBe(200); // now cached by the gateway
    const revoke = await user.browser.put(`/${user.id}/${token.id}?rev=${token.rev}`, { active: false });
    expect(revoke.status).toBe(200);
    expect(await api.get(`/${user.id}/${token.id}`, { bearer: token.secret })).toMatchObject({
      status: 401,
      body: { error: 'unauthorized', reason: 'Please login again' },
    });

    const other = await createToken(user, ['read']);
    expect((await api.get('/_session', { bearer: other.secret })).status).toBe(200);
    expect((await user.browser.delete(`/${user.id}/${other.id}?rev=${other.rev}`)).status).toBe(200);
    expect((await api.get('/_session', { bearer: other.secret })).status).toBe(401);
    expect((await api.get('/_session', { bearer: 'sdt_not_a_real_token_at_all' })).status).toBe(401);
  });
});

describe('user configuration', () => {
  it('the locale setting changes the session locale', async () => {
    const u = await signUp(stack, { confirm: true });
    expect((await u.browser.get('/_session')).body.locale).toBe('en');
    const created = await u.browser.post(`/${u.id}`, { klass: 'UserConfiguration', key: 'locale', value: 'pt-BR' });
    expect(created).toMatchObject({ status: 201, body: { ok: true, id: expect.stringMatching(/^ucn-/) } });
    expect((await u.browser.get('/_session')).body.locale).toBe('pt-BR');

    const found = await u.browser.post(`/${u.id}/_find`, { selector: { klass: 'UserConfiguration', key: 'locale' }, fields: ['_id', '_rev', 'key', 'value'] });
    expect(found.body.docs).toEqual([{ _id: created.body.id, _rev: created.body.rev, key: 'locale', value: 'pt-BR' }]);
    const updated = await u.browser.put(`/${u.id}/${created.body.id}?rev=${created.body.rev}`, { value: 'en' });
    expect(updated).toMatchObject({ status: 200, body: { ok: true, rev: expect.stringMatching(/^2-/) } });
    expect((await u.browser.get('/_session')).body.locale).toBe('en');
    expect(await u.browser.put(`/${u.id}/${created.body.id}?rev=${updated.body.rev}`, { value: 'xx' })).toMatchObject({
      status: 422,
      body: { error: 'unprocessable_entity', reason: { value: 'is-invalid' } },
    });
  });

  it('two concurrent PUTs with the same _rev: exactly one wins, the other is 409', async () => {
    const created = await user.browser.post(`/${user.id}`, { klass: 'UserConfiguration', key: `race-${Date.now()}`, value: 0 });
    const { id, rev } = created.body;
    const results = await Promise.all([
      user.browser.put(`/${user.id}/${id}?rev=${rev}`, { value: 1 }),
      user.browser.put(`/${user.id}/${id}`, { _rev: rev, value: 2 }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBeGreaterThanOrEqual(200);
    expect(statuses[0]).toBeLessThan(300);
    expect(statuses[1]).toBe(409);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body).toEqual({ error: 'conflict', reason: 'Record updated by someone else, please refresh' });
    const stored = await user.browser.get(`/${user.id}/${id}`);
    expect(stored.body._rev).toMatch(/^2-/);
  });

  it('a read, update or delete of a missing document is 404; a stale delete is 409', async () => {
    const created = await user.browser.post(`/${user.id}`, { klass: 'UserConfiguration', key: `gone-${Date.now()}`, value: 1 });
    expect(await user.browser.delete(`/${user.id}/${created.body.id}?rev=1-stale`)).toMatchObject({ status: 409, body: { error: 'conflict' } });
    expect(await user.browser.delete(`/${user.id}/${created.body.id}?rev=${created.body.rev}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await user.browser.get(`/${user.id}/${created.body.id}`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await user.browser.get(`/${user.id}/ucn-does-not-exist`)).toMatchObject({ status: 404 });
  });
});

describe('tenancy', () => {
  it('another user’s database is 403, a group database needs a subscription', async () => {
    const other = await signUp(stack, { confirm: true });
    const mine = await other.browser.post(`/${other.id}`, { klass: 'UserConfiguration', key: 'k', value: 'secret' });
    expect(mine.status).toBe(201);
    const forbidden = { status: 403, body: { error: 'forbidden', reason: 'You are not allowed to access this data' } };
    expect(await user.browser.post(`/${other.id}/_find`, { selector: { klass: 'UserConfiguration' } })).toMatchObject(forbidden);
    expect(await user.browser.get(`/${other.id}/${mine.body.id}`)).toMatchObject(forbidden);
    expect(await user.browser.put(`/${other.id}/${mine.body.id}?rev=${mine.body.rev}`, { value: 'mine now' })).toMatchObject(forbidden);
    expect(await user.browser.delete(`/${other.id}/${mine.body.id}?rev=${mine.body.rev}`)).toMatchObject(forbidden);
    expect(await user.browser.get(`/${user.id}/${mine.body.id}`)).toMatchObject({ status: 404 }); // not in my db either
    expect(await user.browser.post('/acc-00000000/_find', { selector: { klass: 'Wallet' } })).toMatchObject({
      status: 403,
      body: { error: 'forbidden', reason: 'You need a subscription to access this Group' },
    });
  });
});

describe('bad input is a 4xx with a reason, never a 500', () => {
  const find = (body: unknown) => user.browser.post(`/${user.id}/_find`, body);
  const expect4xx = (res: { status: number; body: { error?: unknown; reason?: unknown } }) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.error).toBe('string');
    expect(res.body.reason).toBeTruthy();
  };

  it('an unknown Mango operator', async () => {
    const res = await find({ selector: { klass: 'UserConfiguration', key: { $regexx: 'a' } } });
    expect(res.status).toBe(400);
    expect(res.body.reason).toContain('$regexx');
  });

  it('wrong types in a query', async () => {
    for (const body of [
      { selector: { klass: 'UserConfiguration' }, limit: 'ten' },
      { selector: { klass: 'UserConfiguration' }, skip: -1 },
      { selector: { klass: 'UserConfiguration' }, fields: 'key' },
      { selector: { klass: 'UserConfiguration' }, sort: 'key' },
      { selector: { klass: 'UserConfiguration' }, sort: [{ key: 'up' }] },
      { selector: 'UserConfiguration' },
      { selector: { klass: 42 } },
      { selector: { klass: 'UserConfiguration', key: { $in: 'locale' } } },
      { selector: { klass: 'UserConfiguration', $and: { key: 'locale' } } },
      [1, 2, 3],
    ]) {
      const res = await find(body);
      expect4xx(res);
    }
    expect4xx(await user.browser.post(`/${user.id}`, { klass: 'UserConfiguration', key: ['locale'], value: 'en' }));
    expect4xx(await user.browser.put(`/${user.id}/ucn-x?rev=${encodeURIComponent('not a rev')}`, 'just a string'));
  });

  it('a selector 9 $and levels deep (19 levels) is answered with the right document; 10 (21 levels) is 400 naming the 20-level limit; 50 are refused by the gateway', async () => {
    // every object and array is a level, so each $and takes two: {klass, $and: [{$and: [… {key} …]}]}
    const key = `deep-${Date.now()}`;
    const created = await user.browser.post(`/${user.id}`, { klass: 'UserConfiguration', key, value: 1 });
    expect(created.status).toBe(201);
    const nested = (levels: number) => {
      let inner: Record<string, unknown> = { key };
      for (let i = 0; i < levels; i++) inner = { $and: [inner] };
      return { klass: 'UserConfiguration', ...inner };
    };
    expect(await find({ selector: nested(9), fields: ['_id', 'key'] })).toMatchObject({ status: 200, body: { docs: [{ _id: created.body.id, key }] } });
    expect(await find({ selector: nested(10) })).toMatchObject({
      status: 400,
      body: { error: 'bad_request', reason: 'selector is nested deeper than 20 levels (each object and array is one)' },
    });
    expect(await find({ selector: nested(50) })).toMatchObject({ status: 400, body: { error: 'bad_request', reason: 'the body is nested deeper than 50 levels' } });
  });

  it('a 2 MB body is 413', async () => {
    const res = await user.browser.post(`/${user.id}`, { klass: 'UserConfiguration', key: 'big', value: 'x'.repeat(2 * 1024 * 1024) });
    expect(res).toMatchObject({ status: 413, body: { error: 'payload_too_large', reason: 'Request body is too large' } });
  });

  it('invalid JSON is 400', async () => {
    const res = await user.browser.request('POST', `/${user.id}/_find`, { raw: '{"selector": {"klass": "UserConfiguration"', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('bad_request');
    expect(res.body.reason).toMatch(/^invalid JSON: /);
  });

  it.each(['__proto__', 'constructor'])('a %s key is 400, naming the key', async (key) => {
    const raw = `{"klass":"UserConfiguration","key":"p","value":{"${key}":{"isAdmin":true}}}`;
    const res = await user.browser.request('POST', `/${user.id}`, { raw, contentType: 'application/json' });
    expect(res).toMatchObject({ status: 400, body: { error: 'bad_request', reason: `the key "${key}" is not allowed in a request body` } });
    const inSelector = await user.browser.request('POST', `/${user.id}/_find`, {
      raw: `{"selector":{"klass":"UserConfiguration","${key}":{"key":"x"}}}`,
      contentType: 'application/json',
    });
    expect(inSelector.status).toBe(400);
  });

  it('unknown kinds and ids', async () => {
    expect(await find({ selector: { klass: 'Nope' } })).toMatchObject({ status: 400, body: { reason: 'unknown klass "Nope" in selector.klass' } });
    expect(await find({ selector: { key: 'locale' } })).toMatchObject({ status: 400 });
    expect(await user.browser.get(`/${user.id}/xyz-123`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await user.browser.post(`/${user.id}/_find`, { selector: { klass: 'Subscription' } })).toMatchObject({ status: 200, body: { docs: [] } });
    expect(await user.browser.get('/not-a-db/ucn-1')).toMatchObject({ status: 404 });
  });
});
