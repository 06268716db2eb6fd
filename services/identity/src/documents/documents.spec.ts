import { ctxOf, failure, IdentityHarness, registerUser, startIdentity } from '../testing/identity-harness';

// identity.doc.* over NATS: the user's tokens and configuration in the user's own db, and identity.token.verify.
describe('identity user documents', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentity('documents');
  });

  afterAll(async () => {
    await h?.close();
  });

  const post = (userId: string, doc: Record<string, unknown>, ctx = ctxOf(userId)) => h.rpc.call('identity.doc.post', { ctx, doc });

  describe('user tokens', () => {
    it('creates a token and shows its secret once; only a hash is stored', async () => {
      const { user } = await registerUser(h);
      const reply = await post(user._id, { klass: 'UserToken', description: 'CI', permissions: ['read', 'write'], active: false, user_id: 'usr-other' });
      expect(reply).toMatchObject({ ok: true, id: expect.stringMatching(/^utk-/), rev: expect.stringMatching(/^1-/) });
      expect(reply.doc).toMatchObject({ klass: 'UserToken', user_id: user._id, description: 'CI', permissions: ['read', 'write'], active: true });
      const secret = (reply.doc as { token: string }).token;
      expect(secret).toMatch(/^sdt_[A-Za-z0-9_-]{43}$/);
      expect(reply.doc).not.toHaveProperty('token_hash');

      const read = await h.rpc.call('identity.doc.get', { ctx: ctxOf(user._id), id: reply.id });
      expect(read).not.toHaveProperty('token');
      expect(read).not.toHaveProperty('token_hash');
      const stored = await h.pool.query(`SELECT body FROM identity.documents WHERE id = $1`, [reply.id]);
      expect(JSON.stringify(stored.rows[0].body)).not.toContain(secret);

      expect(await h.rpc.call('identity.token.verify', { token: secret })).toEqual({ user_id: user._id, token_id: reply.id, permissions: ['read', 'write'] });
    });

    it('defaults to read and refuses unknown permissions', async () => {
      const { user } = await registerUser(h);
      const reply = await post(user._id, { klass: 'UserToken', description: 'ro' });
      expect(reply.doc).toMatchObject({ permissions: ['read'] });
      expect(await failure(post(user._id, { klass: 'UserToken', permissions: ['admin'] }))).toEqual({
        error: 'unprocessable_entity',
        reason: { permissions: 'is-invalid' },
        status: 422,
      });
    });

    it('lists the active tokens, revokes one, and a revoked token no longer verifies', async () => {
      const { user } = await registerUser(h);
      const a = await post(user._id, { klass: 'UserToken', description: 'a' });
      const b = await post(user._id, { klass: 'UserToken', description: 'b' });
      const list = async () =>
        (await h.rpc.call('identity.doc.find', { ctx: ctxOf(user._id), query: { selector: { klass: 'UserToken', active: true }, sort: [{ created_at: 'asc' }] } })).docs;
      expect((await list()).map((d) => d.description)).toEqual(['a', 'b']);
      expect(JSON.stringify(await list())).not.toMatch(/token_hash|sdt_/);

      const revoked = await h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: a.id, rev: a.rev, doc: { active: false } });
      expect(revoked.doc).toMatchObject({ active: false, description: 'a', permissions: ['read'], user_id: user._id });
      expect((await list()).map((d) => d.description)).toEqual(['b']);
      expect(await failure(h.rpc.call('identity.token.verify', { token: (a.doc as { token: string }).token }))).toEqual({
        error: 'unauthorized',
        reason: 'Please login again',
        status: 401,
      });
      // revoked stays revoked
      expect((await failure(h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: a.id, rev: revoked.rev, doc: { active: true } }))).reason).toEqual({
        active: 'is-invalid',
      });
      // a deleted token does not verify either
      await h.rpc.call('identity.doc.delete', { ctx: ctxOf(user._id), id: b.id, rev: b.rev });
      expect((await failure(h.rpc.call('identity.token.verify', { token: (b.doc as { token: string }).token }))).error).toBe('unauthorized');
    });

    it('may change the description, not the permissions', async () => {
      const { user } = await registerUser(h);
      const t = await post(user._id, { klass: 'UserToken', description: 'x' });
      const renamed = await h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: t.id, rev: t.rev, doc: { ...t.doc, token: undefined, description: 'deploy' } });
      expect(renamed.doc).toMatchObject({ description: 'deploy', active: true });
      expect((await failure(h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: t.id, rev: renamed.rev, doc: { permissions: ['read', 'write'] } }))).reason).toEqual({
        permissions: 'is-invalid',
      });
      expect((await failure(h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: t.id, rev: t.rev, doc: { description: 'stale' } }))).error).toBe('conflict');
    });

    it('refuses garbage tokens', async () => {
      for (const token of ['', 'garbage', 'sdt_', `sdt_${'A'.repeat(43)}`]) {
        expect((await failure(h.rpc.call('identity.token.verify', { token }))).error).toBe('unauthorized');
      }
    });

    it('a read-only token cannot write, and no token can manage tokens', async () => {
      const { user } = await registerUser(h);
      const ro = await post(user._id, { klass: 'UserToken', permissions: ['read'] });
      const rw = await post(user._id, { klass: 'UserToken', permissions: ['read', 'write'] });
      const roCtx = ctxOf(user._id, user._id, { id: ro.id, permissions: ['read'] });
      const rwCtx = ctxOf(user._id, user._id, { id: rw.id, permissions: ['read', 'write'] });

      expect((await h.rpc.call('identity.doc.find', { ctx: roCtx, query: { selector: { klass: 'UserToken' } } })).docs).toHaveLength(2);
      expect(await failure(post(user._id, { klass: 'UserConfiguration', key: 'theme', value: 'dark' }, roCtx))).toMatchObject({ error: 'forbidden', status: 403 });
      expect((await post(user._id, { klass: 'UserConfiguration', key: 'theme', value: 'dark' }, rwCtx)).ok).toBe(true);

      expect(await failure(post(user._id, { klass: 'UserToken' }, rwCtx))).toMatchObject({ error: 'forbidden', status: 403 });
      expect((await failure(h.rpc.call('identity.doc.put', { ctx: rwCtx, id: ro.id, rev: ro.rev, doc: { active: false } }))).error).toBe('forbidden');
      expect((await failure(h.rpc.call('identity.doc.delete', { ctx: rwCtx, id: ro.id, rev: ro.rev }))).error).toBe('forbidden');
    });

    it('creates tokens with POST only', async () => {
      const { user } = await registerUser(h);
      expect((await failure(h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: 'utk-mine', doc: { description: 'x' } }))).error).toBe('method_not_allowed');
    });
  });

  describe('user configuration', () => {
    it('creates the locale setting with a client _id and updates its value', async () => {
      const { user } = await registerUser(h);
      const created = await post(user._id, { _id: 'ucn-locale', key: 'locale', value: 'pt-BR' });
      expect(created).toMatchObject({ ok: true, id: 'ucn-locale', doc: { klass: 'UserConfiguration', key: 'locale', value: 'pt-BR' } });
      const found = await h.rpc.call('identity.doc.find', {
        ctx: ctxOf(user._id),
        query: { selector: { klass: 'UserConfiguration' }, fields: ['_id', '_rev', 'key', 'value'] },
      });
      expect(found.docs).toEqual([{ _id: 'ucn-locale', _rev: created.rev, key: 'locale', value: 'pt-BR' }]);
      const updated = await h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: 'ucn-locale', rev: created.rev, doc: { value: 'en' } });
      expect(updated.doc).toMatchObject({ key: 'locale', value: 'en' });
      expect(updated.rev).toMatch(/^2-/);
      expect(await h.rpc.call('identity.doc.get', { ctx: ctxOf(user._id), id: 'ucn-locale', fields: ['value'] })).toEqual({ _id: 'ucn-locale', value: 'en' });
    });

    it('checks key and locale value, one setting per key', async () => {
      const { user } = await registerUser(h);
      expect(await failure(post(user._id, { klass: 'UserConfiguration', key: 'locale', value: 'fr' }))).toEqual({
        error: 'unprocessable_entity',
        reason: { value: 'is-invalid' },
        status: 422,
      });
      expect((await failure(post(user._id, { klass: 'UserConfiguration', value: 1 }))).reason).toEqual({ key: 'cant-be-blank' });
      await post(user._id, { klass: 'UserConfiguration', key: 'locale', value: 'en' });
      expect((await failure(post(user._id, { klass: 'UserConfiguration', key: 'locale', value: 'en' }))).reason).toEqual({ key: 'has-already-been-taken' });
    });

    it('a stale rev is a conflict', async () => {
      const { user } = await registerUser(h);
      const c = await post(user._id, { klass: 'UserConfiguration', key: 'k', value: 1 });
      await h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: c.id, rev: c.rev, doc: { value: 2 } });
      expect(await failure(h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: c.id, rev: c.rev, doc: { value: 3 } }))).toMatchObject({
        error: 'conflict',
        status: 409,
      });
    });
  });

  describe('cross-user access', () => {
    it("refuses every operation on another user's db", async () => {
      const a = await registerUser(h);
      const b = await registerUser(h);
      const bToken = await post(b.user._id, { klass: 'UserToken', description: 'b' });
      const bConf = await post(b.user._id, { klass: 'UserConfiguration', key: 'locale', value: 'en' });
      const asA = ctxOf(a.user._id, b.user._id);
      const forbidden = { error: 'forbidden', reason: 'You are not allowed to access this data', status: 403 };
      expect(await failure(h.rpc.call('identity.doc.get', { ctx: asA, id: bToken.id }))).toEqual(forbidden);
      expect(await failure(h.rpc.call('identity.doc.find', { ctx: asA, query: { selector: { klass: 'UserToken' } } }))).toEqual(forbidden);
      expect(await failure(h.rpc.call('identity.doc.post', { ctx: asA, doc: { klass: 'UserToken' } }))).toEqual(forbidden);
      expect(await failure(h.rpc.call('identity.doc.put', { ctx: asA, id: bConf.id, rev: bConf.rev, doc: { value: 'pt-BR' } }))).toEqual(forbidden);
      expect(await failure(h.rpc.call('identity.doc.delete', { ctx: asA, id: bToken.id, rev: bToken.rev }))).toEqual(forbidden);
      expect(await failure(h.rpc.call('identity.doc.view', { ctx: asA, design: 'x', view: 'y', params: {} }))).toEqual(forbidden);
      expect(await failure(h.rpc.call('identity.doc.update', { ctx: asA, design: 'x', handler: 'y', id: bConf.id }))).toEqual(forbidden);
      // nor with no signed-in user
      expect(await failure(h.rpc.call('identity.doc.get', { ctx: ctxOf(null, b.user._id), id: bToken.id }))).toEqual(forbidden);
      // and a's own db does not hold b's documents
      expect((await failure(h.rpc.call('identity.doc.get', { ctx: ctxOf(a.user._id), id: bToken.id }))).error).toBe('not_found');
    });
  });
});
