import type { PasswordResetReply } from '@app/proto';
import { backdate, ctxOf, failure, IdentityHarness, linkToken, newEmail, nextMail, registerUser, startIdentity } from '../testing/identity-harness';

// identity.password.* over NATS: the reset link (24 hours, once), the new password, the notice mail.
describe('identity password reset', () => {
  let h: IdentityHarness;
  const tokenMissing = { error: 'token_missing', reason: 'Token already used or expired, please request a new one', status: 404 };

  beforeAll(async () => {
    h = await startIdentity('password');
  });

  afterAll(async () => {
    await h?.close();
  });

  async function requestReset(email: string, to = email): Promise<string> {
    const seen = h.sink.to(to).length;
    expect(await h.rpc.call('identity.password.request', { email })).toEqual({ ok: true });
    const mail = await nextMail(h, to, seen);
    return linkToken(mail, 'password');
  }

  it('resets the password with the mailed link, confirms the e-mail and mails a notice', async () => {
    const { user, email, password } = await registerUser(h, { fullname: 'Bia' });
    await h.sink.waitFor(email);
    const seen = h.sink.to(email).length;
    expect(await h.rpc.call('identity.password.request', { email })).toEqual({ ok: true });
    const mail = await nextMail(h, email, seen);
    expect(mail.subject).toBe('Reset your ServiceDesk password');
    expect(mail.text).toContain(`${h.publicUrl}/user/password/`);
    const token = linkToken(mail, 'password');

    expect(await h.rpc.call('identity.password.reset', { token, password: 'brand-new-1', password_confirmation: 'brand-new-1' })).toEqual({ ok: true, user_id: user._id, revoked_token_ids: [] });
    expect((await failure(h.rpc.call('identity.session.login', { username: email, password }))).error).toBe('unauthorized');
    expect((await h.rpc.call('identity.session.login', { username: email, password: 'brand-new-1' })).user_id).toBe(user._id);
    const after = await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id });
    expect(after.confirmed_at).not.toBeNull();
    expect((await h.rpc.call('identity.session.get', { user_id: user._id })).confirmed).toBe(true);
    const notice = await h.sink.waitFor(email, (m) => m.subject === 'Your ServiceDesk password was changed');
    expect(notice.text).toContain('Hello Bia,');
  });

  it('revokes every active user token of the user (kept, inactive) and answers their ids with the user id', async () => {
    const { user, email } = await registerUser(h);
    const other = await registerUser(h);
    const post = (userId: string, description: string) =>
      h.rpc.call('identity.doc.post', { ctx: ctxOf(userId), doc: { klass: 'UserToken', description, permissions: ['read', 'write'] } });
    const secret = (reply: { doc?: unknown }) => (reply.doc as { token: string }).token;
    const [a, b, old] = [await post(user._id, 'a'), await post(user._id, 'b'), await post(user._id, 'old')];
    await h.rpc.call('identity.doc.put', { ctx: ctxOf(user._id), id: old.id, rev: old.rev, doc: { active: false } });
    const others = await post(other.user._id, 'other');
    await h.sink.waitFor(email);
    const token = await requestReset(email);

    const reply = (await h.rpc.call('identity.password.reset', { token, password: 'brand-new-1', password_confirmation: 'brand-new-1' })) as unknown as PasswordResetReply;
    expect({ ...reply, revoked_token_ids: [...reply.revoked_token_ids].sort() }).toEqual({ ok: true, user_id: user._id, revoked_token_ids: [a.id, b.id].sort() });
    for (const t of [a, b, old]) {
      expect(await failure(h.rpc.call('identity.token.verify', { token: secret(t) }))).toEqual({ error: 'unauthorized', reason: 'Please login again', status: 401 });
      expect(await h.rpc.call('identity.doc.get', { ctx: ctxOf(user._id), id: t.id })).toMatchObject({ klass: 'UserToken', active: false });
    }
    expect((await h.rpc.call('identity.token.verify', { token: secret(others) })).user_id).toBe(other.user._id);
  });

  it('answers an empty revoked_token_ids when the user has no active token', async () => {
    const { user, email } = await registerUser(h);
    await h.sink.waitFor(email);
    const token = await requestReset(email);
    expect(await h.rpc.call('identity.password.reset', { token, password: 'p1', password_confirmation: 'p1' })).toEqual({ ok: true, user_id: user._id, revoked_token_ids: [] });
  });

  it('mails the reset link in pt-BR to a pt-BR user', async () => {
    const { email } = await registerUser(h, { locale: 'pt-BR' });
    await h.sink.waitFor(email);
    const seen = h.sink.to(email).length;
    await h.rpc.call('identity.password.request', { email });
    expect((await nextMail(h, email, seen)).subject).toBe('Redefina sua senha do ServiceDesk');
  });

  it('lets a user registered without a password set one', async () => {
    const email = newEmail('nopass');
    await h.rpc.call('identity.user.register', { email, accept: true });
    await h.sink.waitFor(email);
    const token = await requestReset(email);
    await h.rpc.call('identity.password.reset', { token, password: 'first-pass', password_confirmation: 'first-pass' });
    expect((await h.rpc.call('identity.session.login', { username: email, password: 'first-pass' })).userCtx.roles).toHaveLength(2);
  });

  it('works once', async () => {
    const { email } = await registerUser(h);
    await h.sink.waitFor(email);
    const token = await requestReset(email);
    await h.rpc.call('identity.password.reset', { token, password: 'p1', password_confirmation: 'p1' });
    expect(await failure(h.rpc.call('identity.password.reset', { token, password: 'p2', password_confirmation: 'p2' }))).toEqual(tokenMissing);
  });

  it('expires after 24 hours', async () => {
    const { user, email } = await registerUser(h);
    await h.sink.waitFor(email);
    const token = await requestReset(email);
    await backdate(h.pool, user._id, 'reset_password_sent_at', 25);
    expect(await failure(h.rpc.call('identity.password.reset', { token, password: 'p1', password_confirmation: 'p1' }))).toEqual(tokenMissing);
  });

  it('still works within 24 hours', async () => {
    const { user, email } = await registerUser(h);
    await h.sink.waitFor(email);
    const token = await requestReset(email);
    await backdate(h.pool, user._id, 'reset_password_sent_at', 23);
    expect(await h.rpc.call('identity.password.reset', { token, password: 'p1', password_confirmation: 'p1' })).toMatchObject({ ok: true, user_id: user._id });
  });

  it('needs a password and a matching confirmation', async () => {
    const { email } = await registerUser(h);
    await h.sink.waitFor(email);
    const token = await requestReset(email);
    expect(await failure(h.rpc.call('identity.password.reset', { token }))).toEqual({ error: 'unprocessable_entity', reason: { password: 'cant-be-blank' }, status: 422 });
    expect((await failure(h.rpc.call('identity.password.reset', { token, password: 'a', password_confirmation: 'b' }))).reason).toEqual({
      password_confirmation: 'doesnt-match',
    });
    // the failed tries did not use the token up
    expect(await h.rpc.call('identity.password.reset', { token, password: 'a', password_confirmation: 'a' })).toMatchObject({ ok: true });
  });

  it('answers token_missing for an unknown token', async () => {
    expect(await failure(h.rpc.call('identity.password.reset', { token: 'nope', password: 'a', password_confirmation: 'a' }))).toEqual(tokenMissing);
  });

  it('answers ok for an unknown address without sending anything', async () => {
    const email = newEmail('ghost');
    expect(await h.rpc.call('identity.password.request', { email })).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(h.sink.to(email)).toHaveLength(0);
  });

  it('a link sent to a pending new address makes it the e-mail', async () => {
    const { user, email, password } = await registerUser(h, { confirm: true });
    const pending = newEmail('pending');
    const current = await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id });
    await h.rpc.call('identity.user.update', { ctx: ctxOf(user._id), id: user._id, rev: current._rev, body: { unconfirmed_email: pending, current_password: password } });
    await h.sink.waitFor(pending);
    const token = await requestReset(pending);
    await h.rpc.call('identity.password.reset', { token, password: 'p-new', password_confirmation: 'p-new' });
    expect(await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id, fields: ['email', 'unconfirmed_email'] })).toEqual({
      _id: user._id,
      email: pending,
      unconfirmed_email: null,
    });
    void email;
  });

  it('a link sent to the current e-mail leaves a pending change pending', async () => {
    const { user, email, password } = await registerUser(h, { confirm: true });
    const pending = newEmail('pending');
    const current = await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id });
    await h.rpc.call('identity.user.update', { ctx: ctxOf(user._id), id: user._id, rev: current._rev, body: { unconfirmed_email: pending, current_password: password } });
    const token = await requestReset(email);
    await h.rpc.call('identity.password.reset', { token, password: 'p-new', password_confirmation: 'p-new' });
    expect(await h.rpc.call('identity.user.get', { ctx: ctxOf(user._id), name: user._id, fields: ['email', 'unconfirmed_email'] })).toEqual({
      _id: user._id,
      email,
      unconfirmed_email: pending,
    });
  });
});
