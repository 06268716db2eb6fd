import { checkoutCompleted, FakeStripe } from '../../services/accounts/src/billing/testing/fake-stripe';
import { createGroup, signUp, Stack, startStack, User } from './harness';

// GET /accounts/{account_id} over HTTP answers spec §3's Account: name, billing_email, created_at, confirmed-plan,
// v7_plan, livemode and, for administrators only, the provider's price and customer ids; `fields` selects among them.
// The group pays for a plan through the real checkout and the signed webhook (a loopback fake of the provider).

let stack: Stack;
const stripe = new FakeStripe();

beforeAll(async () => {
  await stripe.start();
  stack = await startStack('account_fields', stripe.env());
});
afterAll(async () => {
  await stack?.close();
  await stripe.stop();
  for (const key of Object.keys(stripe.env())) delete process.env[key];
});

const PAYMENT_IDS = ['platform_price_id', 'platform_customer_id'];
const SPEC_FIELDS = ['_id', 'name', 'billing_email', 'created_at', 'v7_plan', 'livemode', 'confirmed-plan'];

describe('the fields of GET /accounts/{account_id}', () => {
  let admin: User;
  let member: User;
  let acc: string;

  beforeAll(async () => {
    admin = await signUp(stack, { confirm: true });
    member = await signUp(stack, { confirm: true });
    acc = (await createGroup(admin, 'Fields Shop')).id;
    const invitation = await admin.browser.post(`/${acc}`, { klass: 'Subscription', email: member.email });
    expect(invitation.status).toBe(201);
    expect((await member.browser.put(`/${acc}/_design/status/_update/accept/${invitation.body.id}`)).status).toBe(200);
  });

  it('a free group: the administrator gets every field, the payment ids null; a plain member gets no payment ids', async () => {
    const forAdmin = await admin.browser.get(`/accounts/${acc}`);
    expect(forAdmin.status).toBe(200);
    for (const key of SPEC_FIELDS) expect(forAdmin.body).toHaveProperty([key]);
    expect(forAdmin.body).toMatchObject({ name: 'Fields Shop', 'confirmed-plan': 'free', v7_plan: 'free', livemode: false, platform_price_id: null, platform_customer_id: null });

    const forMember = await member.browser.get(`/accounts/${acc}`);
    expect(forMember.status).toBe(200);
    for (const key of SPEC_FIELDS) expect(forMember.body).toHaveProperty([key]);
    for (const key of PAYMENT_IDS) expect(forMember.body).not.toHaveProperty([key]);
  });

  it('a paid group: the administrator sees the price and customer ids, a plain member the plan without them, with fields= or without', async () => {
    const account = await admin.browser.get(`/accounts/${acc}`);
    expect((await admin.browser.put(`/accounts/${acc}?rev=${account.body._rev}`, { billing_email: 'pay@fields.test' })).status).toBe(200);
    const checkout = await admin.browser.post(`/${acc}/_checkout`, { price_id: 'prc-pro-test' });
    expect(checkout.status).toBe(200);
    const event = checkoutCompleted(acc, 'prc-pro-test', checkout.body.customer_id);
    const webhook = await stack
      .browser()
      .post('/billing/webhook', undefined, { raw: event.payload, contentType: 'application/json', headers: { 'stripe-signature': event.signature } });
    expect(webhook).toMatchObject({ status: 200, body: { handled: true } });
    const customer = checkout.body.customer_id as string;

    expect((await admin.browser.get(`/accounts/${acc}`)).body).toMatchObject({
      'confirmed-plan': 'pro',
      v7_plan: 'pro',
      livemode: false,
      platform_price_id: 'price_pro_test',
      platform_customer_id: customer,
    });
    const forMember = (await member.browser.get(`/accounts/${acc}`)).body;
    expect(forMember).toMatchObject({ 'confirmed-plan': 'pro', v7_plan: 'pro', livemode: false });
    for (const key of PAYMENT_IDS) expect(forMember).not.toHaveProperty([key]);

    const fields = 'v7_plan,livemode,platform_price_id,platform_customer_id';
    expect(await admin.browser.get(`/accounts/${acc}?fields=${fields}`)).toMatchObject({
      status: 200,
      body: { _id: acc, v7_plan: 'pro', livemode: false, platform_price_id: 'price_pro_test', platform_customer_id: customer },
    });
    expect((await admin.browser.get(`/accounts/${acc}?fields=${fields}`)).body).not.toHaveProperty('name');
    const memberFields = await member.browser.get(`/accounts/${acc}?fields=${encodeURIComponent(JSON.stringify(fields.split(',')))}`);
    expect(memberFields).toMatchObject({ status: 200 });
    expect(memberFields.body).toEqual({ _id: acc, v7_plan: 'pro', livemode: false });

    // nor does the member read the customer id from the group's settings
    const settings = await member.browser.post(`/${acc}/_find`, { selector: { klass: 'AccountConfiguration' }, limit: 100 });
    expect(settings.status).toBe(200);
    expect(settings.text).not.toContain(customer);
    expect(settings.body.docs.map((d: { key: string }) => d.key)).toEqual(expect.arrayContaining(['livemode', 'confirmed-plan']));
  });
});
