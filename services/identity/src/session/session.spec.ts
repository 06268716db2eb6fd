import { backdate, ctxOf, failure, IdentityHarness, linkToken, nextMail, registerUser, startIdentity } from '../testing/identity-harness';

// identity.session.* over NATS: login and session reads, with the 30-day rule for unconfirmed accounts.
describe('identity sessions', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentity('session');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('logs in with e-mail (any case) and password', async () => {
    const { user, email, password } = await registerUser(h, { locale: 'pt-BR' });
    expect(await h.rpc.call('identity.session.login', { username: ` ${email.toUpperCase()}`, password })).toEqual({
      user_id: user._id,
      userCtx: { name: user._id, roles: [user._id, 'user'] },
      locale: 'pt-BR',
    });
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { email } = await registerUser(h);
    const wrong = await failure(h.rpc.call('identity.session.login', { username: email, password: 'nope' }));
    const unknown = await failure(h.rpc.call('identity.session.login', { username: 'nobody@example.com', password: 'nope' }));
    expect(wrong).toEqual({ error: 'unauthorized', reason: 'Email or password is incorrect', status: 401 });
    expect(unknown).toEqual(wrong);
  });

  it('refuses a user without a password', async () => {
    const email = `nopass-${Date.now()}@example.com`;
    await h.rpc.call('identity.user.register', { email, accept: true });
    expect((await failure(h.rpc.call('identity.session.login', { username: email, password: 'anything' }))).error).toBe('unauthorized');
  });

  it('needs username and password', async () => {
    const missing = { error: 'bad_request', reason: 'Please provide username and password', status: 400 };
    expect(await failure(h.rpc.call('identity.session.login', { username: 'a@b.c' }))).toEqual(missing);
    expect(await failure(h.rpc.call('identity.session.login', { password: 'x' }))).toEqual(missing);
    expect(await failure(h.rpc.call('identity.session.login', { username: '', password: '' }))).toEqual(missing);
  });

  it('locks an account unconfirmed 30 days after the confirmation mail, until it is confirmed', async () => {
    const { user, email, password } = await registerUser(h);
    await backdate(h.pool, user._id, 'confirmation_sent_at', 29 * 24);
    expect((await h.rpc.call('identity.session.login', { username: email, password })).user_id).toBe(user._id);

    await backdate(h.pool, user._id, 'confirmation_sent_at', 31 * 24);
    const locked = { error: 'forbidden', reason: 'Please confirm your email first', status: 403 };
    expect(await failure(h.rpc.call('identity.session.login', { username: email, password }))).toEqual(locked);
    expect(await failure(h.rpc.call('identity.session.get', { user_id: user._id }))).toEqual(locked);
    // a wrong password still says only that
    expect((await failure(h.rpc.call('identity.session.login', { username: email, password: 'x' }))).error).toBe('unauthorized');

    // asking for a new link and opening it restores access
    const seen = (await h.sink.waitFor(email)) && h.sink.to(email).length;
    await h.rpc.call('identity.confirmation.request', { email });
    const mail = await nextMail(h, email, seen);
    await h.rpc.call('identity.confirmation.confirm', { token: linkToken(mail, 'confirm') });
    expect((await h.rpc.call('identity.session.login', { username: email, password })).user_id).toBe(user._id);
  });

  it('keeps a confirmed account open whatever the age of its confirmation mail', async () => {
    const { user, email, password } = await registerUser(h, { confirm: true });
    await backdate(h.pool, user._id, 'confirmation_sent_at', 400 * 24);
    expect((await h.rpc.call('identity.session.login', { username: email, password })).user_id).toBe(user._id);
  });

  describe('get', () => {
    it('answers userCtx, locale and whether the e-mail is confirmed', async () => {
      const { user } = await registerUser(h);
      expect(await h.rpc.call('identity.session.get', { user_id: user._id })).toEqual({
        ok: true,
        userCtx: { name: user._id, roles: [user._id, 'user'] },
        locale: 'en',
        confirmed: false,
        user: { email: user.email, fullname: user.fullname, label: user.label, gravatar_hash: user.gravatar_hash, confirmed: false },
      });
      const confirmed = await registerUser(h, { confirm: true });
      expect((await h.rpc.call('identity.session.get', { user_id: confirmed.user._id })).confirmed).toBe(true);
    });

    it("takes the locale from the user's locale configuration", async () => {
      const { user, email, password } = await registerUser(h);
      const created = await h.rpc.call('identity.doc.post', { ctx: ctxOf(user._id), doc: { klass: 'UserConfiguration', key: 'locale', value: 'pt-BR' } });
      expect((await h.rpc.call('identity.session.get', { user_id: user._id })).locale).toBe('pt-BR');
      expect((await h.rpc.call('identity.session.login', { username: email, password })).locale).toBe('pt-BR');
      await h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: created.id, rev: created.rev, doc: { value: 'en' } });
      expect((await h.rpc.call('identity.session.get', { user_id: user._id })).locale).toBe('en');
    });

    it('answers 401 for a user that does not exist', async () => {
      expect(await failure(h.rpc.call('identity.session.get', { user_id: 'usr-00000000000000000000' }))).toEqual({
        error: 'unauthorized',
        reason: 'Please login again',
        status: 401,
      });
    });
  });
});
