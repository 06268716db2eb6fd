import { CallerContext, Doc } from '@app/proto';
import { AccountsHarness, ctxOf, failure, newUser, startAccounts, TestUser, waitForSeq } from '../testing/accounts-harness';

// What the accounts service answers about other people's addresses over NATS: a plain member gets none of them from
// documents, finds, write replies, the change feed, the group or the session roles; an administrator gets them all.
// And invitations to an address show (in the user's finds and session roles) only once it is confirmed.
describe('member privacy', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccounts('member_privacy');
  });

  afterAll(async () => {
    await h?.close();
  });

  const nameless = (opts: { confirmed?: boolean } = {}) => newUser({ fullname: '', ...opts });

  /** Memberships as stored before labels were masked: the member's and the inviter's label are their addresses. */
  async function storeLegacyLabels(accountId: string, inviterEmail: string): Promise<void> {
    await h.pool.query(
      `UPDATE accounts.documents SET body = jsonb_set(body, '{user,label}', body -> 'user' -> 'email')
       WHERE account_id = $1 AND klass = 'Subscription' AND body ? 'user'`,
      [accountId],
    );
    await h.pool.query(
      `UPDATE accounts.documents SET body = jsonb_set(body, '{invited_by,label}', to_jsonb($2::text))
       WHERE account_id = $1 AND klass = 'Subscription' AND body ? 'invited_by'`,
      [accountId, inviterEmail],
    );
  }

  async function groupWithMembers(opts: { legacy?: boolean } = {}) {
    const owner = nameless();
    const created = await h.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name: 'Private' });
    const id = created.id;
    const admin = ctxOf(owner, id, { admin: true });
    const join = async (user: TestUser) => {
      const inv = await h.rpc.call('accounts.doc.post', { ctx: admin, doc: { klass: 'Subscription', email: user.email } });
      return (await h.rpc.call('accounts.doc.update', { ctx: ctxOf(user, id), design: 'status', handler: 'accept', id: inv.id })).doc as Doc;
    };
    const bob = nameless();
    const carol = nameless();
    const bobSub = await join(bob);
    const carolSub = await join(carol);
    const invitee = `invitee-${Date.now()}@example.com`;
    const invitation = await h.rpc.call('accounts.doc.post', { ctx: admin, doc: { klass: 'Subscription', email: invitee } });
    const account = await h.rpc.call('accounts.account.get', { ctx: admin });
    const billing = `billing-${Date.now()}@example.com`;
    await h.rpc.call('accounts.account.update', { ctx: admin, rev: account._rev, body: { name: 'Private', billing_email: billing } });
    const billingSetting = `setting-${Date.now()}@example.com`;
    await h.rpc.call('accounts.doc.post', { ctx: admin, doc: { klass: 'AccountConfiguration', key: 'billing-email', value: billingSetting } });
    if (opts.legacy) await storeLegacyLabels(id, owner.email);
    return { id, owner, admin, bob, carol, bobSub, carolSub, ownerSub: created.subscription_id, invitee, invitationId: invitation.id, billing, billingSetting };
  }

  /** Everything a caller can read of the group from this service, as one text. */
  async function readAll(ctx: CallerContext, ids: string[]): Promise<string> {
    const answers: unknown[] = [
      await h.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'Subscription' } } }),
      await h.rpc.call('accounts.doc.find', { ctx, query: { selector: {}, limit: 1000 } }),
      await h.rpc.call('accounts.account.get', { ctx }),
      await h.rpc.call('accounts.changes.get', { ctx, include_docs: 'true', limit: 1000 }),
    ];
    for (const id of ids) answers.push(await h.rpc.call('accounts.doc.get', { ctx, id }));
    return JSON.stringify(answers);
  }

  it("a plain member reads no other member's, invitee's or billing address from documents, finds, the group or the change feed (also of memberships stored with addresses as labels)", async () => {
    const g = await groupWithMembers({ legacy: true });
    await waitForSeq(h, g.admin, 22);
    const seen = await readAll(ctxOf(g.bob, g.id), [g.ownerSub, g.carolSub._id, g.invitationId, g.id]);
    for (const address of [g.owner.email, g.carol.email, g.invitee, g.billing, g.billingSetting]) expect(seen).not.toContain(address);
    // the member's own membership shows their own address
    expect(await h.rpc.call('accounts.doc.get', { ctx: ctxOf(g.bob, g.id), id: g.bobSub._id })).toMatchObject({ email: g.bob.email, user: { email: g.bob.email } });
    // the administrator reads every one of them
    const asAdmin = await readAll(g.admin, [g.ownerSub, g.carolSub._id, g.invitationId]);
    for (const address of [g.bob.email, g.carol.email, g.invitee, g.billing, g.billingSetting]) expect(asAdmin).toContain(address);
  });

  it('new memberships store the full name, else a masked address, as the labels of the member and of the inviter', async () => {
    const g = await groupWithMembers();
    const stored = await h.pool.query<{ body: Doc }>(`SELECT body FROM accounts.documents WHERE account_id = $1 AND klass = 'Subscription'`, [g.id]);
    const text = JSON.stringify(stored.rows.map((r) => [r.body.user, r.body.invited_by]));
    expect(text).not.toMatch(/"label":"[^"…]+@/);
    expect(g.carolSub.user).toEqual({ _id: g.carol.user_id, email: g.carol.email, fullname: null, label: `${g.carol.email[0]}…@example.com` });
  });

  it('selecting or sorting on hidden fields finds only what the member may see (also in memberships stored with addresses as labels)', async () => {
    const g = await groupWithMembers({ legacy: true });
    const bob = ctxOf(g.bob, g.id);
    const find = (selector: Record<string, unknown>, extra: Record<string, unknown> = {}) => h.rpc.call('accounts.doc.find', { ctx: bob, query: { selector, ...extra } });
    // each probe, with someone's real address and with one nobody has, must find the same: no answer tells them apart
    const probes = (address: string, prefix: string) => [
      { klass: 'Subscription', email: address },
      { klass: 'Subscription', 'user.email': address },
      { klass: 'Subscription', 'user.label': address },
      { klass: 'Subscription', 'invited_by.label': { $regex: `^${prefix}` } },
      { klass: 'Subscription', user: { label: { $regex: `^${prefix}` } } },
      { klass: 'Subscription', $not: { 'user.label': address } },
      { klass: 'Subscription', $or: [{ 'user.email': address }, { status: 'pending' }] },
      { $not: { billing_email: address } },
      { klass: 'AccountConfiguration', value: address },
    ];
    const real = probes(g.carol.email, g.carol.email.split('@')[0]);
    const fake = probes('nobody@example.com', 'nobody');
    for (let i = 0; i < real.length; i++) {
      const ids = async (selector: Record<string, unknown>) => (await find(selector, { limit: 1000 })).docs.map((d) => d._id).sort();
      expect({ selector: real[i], found: await ids(real[i]) }).toEqual({ selector: real[i], found: await ids(fake[i]) });
    }
    for (const [selector, fakeSelector] of [
      [{ klass: 'Subscription', 'invited_by.label': g.owner.email }, { klass: 'Subscription', 'invited_by.label': 'nobody@example.com' }],
      [{ klass: 'Account', billing_email: g.billing }, { klass: 'Account', billing_email: 'nobody@example.com' }],
      [{ klass: 'AccountConfiguration', value: g.billingSetting }, { klass: 'AccountConfiguration', value: 'nobody@example.com' }],
    ]) {
      expect({ selector, found: (await find(selector)).docs }).toEqual({ selector, found: (await find(fakeSelector)).docs });
    }
    // sorting by an address orders only what is shown unchanged: the own membership and the invitation (no user)
    const sorted = await find({ klass: 'Subscription' }, { sort: [{ 'user.label': 'asc' }], limit: 1000 });
    expect(sorted.docs.map((d) => d._id)).toEqual([g.bobSub._id, g.invitationId]);
    // own address: own membership; with skip and limit applied to what is shown
    expect((await find({ klass: 'Subscription', email: g.bob.email }, { limit: 1 })).docs.map((d) => d._id)).toEqual([g.bobSub._id]);
    expect((await find({ klass: 'Subscription', 'user.email': { $exists: true } }, { sort: [{ 'user.email': 'asc' }] })).docs.map((d) => d._id)).toEqual([g.bobSub._id]);
    expect((await find({ klass: 'Subscription', email: g.bob.email }, { skip: 1 })).docs).toEqual([]);
  });

  it("a plain member's PUT of someone else's membership is refused even without changes, and write replies carry no other address", async () => {
    const g = await groupWithMembers();
    const bob = ctxOf(g.bob, g.id);
    expect(await failure(h.rpc.call('accounts.doc.put', { ctx: bob, id: g.carolSub._id, rev: g.carolSub._rev, doc: {} }))).toEqual({
      error: 'forbidden',
      reason: 'You are not allowed to access this data',
      status: 403,
    });
    const own = await h.rpc.call('accounts.doc.put', { ctx: bob, id: g.bobSub._id, rev: g.bobSub._rev, doc: { all_notifications: true } });
    const bookmark = await h.rpc.call('accounts.doc.update', { ctx: ctxOf(g.bob), design: 'bookmark', handler: 'true', id: g.bobSub._id });
    for (const reply of [own, bookmark]) expect(JSON.stringify(reply)).not.toContain(g.owner.email);
  });

  describe('invitations to an unconfirmed address', () => {
    it('are left out of the session roles unless the caller says the address is confirmed', async () => {
      const g = await groupWithMembers();
      const dan = nameless({ confirmed: false });
      await h.rpc.call('accounts.doc.post', { ctx: g.admin, doc: { klass: 'Subscription', email: dan.email } });
      expect(await h.rpc.call('accounts.roles.get', { user_id: dan.user_id, email: dan.email })).toEqual({ roles: [], memberships: [] });
      expect(await h.rpc.call('accounts.roles.get', { user_id: dan.user_id, email: dan.email, confirmed: false })).toEqual({ roles: [], memberships: [] });
      expect((await h.rpc.call('accounts.roles.get', { user_id: dan.user_id, email: dan.email, confirmed: true })).roles).toEqual([g.id]);
    });

    it("are not listed nor read in the user's own database, and cannot be accepted, until the address is confirmed", async () => {
      const g = await groupWithMembers();
      const dan = nameless({ confirmed: false });
      const inv = await h.rpc.call('accounts.doc.post', { ctx: g.admin, doc: { klass: 'Subscription', email: dan.email } });
      expect((await h.rpc.call('accounts.doc.find', { ctx: ctxOf(dan), query: { selector: { klass: 'Subscription' } } })).docs).toEqual([]);
      expect(await failure(h.rpc.call('accounts.doc.get', { ctx: ctxOf(dan), id: inv.id }))).toMatchObject({ status: 404 });
      expect(await failure(h.rpc.call('accounts.doc.update', { ctx: ctxOf(dan, g.id), design: 'status', handler: 'accept', id: inv.id }))).toMatchObject({ status: 403 });

      dan.confirmed = true;
      const listed = (await h.rpc.call('accounts.doc.find', { ctx: ctxOf(dan), query: { selector: { klass: 'Subscription' } } })).docs;
      expect(listed).toEqual([expect.objectContaining({ _id: inv.id, email: dan.email, status: 'pending', invited_by: expect.objectContaining({ label: `${g.owner.email[0]}…@example.com` }) })]);
      expect(await h.rpc.call('accounts.doc.get', { ctx: ctxOf(dan), id: inv.id })).toMatchObject({ _id: inv.id, email: dan.email });
      const accepted = await h.rpc.call('accounts.doc.update', { ctx: ctxOf(dan, g.id), design: 'status', handler: 'accept', id: inv.id });
      expect(accepted.doc).toMatchObject({ status: 'accepted', user_id: dan.user_id, email: dan.email });
      expect(JSON.stringify(accepted)).not.toContain(g.owner.email);
    });
  });

  it("an inviter without a full name is named by the masked address in the invitation mail", async () => {
    const g = await groupWithMembers();
    const erin = nameless();
    await h.rpc.call('accounts.doc.post', { ctx: g.admin, doc: { klass: 'Subscription', email: erin.email } });
    const mail = await h.sink.waitFor(erin.email);
    expect(mail.subject).toBe(`${g.owner.email[0]}…@example.com invited you to the group Private on ServiceDesk`);
    expect(mail.text + mail.html).not.toContain(g.owner.email);
  });
});
