import { AccountsHarness, ctxOf, failure, newUser, startAccounts, TestUser } from '../testing/accounts-harness';

// Invitations over NATS: an administrator with a confirmed e-mail invites an address, the mail goes out, the invitee
// accepts with a confirmed e-mail.
describe('invitations', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccounts('invitations');
  });

  afterAll(async () => {
    await h?.close();
  });

  async function group(owner: TestUser = newUser(), name = 'Repairs') {
    const res = await h.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name });
    return { id: res.id, owner, admin: ctxOf(owner, res.id, { admin: true }) };
  }

  const invite = (ctx: ReturnType<typeof ctxOf>, body: Record<string, unknown>) => h.rpc.call('accounts.doc.post', { ctx, doc: { klass: 'Subscription', ...body } });
  const accept = (user: TestUser, accountId: string, id: string) => h.rpc.call('accounts.doc.update', { ctx: ctxOf(user, accountId), design: 'status', handler: 'accept', id });

  it('creates a pending membership with invited_by and mails the invitee a link to their invites', async () => {
    const owner = newUser({ fullname: 'Ana Owner' });
    const g = await group(owner, 'Ana Repairs');
    const bob = newUser();
    const res = await invite(g.admin, { email: ` ${bob.email.toUpperCase()} `, report_view: true });
    expect(res.doc).toMatchObject({
      klass: 'Subscription',
      account_id: g.id,
      account_name: 'Ana Repairs',
      email: bob.email,
      status: 'pending',
      admin: false,
      report_view: true,
      invited_by_id: owner.user_id,
      invited_by: { _id: owner.user_id, label: 'Ana Owner', gravatar_hash: expect.any(String) },
      created_by: owner.user_id,
    });
    expect(res.doc).not.toHaveProperty('user_id');
    expect(res.doc).not.toHaveProperty('user');

    const mail = await h.sink.waitFor(bob.email);
    expect(mail.subject).toBe('Ana Owner invited you to the group Ana Repairs on ServiceDesk');
    expect(mail.text).toContain(`${h.publicUrl}/user/profile?page=invites`);
    expect(mail.text).toContain(bob.email);
    expect(mail.html).toContain('href="http://app.test/user/profile?page=invites"');
  });

  it("writes the mail in the inviter's locale (pt-BR)", async () => {
    const g = await group(newUser({ fullname: 'Bia', locale: 'pt-BR' }), 'Oficina');
    const carol = newUser();
    await invite(g.admin, { email: carol.email });
    const mail = await h.sink.waitFor(carol.email);
    expect(mail.subject).toBe('Bia convidou você para o grupo Oficina no ServiceDesk');
    expect(mail.text).toContain('Para aceitar');
  });

  it('needs an administrator with a confirmed e-mail', async () => {
    const g = await group();
    const bob = newUser();
    expect(await failure(invite(ctxOf(bob, g.id), { email: 'x@example.com' }))).toEqual({ error: 'forbidden', reason: 'You are not allowed to access this data', status: 403 });
    const unconfirmed = ctxOf({ ...g.owner, confirmed: false }, g.id, { admin: true });
    expect(await failure(invite(unconfirmed, { email: 'x@example.com' }))).toEqual({ error: 'forbidden', reason: 'You need to confirm your email to use this feature', status: 403 });
    const readOnly = ctxOf(g.owner, g.id, { admin: true, token: { id: 'utk-r', permissions: ['read'] } });
    expect((await failure(invite(readOnly, { email: 'x@example.com' }))).status).toBe(403);
  });

  it('validates the address and refuses one that is already a member or invited', async () => {
    const g = await group();
    expect(await failure(invite(g.admin, {}))).toEqual({ error: 'unprocessable_entity', reason: { email: 'cant-be-blank' }, status: 422 });
    expect((await failure(invite(g.admin, { email: 'not an address' }))).reason).toEqual({ email: 'is-invalid' });
    expect((await failure(invite(g.admin, { email: 'a@b.c', admin: 'yes' }))).reason).toEqual({ admin: 'is-invalid' });
    const taken = { error: 'unprocessable_entity', reason: { email: 'has-already-been-taken' }, status: 422 };
    expect(await failure(invite(g.admin, { email: g.owner.email }))).toEqual(taken);
    await invite(g.admin, { email: 'twice@example.com' });
    expect(await failure(invite(g.admin, { email: 'TWICE@example.com' }))).toEqual(taken);
    // racing invitations of one address: one wins
    const results = await Promise.allSettled([1, 2, 3].map(() => invite(g.admin, { email: 'race@example.com' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a second administrator in a Free group', async () => {
    const g = await group();
    expect(await failure(invite(g.admin, { email: 'boss@example.com', admin: true }))).toEqual({ error: 'forbidden', reason: 'Free Groups allow only one administrator', status: 403 });
  });

  describe('accept', () => {
    it('needs a confirmed e-mail; then the invitee is an accepted member with access', async () => {
      const g = await group();
      const bob = newUser({ confirmed: false });
      const inv = await invite(g.admin, { email: bob.email });
      expect(await failure(accept(bob, g.id, inv.id))).toEqual({ error: 'forbidden', reason: 'Please confirm your email first', status: 403 });
      expect((await failure(h.rpc.call('accounts.membership.resolve', { user_id: bob.user_id, account_id: g.id }))).status).toBe(403);

      bob.confirmed = true;
      const res = await accept(bob, g.id, inv.id);
      expect(res.doc).toMatchObject({ status: 'accepted', user_id: bob.user_id, user: { _id: bob.user_id, email: bob.email }, invited_by_id: g.owner.user_id });
      expect(await h.rpc.call('accounts.membership.resolve', { user_id: bob.user_id, account_id: g.id })).toMatchObject({ subscription_id: inv.id, admin: false });
      expect((await h.rpc.call('accounts.security.get', { ctx: g.admin })).members.roles).toEqual([bob.user_id]);
    });

    it('refuses accepting twice (409) and someone else\'s invitation (403); an unknown one is 404', async () => {
      const g = await group();
      const bob = newUser();
      const carol = newUser();
      const inv = await invite(g.admin, { email: bob.email });
      expect(await failure(accept(carol, g.id, inv.id))).toEqual({ error: 'forbidden', reason: 'You are not allowed to access this data', status: 403 });
      await accept(bob, g.id, inv.id);
      expect(await failure(accept(bob, g.id, inv.id))).toEqual({ error: 'conflict', reason: 'This invitation was already accepted', status: 409 });
      expect(await failure(accept(carol, g.id, inv.id))).toMatchObject({ status: 403 });
      expect(await failure(accept(bob, g.id, 'sub-nothing'))).toEqual({ error: 'subscription_not_found', reason: 'Could not find this Member subscription', status: 404 });
      const own = await invite(g.admin, { email: carol.email });
      expect((await accept(carol, g.id, own.id)).doc).toMatchObject({ status: 'accepted', user_id: carol.user_id });
    });

    it('a racing double accept succeeds once', async () => {
      const g = await group();
      const bob = newUser();
      const inv = await invite(g.admin, { email: bob.email });
      const results = await Promise.allSettled([accept(bob, g.id, inv.id), accept(bob, g.id, inv.id), accept(bob, g.id, inv.id)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    });

    it('joining a Free group counts against the 5 free groups', async () => {
      const bob = newUser();
      for (let i = 0; i < 5; i++) await group(bob, `Mine ${i}`);
      const g = await group();
      const inv = await invite(g.admin, { email: bob.email });
      expect(await failure(accept(bob, g.id, inv.id))).toEqual({ error: 'forbidden', reason: 'You can create or be member of up to 5 free Groups', status: 403 });
    });
  });
});
