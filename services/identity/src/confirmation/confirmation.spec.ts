import { ctxOf, failure, IdentityHarness, linkToken, newEmail, nextMail, registerUser, startIdentity } from '../testing/identity-harness';

// identity.confirmation.* over NATS: confirming with the mailed link, once, and asking for a new link.
describe('identity e-mail confirmation', () => {
  let h: IdentityHarness;
  const tokenMissing = { error: 'token_missing', reason: 'Token already used or expired, please request a new one', status: 404 };

  beforeAll(async () => {
    h = await startIdentity('confirmation');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('confirms with the mailed token, once', async () => {
    const { user, email } = await registerUser(h);
    const token = linkToken(await h.sink.waitFor(email), 'confirm');
    expect(await h.rpc.call('identity.confirmation.confirm', { token })).toEqual({ ok: true });
    const after = await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id });
    expect(after.confirmed_at).not.toBeNull();
    expect(after.email).toBe(email);
    expect(await failure(h.rpc.call('identity.confirmation.confirm', { token }))).toEqual(tokenMissing);
  });

  it('answers token_missing for an unknown token', async () => {
    expect(await failure(h.rpc.call('identity.confirmation.confirm', { token: 'made-up' }))).toEqual(tokenMissing);
    expect(await failure(h.rpc.call('identity.confirmation.confirm', { token: '' }))).toEqual(tokenMissing);
  });

  it('lets one of two concurrent uses of a token through', async () => {
    const { email } = await registerUser(h);
    const token = linkToken(await h.sink.waitFor(email), 'confirm');
    const results = await Promise.allSettled([1, 2, 3].map(() => h.rpc.call('identity.confirmation.confirm', { token })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ error: 'token_missing' });
  });

  it('sends a new link on request, and the old one stops working', async () => {
    const { email } = await registerUser(h, { locale: 'pt-BR' });
    const first = linkToken(await h.sink.waitFor(email), 'confirm');
    const seen = h.sink.to(email).length;
    expect(await h.rpc.call('identity.confirmation.request', { email: email.toUpperCase() })).toEqual({ ok: true });
    const mail = await nextMail(h, email, seen);
    expect(mail.subject).toBe('Confirme seu e-mail no ServiceDesk');
    const second = linkToken(mail, 'confirm');
    expect(second).not.toBe(first);
    expect((await failure(h.rpc.call('identity.confirmation.confirm', { token: first }))).error).toBe('token_missing');
    expect(await h.rpc.call('identity.confirmation.confirm', { token: second })).toEqual({ ok: true });
  });

  it('answers ok for an unknown or already confirmed address, sending nothing', async () => {
    const unknown = newEmail('unknown');
    expect(await h.rpc.call('identity.confirmation.request', { email: unknown })).toEqual({ ok: true });
    const { email } = await registerUser(h, { confirm: true });
    const seen = h.sink.to(email).length;
    expect(await h.rpc.call('identity.confirmation.request', { email })).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(h.sink.to(unknown)).toHaveLength(0);
    expect(h.sink.to(email)).toHaveLength(seen);
  });

  it('resends to a pending new address', async () => {
    const { user, email, password } = await registerUser(h, { confirm: true });
    const pending = newEmail('pending');
    const current = await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id });
    await h.rpc.call('identity.user.update', { ctx: ctxOf(user._id), id: user._id, rev: current._rev, body: { unconfirmed_email: pending, current_password: password } });
    await h.sink.waitFor(pending);
    const seen = h.sink.to(pending).length;
    await h.rpc.call('identity.confirmation.request', { email });
    const mail = await nextMail(h, pending, seen);
    await h.rpc.call('identity.confirmation.confirm', { token: linkToken(mail, 'confirm') });
    expect((await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id })).email).toBe(pending);
  });

  it('needs an e-mail to resend to', async () => {
    expect(await failure(h.rpc.call('identity.confirmation.request', {}))).toEqual({ error: 'unprocessable_entity', reason: { email: 'cant-be-blank' }, status: 422 });
  });

  it('refuses an address list or a display name with is-invalid, for a resend and a password reset alike', async () => {
    const { email } = await registerUser(h);
    for (const subject of ['identity.confirmation.request', 'identity.password.request'] as const) {
      for (const bad of [`${email},${newEmail('other')}`, `Boss <${email}>`]) {
        expect(await failure(h.rpc.call(subject, { email: bad }))).toEqual({ error: 'unprocessable_entity', reason: { email: 'is-invalid' }, status: 422 });
      }
    }
  });
});
