import { Doc } from '@app/proto';
import { AccountsHarness, ctxOf, failure, newUser, setPlan, sleep, startAccounts, TestUser } from '../testing/accounts-harness';

// Memberships over NATS: the gateway's resolve, session roles, the members list, the user's memberships across
// groups, PUT of the flags, DELETE, bookmarks.
describe('memberships', () => {
  let h: AccountsHarness;

  beforeAll(async () => {
    h = await startAccounts('memberships');
  });

  afterAll(async () => {
    await h?.close();
  });

  interface Group {
    id: string;
    owner: TestUser;
    ownerSub: string;
    admin: ReturnType<typeof ctxOf>;
  }

  async function group(name = 'Shop', owner = newUser()): Promise<Group> {
    const res = await h.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name });
    return { id: res.id, owner, ownerSub: res.subscription_id, admin: ctxOf(owner, res.id, { admin: true }) };
  }

  /** Invites `user` and has them accept: the accepted membership. */
  async function join(g: Group, user: TestUser, opts: { admin?: boolean; report_view?: boolean } = {}): Promise<Doc> {
    const inv = await h.rpc.call('accounts.doc.post', { ctx: g.admin, doc: { klass: 'Subscription', email: user.email, ...opts } });
    return (await h.rpc.call('accounts.doc.update', { ctx: ctxOf(user, g.id), design: 'status', handler: 'accept', id: inv.id })).doc as Doc;
  }

  const member = (g: Group, user: TestUser, admin = false) => ctxOf(user, g.id, { admin });

  describe('resolve (the gateway tenancy check)', () => {
    it('answers an accepted membership and 403 without one; a pending invitation gives no access', async () => {
      const g = await group('Resolve');
      const bob = newUser();
      const stranger = newUser();
      const needSubscription = { error: 'forbidden', reason: 'You need a subscription to access this Group', status: 403 };
      expect(await failure(h.rpc.call('accounts.membership.resolve', { user_id: stranger.user_id, account_id: g.id }))).toEqual(needSubscription);
      expect(await failure(h.rpc.call('accounts.membership.resolve', { user_id: stranger.user_id, account_id: 'acc-nothing' }))).toEqual(needSubscription);
      expect(await failure(h.rpc.call('accounts.membership.resolve', { user_id: stranger.user_id, account_id: stranger.user_id }))).toEqual(needSubscription);

      const inv = await h.rpc.call('accounts.doc.post', { ctx: g.admin, doc: { klass: 'Subscription', email: bob.email, report_view: true } });
      expect(await failure(h.rpc.call('accounts.membership.resolve', { user_id: bob.user_id, account_id: g.id }))).toEqual(needSubscription);
      await h.rpc.call('accounts.doc.update', { ctx: ctxOf(bob, g.id), design: 'status', handler: 'accept', id: inv.id });
      expect(await h.rpc.call('accounts.membership.resolve', { user_id: bob.user_id, account_id: g.id })).toEqual({
        subscription_id: inv.id,
        admin: false,
        status: 'accepted',
        report_view: true,
        account_name: 'Resolve',
        parent_account_id: null,
        // a new group's module switches (spec §3): the reader off
        modules: { budget: true, rdisk: true, textnotes: true, exoreader: false },
      });
    });

    it('answers the group’s module switches as its settings say, for the gateway to refuse a switched-off module (issue 26 #5)', async () => {
      const g = await group('Switches');
      const settings = await h.rpc.call('accounts.doc.find', { ctx: g.admin, query: { selector: { klass: 'AccountConfiguration', key: { $in: ['exoreader', 'budget'] } } } });
      for (const doc of settings.docs) {
        await h.rpc.call('accounts.doc.put', { ctx: g.admin, id: doc._id, rev: String(doc._rev), doc: { ...doc, value: doc.key === 'exoreader' } });
      }
      expect((await h.rpc.call('accounts.membership.resolve', { user_id: g.admin.user_id!, account_id: g.id })).modules).toEqual({ budget: false, rdisk: true, textnotes: true, exoreader: true });
    });
  });

  describe('session roles', () => {
    it('lists the acc- ids of accepted memberships and of pending invitations (by confirmed address)', async () => {
      const bob = newUser();
      const a = await group('A');
      const b = await group('B');
      await join(a, bob);
      await h.rpc.call('accounts.doc.post', { ctx: b.admin, doc: { klass: 'Subscription', email: bob.email.toUpperCase() } });
      const roles = await h.rpc.call('accounts.roles.get', { user_id: bob.user_id, email: bob.email, confirmed: true });
      expect(roles.roles.sort()).toEqual([a.id, b.id].sort());
      expect(roles.memberships.find((m) => m.account_id === b.id)).toMatchObject({ status: 'pending', account_name: 'B', bookmark: false });
      expect(roles.memberships.find((m) => m.account_id === a.id)).toMatchObject({ status: 'accepted', account_name: 'A' });
      // without the address, or with one not confirmed, only what is tied to the user id
      expect((await h.rpc.call('accounts.roles.get', { user_id: bob.user_id })).roles).toEqual([a.id]);
      expect((await h.rpc.call('accounts.roles.get', { user_id: bob.user_id, email: bob.email })).roles).toEqual([a.id]);
    });
  });

  describe('find', () => {
    it("lists an account's members with their user; e-mails only for administrators and oneself", async () => {
      const g = await group('Members');
      const bob = newUser();
      const carol = newUser();
      await join(g, bob);
      await join(g, carol);
      await h.rpc.call('accounts.doc.post', { ctx: g.admin, doc: { klass: 'Subscription', email: 'pending@example.com' } });
      const query = { selector: { klass: 'Subscription', user_id: { $ne: null } }, sort: [{ created_at: 'asc' as const }] };

      const asAdmin = await h.rpc.call('accounts.doc.find', { ctx: g.admin, query });
      expect(asAdmin.docs.map((d) => d.user_id)).toEqual([g.owner.user_id, bob.user_id, carol.user_id]);
      expect(asAdmin.docs.map((d) => (d.user as { email: string }).email)).toEqual([g.owner.email, bob.email, carol.email]);

      const asBob = await h.rpc.call('accounts.doc.find', { ctx: member(g, bob), query });
      expect(asBob.docs).toHaveLength(3);
      const own = asBob.docs.find((d) => d.user_id === bob.user_id)!;
      expect(own.email).toBe(bob.email);
      for (const d of asBob.docs.filter((x) => x.user_id !== bob.user_id)) {
        expect(d.email).toBeUndefined();
        expect(d.user).toEqual({ _id: d.user_id, fullname: expect.any(String), label: expect.any(String) });
      }
      // the user's own membership by e-mail (limit 1)
      const mine = await h.rpc.call('accounts.doc.find', { ctx: member(g, bob), query: { selector: { klass: 'Subscription', email: bob.email }, limit: 1 } });
      expect(mine.docs.map((d) => d._id)).toEqual([own._id]);
      // nor can a member learn whether someone else's address is a member by selecting on it
      const probe = await h.rpc.call('accounts.doc.find', { ctx: member(g, bob), query: { selector: { klass: 'Subscription', 'user.email': carol.email } } });
      expect(probe.docs).toEqual([]);
      expect((await h.rpc.call('accounts.doc.find', { ctx: g.admin, query: { selector: { klass: 'Subscription', 'user.email': carol.email } } })).docs).toHaveLength(1);
    });

    it("lists the user's memberships across groups in their own db: bookmarked first, then newest first", async () => {
      const bob = newUser();
      const groups: Group[] = [];
      for (const name of ['First', 'Second', 'Third']) {
        groups.push(await group(name));
        await sleep(5);
      }
      const subs: Doc[] = [];
      for (const g of groups) subs.push(await join(g, bob));
      const pending = await group('Invites');
      await h.rpc.call('accounts.doc.post', { ctx: pending.admin, doc: { klass: 'Subscription', email: bob.email } });

      const ctx = ctxOf(bob);
      const find = (selector: Record<string, unknown> = { klass: 'Subscription' }) =>
        h.rpc.call('accounts.doc.find', { ctx, query: { selector, sort: [{ created_at: 'desc' }], fields: ['_id', 'account_name', 'status', 'bookmark'] } });
      expect((await find()).docs.map((d) => d.account_name)).toEqual(['Invites', 'Third', 'Second', 'First']);

      await h.rpc.call('accounts.doc.update', { ctx, design: 'bookmark', handler: 'true', id: subs[0]._id });
      const listed = (await find()).docs;
      expect(listed.map((d) => d.account_name)).toEqual(['First', 'Invites', 'Third', 'Second']);
      expect(listed[0]).toEqual({ _id: subs[0]._id, account_name: 'First', status: 'accepted', bookmark: true });
      expect((await find({ klass: 'Subscription', status: 'pending' })).docs.map((d) => d.account_name)).toEqual(['Invites']);

      // someone else's db is not theirs; another klass is not found here
      expect((await failure(h.rpc.call('accounts.doc.find', { ctx: ctxOf(bob, newUser().user_id), query: { selector: { klass: 'Subscription' } } }))).status).toBe(403);
      expect((await failure(h.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'AccountConfiguration' } } }))).status).toBe(400);
      // a single own membership from the user db; another's is missing
      expect((await h.rpc.call('accounts.doc.get', { ctx, id: subs[1]._id }))._id).toBe(subs[1]._id);
      expect(await failure(h.rpc.call('accounts.doc.get', { ctx, id: groups[0].ownerSub }))).toEqual({ error: 'not_found', reason: 'missing', status: 404 });
    });
  });

  describe('PUT', () => {
    it('the member changes their own notification flags; other fields are not theirs', async () => {
      const g = await group();
      const bob = newUser();
      const sub = await join(g, bob);
      const res = await h.rpc.call('accounts.doc.put', {
        ctx: member(g, bob),
        id: sub._id,
        rev: sub._rev,
        doc: { ...sub, all_notifications: true, ticket_created: false, comment_created: false, status: 'pending', email: 'x@y.z', account_name: 'Hacked' },
      });
      expect(res.doc).toMatchObject({ all_notifications: true, ticket_created: false, comment_created: false, status: 'accepted', email: bob.email, account_name: 'Shop' });
      // from the profile, addressed by the user's db
      const again = await h.rpc.call('accounts.doc.put', { ctx: ctxOf(bob), id: sub._id, rev: res.rev, doc: { all_notifications: false } });
      expect(again.doc).toMatchObject({ all_notifications: false, user_id: bob.user_id });
      expect((await failure(h.rpc.call('accounts.doc.put', { ctx: member(g, bob), id: sub._id, rev: again.rev, doc: { ticket_created: 'yes' } }))).reason).toEqual({ ticket_created: 'is-invalid' });
      expect((await failure(h.rpc.call('accounts.doc.put', { ctx: member(g, bob), id: sub._id, rev: sub._rev, doc: { ticket_created: true } }))).status).toBe(409);
    });

    it('another member cannot; an administrator can, and sets admin and report_view', async () => {
      const g = await group();
      const bob = newUser();
      const carol = newUser();
      const bobSub = await join(g, bob);
      await join(g, carol);
      const forbidden = { error: 'forbidden', reason: 'You are not allowed to access this data', status: 403 };
      expect(await failure(h.rpc.call('accounts.doc.put', { ctx: member(g, carol), id: bobSub._id, rev: bobSub._rev, doc: { all_notifications: true } }))).toEqual(forbidden);
      // a member cannot give themselves reports or administration
      expect(await failure(h.rpc.call('accounts.doc.put', { ctx: member(g, bob), id: bobSub._id, rev: bobSub._rev, doc: { report_view: true } }))).toEqual(forbidden);
      expect(await failure(h.rpc.call('accounts.doc.put', { ctx: member(g, bob), id: bobSub._id, rev: bobSub._rev, doc: { admin: true } }))).toEqual(forbidden);

      const res = await h.rpc.call('accounts.doc.put', { ctx: g.admin, id: bobSub._id, rev: bobSub._rev, doc: { report_view: true, all_notifications: true } });
      expect(res.doc).toMatchObject({ report_view: true, all_notifications: true, admin: false });
      expect((await h.rpc.call('accounts.membership.resolve', { user_id: bob.user_id, account_id: g.id })).report_view).toBe(true);
    });

    it('Free groups allow only one administrator; a paid group allows more; the creator stays an administrator', async () => {
      const g = await group();
      const bob = newUser();
      const bobSub = await join(g, bob);
      expect(await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: bobSub._id, rev: bobSub._rev, doc: { admin: true } }))).toEqual({
        error: 'forbidden',
        reason: 'Free Groups allow only one administrator',
        status: 403,
      });
      await setPlan(h.pool, g.id, 'pro');
      const promoted = await h.rpc.call('accounts.doc.put', { ctx: g.admin, id: bobSub._id, rev: bobSub._rev, doc: { admin: true } });
      expect(promoted.doc).toMatchObject({ admin: true });
      expect((await h.rpc.call('accounts.security.get', { ctx: g.admin })).admins.roles.sort()).toEqual([g.owner.user_id, bob.user_id].sort());

      const ownerSub = await h.rpc.call('accounts.doc.get', { ctx: g.admin, id: g.ownerSub });
      expect(await failure(h.rpc.call('accounts.doc.put', { ctx: member(g, bob, true), id: g.ownerSub, rev: ownerSub._rev, doc: { admin: false } }))).toEqual({
        error: 'forbidden',
        reason: 'The group creator cannot be removed and must stay an administrator',
        status: 403,
      });
      // nobody changes their own administration
      expect((await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: g.ownerSub, rev: ownerSub._rev, doc: { admin: false } }))).reason).toBe(
        'You cannot change your own administrator or report access',
      );
      // the second administrator can be demoted by the first
      const demoted = await h.rpc.call('accounts.doc.put', { ctx: g.admin, id: bobSub._id, rev: promoted.rev, doc: { admin: false } });
      expect(demoted.doc).toMatchObject({ admin: false });
    });

    it('an unknown subscription is not_found/missing', async () => {
      const g = await group();
      expect(await failure(h.rpc.call('accounts.doc.put', { ctx: g.admin, id: 'sub-nothing', rev: '1-x', doc: { all_notifications: true } }))).toEqual({
        error: 'not_found',
        reason: 'missing',
        status: 404,
      });
      expect(await failure(h.rpc.call('accounts.doc.get', { ctx: g.admin, id: 'sub-nothing' }))).toEqual({ error: 'not_found', reason: 'missing', status: 404 });
      expect((await failure(h.rpc.call('accounts.doc.delete', { ctx: g.admin, id: 'sub-nothing', rev: '1-x' }))).status).toBe(404);
    });
  });

  describe('DELETE', () => {
    it('nobody deletes their own membership; members cannot remove others; the creator cannot be removed', async () => {
      const g = await group();
      const bob = newUser();
      const carol = newUser();
      const bobSub = await join(g, bob);
      const carolSub = await join(g, carol);
      const ownerSub = await h.rpc.call('accounts.doc.get', { ctx: g.admin, id: g.ownerSub });
      const own = { error: 'forbidden', reason: 'You cannot delete your own subscription', status: 403 };
      expect(await failure(h.rpc.call('accounts.doc.delete', { ctx: member(g, bob), id: bobSub._id, rev: bobSub._rev }))).toEqual(own);
      expect(await failure(h.rpc.call('accounts.doc.delete', { ctx: g.admin, id: g.ownerSub, rev: ownerSub._rev }))).toEqual(own);
      expect(await failure(h.rpc.call('accounts.doc.delete', { ctx: ctxOf(bob), id: bobSub._id, rev: bobSub._rev }))).toEqual(own);
      expect(await failure(h.rpc.call('accounts.doc.delete', { ctx: member(g, bob), id: carolSub._id, rev: carolSub._rev }))).toEqual({
        error: 'forbidden',
        reason: 'You are not allowed to access this data',
        status: 403,
      });
      await setPlan(h.pool, g.id, 'pro');
      const promoted = await h.rpc.call('accounts.doc.put', { ctx: g.admin, id: bobSub._id, rev: bobSub._rev, doc: { admin: true } });
      expect((await failure(h.rpc.call('accounts.doc.delete', { ctx: member(g, bob, true), id: g.ownerSub, rev: ownerSub._rev }))).reason).toBe(
        'The group creator cannot be removed and must stay an administrator',
      );

      // an administrator removes a member, who then has no access
      const removed = await h.rpc.call('accounts.doc.delete', { ctx: g.admin, id: promoted.id, rev: promoted.rev });
      expect(removed).toMatchObject({ ok: true, id: bobSub._id, rev: expect.stringMatching(/^\d+-/) });
      expect((await failure(h.rpc.call('accounts.membership.resolve', { user_id: bob.user_id, account_id: g.id }))).reason).toBe('You need a subscription to access this Group');
      expect((await h.rpc.call('accounts.roles.get', { user_id: bob.user_id, email: bob.email })).roles).toEqual([]);
      expect(await failure(h.rpc.call('accounts.doc.delete', { ctx: g.admin, id: carolSub._id, rev: 'stale' }))).toMatchObject({ error: 'conflict', status: 409 });
    });

    it('an administrator withdraws a pending invitation', async () => {
      const g = await group();
      const inv = await h.rpc.call('accounts.doc.post', { ctx: g.admin, doc: { klass: 'Subscription', email: 'later@example.com' } });
      await h.rpc.call('accounts.doc.delete', { ctx: g.admin, id: inv.id, rev: inv.rev });
      const { docs } = await h.rpc.call('accounts.doc.find', { ctx: g.admin, query: { selector: { klass: 'Subscription', status: 'pending' } } });
      expect(docs).toEqual([]);
    });
  });

  describe('bookmark', () => {
    it('bookmarks and unbookmarks one\'s own membership only', async () => {
      const g = await group();
      const bob = newUser();
      const sub = await join(g, bob);
      const on = await h.rpc.call('accounts.doc.update', { ctx: ctxOf(bob), design: 'bookmark', handler: 'true', id: sub._id });
      expect(on).toMatchObject({ ok: true, id: sub._id, doc: { bookmark: true } });
      expect((await h.rpc.call('accounts.roles.get', { user_id: bob.user_id })).memberships[0].bookmark).toBe(true);
      const again = await h.rpc.call('accounts.doc.update', { ctx: ctxOf(bob), design: 'bookmark', handler: 'true', id: sub._id });
      expect(again.rev).toBe(on.rev); // nothing to change
      const off = await h.rpc.call('accounts.doc.update', { ctx: member(g, bob), design: 'bookmark', handler: 'false', id: sub._id });
      expect(off.doc).toMatchObject({ bookmark: false });

      expect(await failure(h.rpc.call('accounts.doc.update', { ctx: ctxOf(bob), design: 'bookmark', handler: 'true', id: g.ownerSub }))).toEqual({
        error: 'forbidden',
        reason: 'You are not allowed to access this data',
        status: 403,
      });
      expect(await failure(h.rpc.call('accounts.doc.update', { ctx: ctxOf(bob), design: 'bookmark', handler: 'true', id: 'sub-nothing' }))).toEqual({
        error: 'subscription_not_found',
        reason: 'Could not find this Member subscription',
        status: 404,
      });
      expect((await failure(h.rpc.call('accounts.doc.update', { ctx: ctxOf(bob), design: 'bookmark', handler: 'maybe', id: sub._id }))).status).toBe(404);
      expect((await failure(h.rpc.call('accounts.doc.update', { ctx: ctxOf(bob), design: 'status', handler: 'accept', id: sub._id }))).status).toBe(404);
    });
  });
});
