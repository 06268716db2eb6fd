import type { CallerContext } from '@app/proto';
import { AccountsHarness, ctxOf, failure, newUser, setPlan, startAccountsWithStripe } from '../testing/accounts-harness';
import { checkoutCompleted, FakeStripe } from '../billing/testing/fake-stripe';

// accounts.account.get over NATS: the Account with every field of spec §3 (plan, v7_plan, livemode, payment ids),
// the payment ids for administrators only, here and in the configuration; a paid plan through the real webhook.
describe('the Account answer', () => {
  let h: AccountsHarness;
  const stripe = new FakeStripe();

  beforeAll(async () => {
    h = await startAccountsWithStripe('account-answer', stripe);
  });

  afterAll(async () => {
    await h?.close();
  });

  /** A group with an administrator and a plain member (the member's context as the gateway's resolve gives it). */
  async function group(name = 'Answer Shop') {
    const owner = newUser();
    const res = await h.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name });
    const admin = ctxOf(owner, res.id, { admin: true });
    return { id: res.id, rev: res.rev, owner, admin, member: ctxOf(newUser(), res.id) };
  }

  /** Pays for `plan` as the provider would: a checkout, then its signed completion. */
  async function pay(admin: CallerContext, plan: 'pro' | 'corp'): Promise<string> {
    const account = await h.rpc.call('accounts.account.get', { ctx: admin });
    await h.rpc.call('accounts.account.update', { ctx: admin, rev: account._rev, body: { billing_email: 'pay@answer.test' } });
    const { customer_id } = await h.rpc.call('accounts.billing.checkout', { ctx: admin, price_id: `prc-${plan}-test` });
    expect(await h.rpc.call('accounts.billing.webhook', checkoutCompleted(admin.db!, `prc-${plan}-test`, customer_id))).toEqual({ received: true, handled: true });
    return customer_id;
  }

  const PAYMENT_IDS = ['platform_price_id', 'platform_customer_id'];

  it('a free group: every field of spec §3, the payment ids null for administrators and absent for plain members', async () => {
    const g = await group();
    const shown = await h.rpc.call('accounts.account.get', { ctx: g.admin });
    expect(shown).toEqual({
      _id: g.id,
      _rev: g.rev,
      klass: 'Account',
      name: 'Answer Shop',
      billing_email: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created_by: g.owner.user_id,
      'confirmed-plan': 'free',
      v7_plan: 'free',
      livemode: false,
      platform_price_id: null,
      platform_customer_id: null,
    });
    const { platform_price_id: _p, platform_customer_id: _c, ...forMembers } = shown;
    expect(await h.rpc.call('accounts.account.get', { ctx: g.member })).toEqual(forMembers);
    // the creation's answer is the administrator's
    const created = await h.rpc.call('accounts.account.create', { ctx: ctxOf(newUser(), null), name: 'Second' });
    expect(created.doc).toMatchObject({ v7_plan: 'free', livemode: false, platform_price_id: null, platform_customer_id: null });
  });

  it('a paid group: administrators get the provider price and customer ids, plain members the plan without them, with and without fields', async () => {
    const g = await group();
    const customer = await pay(g.admin, 'corp');
    expect(await h.rpc.call('accounts.account.get', { ctx: g.admin })).toMatchObject({
      'confirmed-plan': 'corp',
      v7_plan: 'corp',
      livemode: false,
      platform_price_id: 'price_corp_test',
      platform_customer_id: customer,
    });
    const forMember = await h.rpc.call('accounts.account.get', { ctx: g.member });
    expect(forMember).toMatchObject({ 'confirmed-plan': 'corp', v7_plan: 'corp', livemode: false, billing_email: 'p…@answer.test' });
    for (const key of PAYMENT_IDS) expect(forMember).not.toHaveProperty(key);

    const fields = ['v7_plan', 'livemode', 'platform_price_id', 'platform_customer_id', 'confirmed-plan'];
    // as every `fields` projection, with the _id
    expect(await h.rpc.call('accounts.account.get', { ctx: g.admin, fields })).toEqual({
      _id: g.id,
      v7_plan: 'corp',
      livemode: false,
      platform_price_id: 'price_corp_test',
      platform_customer_id: customer,
      'confirmed-plan': 'corp',
    });
    expect(await h.rpc.call('accounts.account.get', { ctx: g.member, fields })).toEqual({ _id: g.id, v7_plan: 'corp', livemode: false, 'confirmed-plan': 'corp' });
    expect(await h.rpc.call('accounts.account.get', { ctx: g.member, fields: ['platform_customer_id'] })).toEqual({ _id: g.id });
  });

  it('the document protocol answers the Account as accounts.account.get does: a get of its id and a find of klass Account', async () => {
    const g = await group();
    await pay(g.admin, 'pro');
    for (const ctx of [g.admin, g.member]) {
      const answered = await h.rpc.call('accounts.account.get', { ctx });
      expect(await h.rpc.call('accounts.doc.get', { ctx, id: g.id })).toEqual(answered);
      expect((await h.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'Account' } } })).docs).toEqual([answered]);
    }
    expect(await h.rpc.call('accounts.doc.get', { ctx: g.member, id: g.id, fields: ['v7_plan', 'platform_customer_id'] })).toEqual({ _id: g.id, v7_plan: 'pro' });
    expect((await h.rpc.call('accounts.doc.get', { ctx: g.admin, id: g.id })).platform_price_id).toBe('price_pro_test');
  });

  it("the customer id setting is for administrators only: a plain member's find leaves it out, a get is 404", async () => {
    const g = await group();
    const customer = await pay(g.admin, 'pro');
    const find = (ctx: CallerContext, selector: Record<string, unknown>) => h.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'AccountConfiguration', ...selector } } });
    const [setting] = (await find(g.admin, { key: 'platform_customer_id' })).docs;
    expect(setting).toMatchObject({ key: 'platform_customer_id', value: customer });
    expect((await find(g.member, { key: 'platform_customer_id' })).docs).toEqual([]);
    expect((await find(g.member, { value: customer })).docs).toEqual([]);
    expect((await find(g.member, {})).docs.map((d) => d.key)).not.toContain('platform_customer_id');
    expect((await find(g.member, { key: 'livemode' })).docs).toMatchObject([{ value: false }]);
    expect(await failure(h.rpc.call('accounts.doc.get', { ctx: g.member, id: setting._id }))).toEqual({ error: 'not_found', reason: 'missing', status: 404 });
    expect(await h.rpc.call('accounts.doc.get', { ctx: g.admin, id: setting._id })).toMatchObject({ value: customer });
  });

  it('a corporate sub-group shows its parent plan as v7_plan and pays nothing itself (no price id)', async () => {
    const g = await group('Corp parent');
    await setPlan(h.pool, g.id, 'corp');
    const child = await h.rpc.call('accounts.account.create', { ctx: ctxOf(g.owner, null), name: 'Child', parent_account_id: g.id });
    expect(await h.rpc.call('accounts.account.get', { ctx: ctxOf(g.owner, child.id, { admin: true }) })).toMatchObject({
      'confirmed-plan': 'corp',
      v7_plan: 'corp',
      livemode: false,
      platform_price_id: null,
      platform_customer_id: null,
    });
  });
});
