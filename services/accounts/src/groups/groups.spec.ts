import { ACCOUNT_CONFIG_DEFAULTS } from '@app/proto';
import { AccountsHarness, ctxOf, failure, newUser, setPlan, startAccounts, TestUser } from '../testing/accounts-harness';

// accounts.account.* over NATS: creating groups (limits, defaults, the creator's membership), reading, editing the
// profile, corporate sub-groups.
describe('groups', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccounts('groups');
  });

  afterAll(async () => {
    await h?.close();
  });

  const create = (user: TestUser, name = 'Repair shop', parent?: string) =>
    h.rpc.call('accounts.account.create', { ctx: ctxOf(user, null), name, ...(parent ? { parent_account_id: parent } : {}) });

  it('answers accounts.health', async () => {
    expect(await h.rpc.call('accounts.health', {})).toMatchObject({ ok: true, service: 'accounts', checks: { database: 'ok' } });
  });

  it('creates a group: the creator is its accepted administrator member and in its admin roles', async () => {
    const ana = newUser();
    const created = await create(ana, '  Ana Repairs ');
    expect(created).toMatchObject({ ok: true, id: expect.stringMatching(/^acc-/), subscription_id: expect.stringMatching(/^sub-/) });
    expect(created.doc).toMatchObject({ _id: created.id, klass: 'Account', name: 'Ana Repairs', billing_email: null, created_by: ana.user_id, 'confirmed-plan': 'free' });

    const ctx = ctxOf(ana, created.id, { admin: true });
    const sub = await h.rpc.call('accounts.doc.get', { ctx, id: created.subscription_id });
    expect(sub).toMatchObject({
      klass: 'Subscription',
      account_id: created.id,
      account_name: 'Ana Repairs',
      user_id: ana.user_id,
      user: { _id: ana.user_id, email: ana.email, fullname: ana.fullname, label: ana.fullname },
      email: ana.email,
      status: 'accepted',
      admin: true,
      report_view: true,
      bookmark: false,
    });
    expect(await h.rpc.call('accounts.security.get', { ctx })).toEqual({ admins: { roles: [ana.user_id] }, members: { roles: [] } });
    expect(await h.rpc.call('accounts.membership.resolve', { user_id: ana.user_id, account_id: created.id })).toEqual({
      subscription_id: created.subscription_id,
      admin: true,
      status: 'accepted',
      report_view: true,
      account_name: 'Ana Repairs',
      parent_account_id: null,
      modules: { budget: true, rdisk: true, textnotes: true, exoreader: false },
    });
  });

  it('stores the configuration defaults with the creator and the creation time', async () => {
    const ana = newUser();
    const { id, doc } = await create(ana);
    const { docs } = await h.rpc.call('accounts.doc.find', { ctx: ctxOf(ana, id, { admin: true }), query: { selector: { klass: 'AccountConfiguration' }, limit: 100 } });
    const values = Object.fromEntries(docs.map((d) => [d.key, d.value]));
    expect(values).toEqual({ ...ACCOUNT_CONFIG_DEFAULTS, 'created-by': ana.user_id, 'created-at': doc!.created_at, admin: ana.user_id });
    expect(values).toMatchObject({ budget: true, rdisk: true, textnotes: true, billing: false, checklist: false, 'contract-receipt': 'on-demand', 'confirmed-plan': 'free' });
  });

  it('needs a name', async () => {
    const ana = newUser();
    for (const name of ['', '   ', null, undefined]) {
      expect(await failure(h.rpc.call('accounts.account.create', { ctx: ctxOf(ana, null), name }))).toEqual({ error: 'unprocessable_entity', reason: { name: 'cant-be-blank' }, status: 422 });
    }
    expect((await failure(h.rpc.call('accounts.account.create', { ctx: ctxOf(ana, null), name: 42 }))).reason).toEqual({ name: 'is-invalid' });
  });

  it('needs a signed-in caller and a token that may write', async () => {
    const ana = newUser();
    const anonymous = { ...ctxOf(ana, null), user_id: null, user: undefined };
    expect((await failure(h.rpc.call('accounts.account.create', { ctx: anonymous, name: 'x' }))).status).toBe(401);
    const readOnly = ctxOf(ana, null, { token: { id: 'utk-1', permissions: ['read'] } });
    expect((await failure(h.rpc.call('accounts.account.create', { ctx: readOnly, name: 'x' }))).status).toBe(403);
  });

  it('allows 1 free group until the e-mail is confirmed', async () => {
    const bob = newUser({ confirmed: false });
    await create(bob, 'First');
    expect(await failure(create(bob, 'Second'))).toEqual({ error: 'forbidden', reason: 'You can have only 1 free Group, confirm your email for more', status: 403 });
  });

  it('allows up to 5 free groups once confirmed, also when the creations race', async () => {
    const carol = newUser();
    await create(carol, 'One');
    const results = await Promise.allSettled([2, 3, 4, 5, 6, 7].map((i) => create(carol, `Group ${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.reason).toMatchObject({ error: 'forbidden', reason: 'You can create or be member of up to 5 free Groups' });
  });

  it('does not count paid groups against the free limit', async () => {
    const dan = newUser({ confirmed: false });
    const first = await create(dan, 'Paid');
    await setPlan(h.pool, first.id, 'pro');
    await create(dan, 'Free one');
    expect((await failure(create(dan, 'Free two'))).reason).toBe('You can have only 1 free Group, confirm your email for more');
  });

  it('reads a group (GET /accounts/{account_id}) with fields', async () => {
    const ana = newUser();
    const { id } = await create(ana, 'Readable');
    const ctx = ctxOf(ana, id, { admin: true });
    expect(await h.rpc.call('accounts.account.get', { ctx })).toMatchObject({ _id: id, name: 'Readable', 'confirmed-plan': 'free' });
    expect(await h.rpc.call('accounts.account.get', { ctx, fields: ['name'] })).toEqual({ _id: id, name: 'Readable' });
    expect(await failure(h.rpc.call('accounts.account.get', { ctx: ctxOf(ana, 'acc-missing', { admin: true }) }))).toEqual({ error: 'not_found', reason: 'missing', status: 404 });
    expect((await failure(h.rpc.call('accounts.account.get', { ctx: ctxOf(ana, ana.user_id) }))).status).toBe(403);
  });

  describe('profile', () => {
    it('administrators edit the name (required) and the billing e-mail (text); memberships follow the name', async () => {
      const ana = newUser();
      const { id, doc, subscription_id } = await create(ana, 'Old name');
      const ctx = ctxOf(ana, id, { admin: true });
      const res = await h.rpc.call('accounts.account.update', { ctx, rev: doc!._rev as string, body: { name: 'New name', billing_email: ' billing@example.com ' } });
      expect(res.doc).toMatchObject({ name: 'New name', billing_email: 'billing@example.com', 'confirmed-plan': 'free' });
      expect((await h.rpc.call('accounts.doc.get', { ctx, id: subscription_id })).account_name).toBe('New name');

      // also as a document PUT of the acc- id, and a blank name is refused
      const again = await h.rpc.call('accounts.doc.put', { ctx, id, rev: res.rev, doc: { ...res.doc, billing_email: '' } });
      expect(again.doc).toMatchObject({ name: 'New name', billing_email: null });
      expect(await failure(h.rpc.call('accounts.account.update', { ctx, rev: again.rev, body: { name: ' ' } }))).toEqual({ error: 'unprocessable_entity', reason: { name: 'cant-be-blank' }, status: 422 });
      expect((await failure(h.rpc.call('accounts.account.update', { ctx, rev: again.rev, body: { billing_email: 5 } }))).reason).toEqual({ billing_email: 'is-invalid' });
      expect(await failure(h.rpc.call('accounts.account.update', { ctx, rev: doc!._rev as string, body: { name: 'Stale' } }))).toEqual({ error: 'conflict', reason: 'Record updated by someone else, please refresh', status: 409 });
    });

    it('refuses a billing e-mail that is not one plain address (422 {billing_email: is-invalid}) and keeps the stored one', async () => {
      const ana = newUser();
      const { id, doc } = await create(ana, 'Shop');
      const ctx = ctxOf(ana, id, { admin: true });
      const saved = await h.rpc.call('accounts.account.update', { ctx, rev: doc!._rev as string, body: { billing_email: 'pay@shop.com' } });
      for (const bad of ['abc', 'pay@shop', 'Ana <pay@shop.com>']) {
        expect(await failure(h.rpc.call('accounts.account.update', { ctx, rev: saved.rev, body: { billing_email: bad } }))).toEqual({ error: 'unprocessable_entity', reason: { billing_email: 'is-invalid' }, status: 422 });
        expect((await failure(h.rpc.call('accounts.doc.put', { ctx, id, rev: saved.rev, doc: { ...saved.doc, billing_email: bad } }))).reason).toEqual({ billing_email: 'is-invalid' });
      }
      expect(await h.rpc.call('accounts.account.get', { ctx })).toMatchObject({ _rev: saved.rev, billing_email: 'pay@shop.com' });
    });

    it('is refused to members who are not administrators', async () => {
      const ana = newUser();
      const { id, doc } = await create(ana, 'Shop');
      const member = ctxOf(newUser(), id, { admin: false });
      expect(await failure(h.rpc.call('accounts.account.update', { ctx: member, rev: doc!._rev as string, body: { name: 'Mine' } }))).toEqual({ error: 'forbidden', reason: 'You are not allowed to access this data', status: 403 });
      expect((await failure(h.rpc.call('accounts.doc.put', { ctx: member, id, rev: doc!._rev as string, doc: { name: 'Mine' } }))).status).toBe(403);
      expect((await failure(h.rpc.call('accounts.doc.delete', { ctx: ctxOf(ana, id, { admin: true }), id, rev: doc!._rev as string }))).status).toBe(403);
      expect((await failure(h.rpc.call('accounts.doc.post', { ctx: ctxOf(ana, id, { admin: true }), doc: { klass: 'Account', name: 'x' } }))).status).toBe(400);
    });
  });

  describe('corporate sub-groups', () => {
    it('only a corporate group with no parent has sub-groups; its members reach them with their admin setting', async () => {
      const owner = newUser();
      const member = newUser();
      const corp = await create(owner, 'Corp');
      expect(await failure(create(owner, 'Child', corp.id))).toEqual({ error: 'forbidden', reason: 'Sub groups exist only for corporate accounts with no parent', status: 403 });
      await setPlan(h.pool, corp.id, 'corp');

      // a plain member of the parent
      const inv = await h.rpc.call('accounts.doc.post', { ctx: ctxOf(owner, corp.id, { admin: true }), doc: { klass: 'Subscription', email: member.email } });
      await h.rpc.call('accounts.doc.update', { ctx: ctxOf(member, corp.id), design: 'status', handler: 'accept', id: inv.id });

      // members who are not administrators of the parent cannot add sub-groups
      expect((await failure(create(member, 'Nope', corp.id))).status).toBe(403);

      const child = await create(owner, 'Child', corp.id);
      expect(child.doc).toMatchObject({ name: 'Child', 'confirmed-plan': 'corp' });
      expect(await h.rpc.call('accounts.account.children', { ctx: ctxOf(owner, corp.id, { admin: true }) })).toEqual({ docs: [{ _id: child.id, name: 'Child' }] });

      // the parent's member reaches the child through the parent's membership; only admin is copied
      expect(await h.rpc.call('accounts.membership.resolve', { user_id: member.user_id, account_id: child.id })).toEqual({
        subscription_id: inv.id,
        admin: false,
        status: 'accepted',
        report_view: false,
        account_name: 'Child',
        parent_account_id: corp.id,
        modules: { budget: true, rdisk: true, textnotes: true, exoreader: false },
      });
      const security = await h.rpc.call('accounts.security.get', { ctx: ctxOf(owner, child.id, { admin: true }) });
      expect(security.admins.roles).toEqual([owner.user_id]);
      expect(security.members.roles).toEqual([member.user_id]);

      // a sub-group has no sub-groups, and does not count as a free group
      expect((await failure(create(owner, 'Grandchild', child.id))).reason).toBe('Sub groups exist only for corporate accounts with no parent');
      expect((await failure(h.rpc.call('accounts.membership.resolve', { user_id: newUser().user_id, account_id: child.id }))).reason).toBe(
        'You need a subscription to access this Group',
      );
    });

    it('parent-account-id may be set by an administrator of both groups, to a corporate group with no parent', async () => {
      const owner = newUser();
      const corp = await create(owner, 'Corp 2');
      const other = await create(owner, 'Other');
      const ctx = ctxOf(owner, other.id, { admin: true });
      const post = (value: unknown) => h.rpc.call('accounts.doc.post', { ctx, doc: { klass: 'AccountConfiguration', key: 'parent-account-id', value } });
      expect((await failure(post(corp.id))).reason).toBe('Sub groups exist only for corporate accounts with no parent');
      await setPlan(h.pool, corp.id, 'corp');
      expect((await failure(post(other.id))).reason).toBe('Sub groups exist only for corporate accounts with no parent');
      expect((await failure(post('not-an-id'))).reason).toEqual({ value: 'is-invalid' });
      const stranger = await create(newUser(), 'Stranger corp');
      await setPlan(h.pool, stranger.id, 'corp');
      expect(await failure(post(stranger.id))).toEqual({ error: 'forbidden', reason: 'You are not allowed to access this data', status: 403 });
      await post(corp.id);
      expect((await h.rpc.call('accounts.account.children', { ctx: ctxOf(owner, corp.id, { admin: true }) })).docs.map((d) => d._id)).toEqual([other.id]);
    });
  });
});
