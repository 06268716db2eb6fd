import type { CallerContext, Doc } from '@app/proto';
import { AccountsHarness, ctxOf, eventually, failure, newUser, setPlan, startAccountsWithStripe } from '../testing/accounts-harness';
import { checkoutCompleted, FAKE_PUBLISHABLE_KEY, FakeStripe, signedEvent } from './testing/fake-stripe';

// Plans and billing on the real NATS/Postgres, with the real `stripe` client talking to a loopback fake of the API:
// seeded prices, the free/cancel switches (admin only, 1,000-record rule, 24 h lock), embedded checkout and the webhook.
describe('billing', () => {
  let h: AccountsHarness;
  const stripe = new FakeStripe();

  beforeAll(async () => {
    h = await startAccountsWithStripe('billing', stripe);
  });

  afterAll(async () => {
    await h?.close();
  });

  async function group(opts: { billingEmail?: string } = {}) {
    const owner = newUser();
    const res = await h.rpc.call('accounts.account.create', { ctx: ctxOf(owner, null), name: 'Billing Shop' });
    const admin = ctxOf(owner, res.id, { admin: true });
    if (opts.billingEmail) await h.rpc.call('accounts.account.update', { ctx: admin, rev: res.rev, body: { billing_email: opts.billingEmail } });
    return { id: res.id, admin, member: ctxOf(newUser(), res.id) };
  }

  async function setting(ctx: CallerContext, key: string): Promise<Doc | undefined> {
    const { docs } = await h.rpc.call('accounts.doc.find', { ctx, query: { selector: { klass: 'AccountConfiguration', key } } });
    return docs[0];
  }

  const switchTo = (ctx: CallerContext, to: 'free' | 'cancel', id = ctx.db!) =>
    h.rpc.call('accounts.doc.update', { ctx, design: 'subscription', handler: to, id });

  /** Moves the last switch back in time, as if it happened `hours` ago. */
  async function backdate(accountId: string, key: string, hours: number) {
    const at = new Date(Date.now() - hours * 3600_000).toISOString();
    await h.pool.query(
      `UPDATE accounts.documents SET body = jsonb_set(body, '{updated_at}', to_jsonb($3::text))
       WHERE account_id = $1 AND klass = 'AccountConfiguration' AND (body ->> 'key') = $2 AND NOT deleted`,
      [accountId, key, at],
    );
  }

  it('seeds free, pro and corp prices for test and live; /prices/_find answers the active ones', async () => {
    const ctx = ctxOf(newUser(), null);
    const all = await h.rpc.call('accounts.prices.find', { ctx, query: { selector: {} } });
    expect(all.docs.map((d) => d._id).sort()).toEqual(['prc-corp-live', 'prc-corp-test', 'prc-free-live', 'prc-free-test', 'prc-pro-live', 'prc-pro-test']);
    const test = await h.rpc.call('accounts.prices.find', { ctx, query: { selector: { livemode: false }, sort: [{ unit_amount: 'asc' }] } });
    expect(test.docs.map((d) => [d.group_plan, d.unit_amount, d.platform_price_id, d.active])).toEqual([
      ['free', 0, null, true],
      ['pro', 600, 'price_pro_test', true],
      ['corp', 1800, 'price_corp_test', true],
    ]);
    // an inactive price is never answered, whatever the selector says
    await h.pool.query(`UPDATE accounts.documents SET body = jsonb_set(body, '{active}', 'false') WHERE account_id = 'prices' AND id = 'prc-corp-live'`);
    const active = await h.rpc.call('accounts.prices.find', { ctx, query: { selector: { livemode: true, active: false } } });
    expect(active.docs.map((d) => d._id).sort()).toEqual(['prc-free-live', 'prc-pro-live']);
    await h.pool.query(`UPDATE accounts.documents SET body = jsonb_set(body, '{active}', 'true') WHERE account_id = 'prices' AND id = 'prc-corp-live'`);
    expect(await h.rpc.call('accounts.billing.config', {})).toEqual({ publishable_key: FAKE_PUBLISHABLE_KEY, livemode: false });
    // a group's own _find reaches the same prices
    const g = await group();
    const inGroup = await h.rpc.call('accounts.doc.find', { ctx: g.member, query: { selector: { klass: 'PlanPrice', livemode: false } } });
    expect(inGroup.docs.map((d) => d._id).sort()).toEqual(['prc-corp-test', 'prc-free-test', 'prc-pro-test']);
  });

  it('switches to free: administrators only, recorded as unconfirmed-plan, then locked for 24 hours', async () => {
    const g = await group();
    expect((await failure(switchTo(g.member, 'free'))).status).toBe(403);
    expect((await failure(switchTo(g.admin, 'free', 'acc-someone-else'))).status).toBe(404);
    const res = await switchTo(g.admin, 'free');
    expect(res.doc).toMatchObject({ klass: 'AccountConfiguration', key: 'unconfirmed-plan', value: 'free' });
    expect(await failure(switchTo(g.admin, 'free'))).toEqual({
      error: 'too_many_requests',
      reason: 'You can switch plans only once every 24 hours, please try again later',
      status: 429,
    });
    await backdate(g.id, 'unconfirmed-plan', 25);
    expect((await switchTo(g.admin, 'free')).doc).toMatchObject({ value: 'free' });
  });

  it('refuses free above 1,000 records', async () => {
    const g = await group();
    // the creator's Account and Subscription are counted records (once the change feed has them)
    const total = async () => (await h.rpc.call('accounts.doc.view', { ctx: g.admin, design: 'count-by-klass', view: 'all', params: {} })).rows[0].value as { count: number };
    await eventually(total, (t) => t.count === 2);
    const tickets = (n: number) =>
      h.pool.query(
        `INSERT INTO accounts.counters (account_id, klass, count, size) VALUES ($1, 'Ticket', $2, 5000)
         ON CONFLICT (account_id, klass) DO UPDATE SET count = EXCLUDED.count`,
        [g.id, n],
      );
    await tickets(999);
    expect(await failure(switchTo(g.admin, 'free'))).toEqual({
      error: 'you_cannot_switch_to_free',
      reason: 'You can not switch to the free plan because you used more than 1,000 records',
      status: 422,
    });
    // exactly 1,000 is allowed; settings (AccountConfiguration) and phones are not records
    await tickets(998);
    expect((await total()).count).toBe(1000);
    expect((await switchTo(g.admin, 'free')).doc).toMatchObject({ value: 'free' });
  });

  it('cancels a paid plan at the provider and records the request', async () => {
    const g = await group();
    expect(await failure(switchTo(g.admin, 'cancel'))).toEqual({ error: 'unprocessable_entity', reason: 'There is no paid plan to cancel', status: 422 });
    // a paid group: its provider customer comes from a checkout, its plan as the webhook would set it
    const account = await h.rpc.call('accounts.account.get', { ctx: g.admin });
    await h.rpc.call('accounts.account.update', { ctx: g.admin, rev: account._rev, body: { billing_email: 'cancel@shop.test' } });
    const { customer_id } = await h.rpc.call('accounts.billing.checkout', { ctx: g.admin, price_id: 'prc-pro-test' });
    await setPlan(h.pool, g.id, 'pro');
    const sub = stripe.addSubscription(customer_id, { account_id: g.id });
    expect((await switchTo(g.member, 'cancel').catch((e) => e)).status).toBe(403);
    const res = await switchTo(g.admin, 'cancel');
    expect(res.doc).toMatchObject({ key: 'unconfirmed-plan', value: 'cancel' });
    expect(sub.cancel_at_period_end).toBe(true);
    expect((await setting(g.admin, 'confirmed-plan'))?.value).toBe('pro'); // until the provider says the subscription ended

    // the provider ends the subscription at the close of the period: the group is free again, the request done
    const ended = signedEvent('customer.subscription.deleted', { id: sub.id, object: 'subscription', customer: customer_id, metadata: { account_id: g.id } });
    expect(await h.rpc.call('accounts.billing.webhook', ended)).toEqual({ received: true, handled: true });
    expect((await setting(g.admin, 'confirmed-plan'))?.value).toBe('free');
    expect(await setting(g.admin, 'unconfirmed-plan')).toBeUndefined();
  });

  it('checks out a paid plan: billing e-mail required, one matching price, one provider customer', async () => {
    const g = await group();
    const checkout = (ctx: CallerContext, price_id: unknown) => h.rpc.call('accounts.billing.checkout', { ctx, price_id });
    expect(await failure(checkout(g.admin, 'prc-pro-test'))).toEqual({ error: 'unprocessable_entity', reason: { billing_email: 'is-invalid' }, status: 422 });
    const account = await h.rpc.call('accounts.account.get', { ctx: g.admin });
    await h.rpc.call('accounts.account.update', { ctx: g.admin, rev: account._rev, body: { billing_email: 'billing@shop.test' } });

    const noPlan = { error: 'not_found', reason: 'We could not find any plan, please refresh the page', status: 404 };
    expect(await failure(checkout(g.admin, 'prc-nothing'))).toEqual(noPlan);
    expect(await failure(checkout(g.admin, 'prc-free-test'))).toEqual(noPlan);
    expect(await failure(checkout(g.admin, 'prc-pro-live'))).toEqual(noPlan); // the provider's keys are test keys
    expect(await failure(checkout(g.admin, undefined))).toEqual(noPlan);
    expect((await failure(checkout(g.member, 'prc-pro-test'))).status).toBe(403);

    const before = stripe.callsTo('POST', '/v1/customers').length;
    const res = await checkout(g.admin, 'prc-pro-test');
    expect(res).toMatchObject({ livemode: false, price: { _id: 'prc-pro-test', group_plan: 'pro', unit_amount: 600 } });
    expect(res.client_secret).toMatch(/^cs_test_.+_secret_/);
    const [customerCall] = stripe.callsTo('POST', '/v1/customers').slice(before);
    expect(customerCall.params).toMatchObject({ email: 'billing@shop.test', name: 'Billing Shop', 'metadata[account_id]': g.id });
    const session = stripe.callsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.params).toMatchObject({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      customer: res.customer_id,
      'line_items[0][price]': 'price_pro_test',
      'line_items[0][quantity]': '1',
      'metadata[account_id]': g.id,
      'metadata[price_id]': 'prc-pro-test',
      client_reference_id: g.id,
      locale: 'en',
    });
    expect(session.params.return_url).toBe(`${h.publicUrl}/account/${g.id}/billing?checkout={CHECKOUT_SESSION_ID}`);
    expect((await setting(g.admin, 'unconfirmed-plan'))?.value).toBe('prc-pro-test');
    expect((await setting(g.admin, 'platform_customer_id'))?.value).toBe(res.customer_id);

    // an abandoned checkout does not lock: a second one reuses the customer
    const again = await checkout({ ...g.admin, locale: 'pt-BR' }, 'prc-corp-test');
    expect(again.customer_id).toBe(res.customer_id);
    expect(stripe.callsTo('POST', '/v1/customers').length).toBe(before + 1);
    expect(stripe.callsTo('POST', '/v1/checkout/sessions').at(-1)!.params).toMatchObject({ 'line_items[0][price]': 'price_corp_test', locale: 'pt-BR' });
  });

  it('confirms the plan from a signed checkout.session.completed and locks switching for 24 hours', async () => {
    const g = await group({ billingEmail: 'pay@shop.test' });
    const { customer_id } = await h.rpc.call('accounts.billing.checkout', { ctx: g.admin, price_id: 'prc-corp-test' });

    const forged = checkoutCompleted(g.id, 'prc-corp-test', customer_id);
    expect(await failure(h.rpc.call('accounts.billing.webhook', { ...forged, signature: forged.signature.replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`) }))).toEqual({
      error: 'bad_request',
      reason: 'The webhook signature is invalid',
      status: 400,
    });
    expect((await setting(g.admin, 'confirmed-plan'))?.value).toBe('free');

    expect(await h.rpc.call('accounts.billing.webhook', checkoutCompleted(g.id, 'prc-corp-test', customer_id))).toEqual({ received: true, handled: true });
    expect((await setting(g.admin, 'confirmed-plan'))?.value).toBe('corp');
    expect((await setting(g.admin, 'livemode'))?.value).toBe(false);
    expect((await setting(g.admin, 'platform_customer_id'))?.value).toBe(customer_id);
    expect(await setting(g.admin, 'unconfirmed-plan')).toBeUndefined();
    expect((await h.rpc.call('accounts.account.get', { ctx: g.member }))['confirmed-plan']).toBe('corp');

    // a redelivery changes nothing; an unpaid completion and other event types are received but not acted on
    const plan = await setting(g.admin, 'confirmed-plan');
    await h.rpc.call('accounts.billing.webhook', checkoutCompleted(g.id, 'prc-corp-test', customer_id));
    expect((await setting(g.admin, 'confirmed-plan'))?._rev).toBe(plan?._rev);
    expect(await h.rpc.call('accounts.billing.webhook', checkoutCompleted(g.id, 'prc-pro-test', customer_id, { payment_status: 'unpaid' }))).toEqual({ received: true, handled: false });
    expect(await h.rpc.call('accounts.billing.webhook', signedEvent('invoice.paid', { id: 'in_1', object: 'invoice' }))).toEqual({ received: true, handled: false });

    // the switch locks: no cancel, no new checkout for 24 hours
    const locked = { error: 'too_many_requests', reason: 'You can switch plans only once every 24 hours, please try again later', status: 429 };
    expect(await failure(switchTo(g.admin, 'cancel'))).toEqual(locked);
    expect(await failure(h.rpc.call('accounts.billing.checkout', { ctx: g.admin, price_id: 'prc-pro-test' }))).toEqual(locked);
    await backdate(g.id, 'confirmed-plan', 24.1);
    expect((await switchTo(g.admin, 'cancel')).doc).toMatchObject({ value: 'cancel' });
  });
});
