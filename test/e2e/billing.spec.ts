import { checkoutCompleted, FAKE_PUBLISHABLE_KEY, FakeStripe } from '../../services/accounts/src/billing/testing/fake-stripe';
import { createGroup, eventually, signUp, Stack, startStack } from './harness';

// Plans and billing over HTTP: the prices, the payment configuration the web app reads, an embedded checkout for a
// paid plan with the real `stripe` client talking to a loopback fake of the provider's API, the signed webhook that
// confirms the plan, the 24-hour switch lock and a cancel that reaches the provider.

let stack: Stack;
const stripe = new FakeStripe();

beforeAll(async () => {
  await stripe.start();
  stack = await startStack('billing', stripe.env());
});
afterAll(async () => {
  await stack?.close();
  await stripe.stop();
  for (const key of Object.keys(stripe.env())) delete process.env[key];
});

it('an administrator picks a paid plan, pays in the embedded form, the webhook confirms it; switching then waits 24 hours', async () => {
  const anonymous = stack.browser();
  expect(await anonymous.get('/billing/config')).toMatchObject({ status: 200, body: { publishable_key: FAKE_PUBLISHABLE_KEY, livemode: false } });
  // the prices are public (the landing page shows them to visitors): the same answer as for a member
  const publicPrices = await anonymous.post('/prices/_find', { selector: { livemode: false }, sort: [{ unit_amount: 'asc' }] });
  expect(publicPrices.status).toBe(200);
  expect(publicPrices.body.docs.map((p: { _id: string }) => p._id)).toEqual(['prc-free-test', 'prc-pro-test', 'prc-corp-test']);

  const a = await signUp(stack, { confirm: true });
  const { id: acc } = await createGroup(a, 'Paying Shop');
  const prices = await a.browser.post('/prices/_find', { selector: { livemode: false }, sort: [{ unit_amount: 'asc' }] });
  expect(prices.status).toBe(200);
  expect(prices.body.docs.map((p: { _id: string; unit_amount: number }) => [p._id, p.unit_amount])).toEqual([
    ['prc-free-test', 0],
    ['prc-pro-test', 600],
    ['prc-corp-test', 1800],
  ]);

  // usage: counts and sizes per kind from the count-by-klass view
  const usage = await eventually(
    () => a.browser.get(`/${acc}/_design/count-by-klass/_view/all?group_level=1`),
    (r) => r.body.rows?.length === 2,
  );
  expect(usage.body.rows.map((r: { key: string; value: { count: number; size: number } }) => [r.key, r.value.count, r.value.size > 0])).toEqual([
    ['Account', 1, true],
    ['Subscription', 1, true],
  ]);

  // someone from outside the group can neither check out nor switch its plan
  const stranger = await signUp(stack, { confirm: true });
  for (const res of [
    await stranger.browser.post(`/${acc}/_checkout`, { price_id: 'prc-pro-test' }),
    await stranger.browser.put(`/${acc}/_design/subscription/_update/free/${acc}`),
    await stranger.browser.post(`/${a.id}/_checkout`, { price_id: 'prc-pro-test' }),
  ])
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden' } });

  // checkout needs the billing e-mail, then exactly one price
  expect(await a.browser.post(`/${acc}/_checkout`, { price_id: 'prc-pro-test' })).toMatchObject({
    status: 422,
    body: { error: 'unprocessable_entity', reason: { billing_email: 'is-invalid' } },
  });
  const account = await a.browser.get(`/accounts/${acc}`);
  expect((await a.browser.put(`/accounts/${acc}?rev=${account.body._rev}`, { billing_email: 'billing@paying.test' })).status).toBe(200);
  expect(await a.browser.post(`/${acc}/_checkout`, { price_id: 'prc-gone' })).toMatchObject({
    status: 404,
    body: { error: 'not_found', reason: 'We could not find any plan, please refresh the page' },
  });
  const checkout = await a.browser.post(`/${acc}/_checkout`, { price_id: 'prc-pro-test' });
  expect(checkout).toMatchObject({ status: 200, body: { livemode: false, price: { _id: 'prc-pro-test', group_plan: 'pro', unit_amount: 600 } } });
  expect(checkout.body.client_secret).toMatch(/_secret_/);
  expect((await a.browser.get(`/accounts/${acc}`)).body['confirmed-plan']).toBe('free');

  // the provider calls the webhook: a forged or unsigned call is refused, a signed one confirms the plan
  const event = checkoutCompleted(acc, 'prc-pro-test', checkout.body.customer_id);
  const webhook = (payload: string, signature?: string) =>
    stack.browser().post('/billing/webhook', undefined, { raw: payload, contentType: 'application/json; charset=utf-8', headers: signature ? { 'stripe-signature': signature } : {} });
  expect(await webhook(event.payload)).toMatchObject({ status: 400, body: { error: 'bad_request' } });
  expect(await webhook(event.payload.replace('"paid"', '"unpaid"'), event.signature)).toMatchObject({
    status: 400,
    body: { error: 'bad_request', reason: 'The webhook signature is invalid' },
  });
  expect(await webhook(event.payload, event.signature)).toMatchObject({ status: 200, body: { received: true, handled: true } });
  expect((await a.browser.get(`/accounts/${acc}`)).body['confirmed-plan']).toBe('pro');
  const settings = await a.browser.post(`/${acc}/_find`, { selector: { klass: 'AccountConfiguration', key: { $in: ['livemode', 'platform_customer_id', 'unconfirmed-plan'] } } });
  expect(Object.fromEntries(settings.body.docs.map((d: { key: string; value: unknown }) => [d.key, d.value]))).toEqual({
    livemode: false,
    platform_customer_id: checkout.body.customer_id,
  });

  // a plan switch locks switching for 24 hours
  const cancel = `/${acc}/_design/subscription/_update/cancel/${acc}`;
  expect(await a.browser.put(cancel)).toMatchObject({
    status: 429,
    body: { error: 'too_many_requests', reason: 'You can switch plans only once every 24 hours, please try again later' },
  });
  await stack.pool.query(
    `UPDATE accounts.documents SET body = jsonb_set(body, '{updated_at}', to_jsonb($2::text))
     WHERE account_id = $1 AND klass = 'AccountConfiguration' AND (body ->> 'key') = 'confirmed-plan'`,
    [acc, new Date(Date.now() - 25 * 3600_000).toISOString()],
  );
  const subscription = stripe.addSubscription(checkout.body.customer_id, { account_id: acc });
  expect(await a.browser.put(cancel)).toMatchObject({ status: 200, body: { ok: true, doc: { key: 'unconfirmed-plan', value: 'cancel' } } });
  expect(subscription.cancel_at_period_end).toBe(true);
  expect((await a.browser.put(`/${acc}/_design/subscription/_update/free/${acc}`)).status).toBe(429);
});
